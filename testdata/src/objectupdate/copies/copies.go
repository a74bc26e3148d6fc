// Package copies holds Updates of a copy of an object loaded with Get
// (DeepCopy into a new variable, DeepCopyInto), or of a List's item: what
// the Update sends is the loaded object with the changes made to it before
// the copy and to the copy since. Those that change only metadata are
// reported, the others are not.
package copies

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"objectupdate/api"
)

type ListenerReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile labels a copy of the listener Pod, whose status the kubelet
// writes: the loaded Pod is still as the API server sent it at the Update,
// so it is the patch's base.
func (r *ListenerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if loaded.Labels["example.com/listener"] == req.Name {
		return ctrl.Result{}, nil
	}
	pod := loaded.DeepCopy()
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels["example.com/listener"] = req.Name
	if err := r.Update(ctx, pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type AccountReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile annotates and adopts a copy of a ServiceAccount: owner
// references of a built-in kind, a strategic merge patch from the loaded
// object.
func (r *AccountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: owner.Name}, sa); err != nil {
		return ctrl.Result{}, err
	}
	updated := sa.DeepCopy()
	metav1.SetMetaDataAnnotation(&updated.ObjectMeta, "example.com/owner", owner.Name)
	if err := controllerutil.SetControllerReference(owner, updated, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, updated) // want `annotations and owner references changed and sent with Update; another writer of this ServiceAccount makes it fail with 409 Conflict: patch the metadata instead`
}

type ClaimReconciler struct {
	client.Client
}

// Reconcile labels a copy of a PVC loaded into a value, sets the loaded
// one's status before the Update, and writes that after it: the loaded
// PVC no longer holds what was loaded at the Update, so the base is a copy
// of the new one, taken where it is made.
func (r *ClaimReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pvc corev1.PersistentVolumeClaim
	if err := r.Get(ctx, req.NamespacedName, &pvc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	newPVC := pvc.DeepCopy()
	newPVC.Labels["example.com/bound-to"] = pvc.Spec.VolumeName
	pvc.Status.Phase = "Seen"
	if err := r.Update(ctx, newPVC); err != nil { // want `labels changed and sent with Update; another writer of this PersistentVolumeClaim makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &pvc)
}

type ClaimValueReconciler struct {
	client.Client
}

// Reconcile labels a copy of a PVC made from the loaded one, which is as
// loaded at the Update: the patch's base, as a pointer to the value.
func (r *ClaimValueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pvc corev1.PersistentVolumeClaim
	if err := r.Get(ctx, req.NamespacedName, &pvc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	newPVC := pvc.DeepCopy()
	newPVC.Labels["example.com/bound-to"] = pvc.Spec.VolumeName
	if err := r.Update(ctx, newPVC); err != nil { // want `labels changed and sent with Update; another writer of this PersistentVolumeClaim makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	pvc.Status.Phase = "Seen"
	return ctrl.Result{}, r.Status().Update(ctx, &pvc)
}

type VolumeReconciler struct {
	client.Client
}

// Reconcile labels a PV copied with DeepCopyInto, into a new object and
// into a value.
func (r *VolumeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	current := &corev1.PersistentVolume{}
	if err := r.Get(ctx, req.NamespacedName, current); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pv := &corev1.PersistentVolume{}
	current.DeepCopyInto(pv)
	metav1.SetMetaDataLabel(&pv.ObjectMeta, "example.com/zone", "a")
	if err := r.Update(ctx, pv); err != nil { // want `labels changed and sent with Update; another writer of this PersistentVolume makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}

	var other corev1.PersistentVolume
	if err := r.Get(ctx, client.ObjectKey{Name: req.Name + "-replica"}, &other); err != nil {
		return ctrl.Result{}, err
	}
	var copied corev1.PersistentVolume
	other.DeepCopyInto(&copied)
	delete(copied.Labels, "example.com/stale")
	return ctrl.Result{}, r.Update(ctx, &copied) // want `labels changed and sent with Update; another writer of this PersistentVolume makes it fail with 409 Conflict: patch the metadata instead`
}

type ChangedBeforeReconciler struct {
	client.Client
}

// Reconcile labels the loaded Secret, then annotates a copy of it: both
// changes are sent, and the base is a copy taken right after the load.
func (r *ChangedBeforeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret.Labels["example.com/seen"] = "true"
	annotated := secret.DeepCopy()
	annotated.Annotations["example.com/rotated"] = "now"
	return ctrl.Result{}, r.Update(ctx, annotated) // want `labels and annotations changed and sent with Update; another writer of this Secret makes it fail with 409 Conflict: patch the metadata instead`
}

type ConfigReconciler struct {
	client.Client
}

// Reconcile labels the loaded ConfigMap, a value, then annotates a copy
// made with DeepCopyObject: the base is a copy of the loaded one taken
// right after the load.
func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels["example.com/seen"] = "true"
	annotated := cm.DeepCopyObject().(*corev1.ConfigMap)
	annotated.Annotations["example.com/rotated"] = "now"
	return ctrl.Result{}, r.Update(ctx, annotated) // want `labels and annotations changed and sent with Update; another writer of this ConfigMap makes it fail with 409 Conflict: patch the metadata instead`
}

type ItemCopyReconciler struct {
	client.Client
}

// Reconcile labels a copy of each listed ConfigMap: the loop's variable is
// as listed, the base.
func (r *ItemCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, item := range list.Items {
		cm := item.DeepCopy()
		cm.Labels["example.com/indexed"] = "true"
		if err := r.Update(ctx, cm); err != nil { // want `labels changed and sent with Update; another writer of this ConfigMap makes it fail with 409 Conflict: patch the metadata instead`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

type RefreshedReconciler struct {
	client.Client
}

// Reconcile labels a copy of the Pod, then loads the original again to
// read its phase: the original then holds a later load than the copy was
// made from, so the base is a copy of the new one, taken where it is made.
func (r *RefreshedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := loaded.DeepCopy()
	pod.Labels["example.com/refreshed"] = "true"
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return ctrl.Result{}, err
	}
	if loaded.Status.Phase == corev1.PodRunning {
		return ctrl.Result{}, r.Update(ctx, pod) // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
	}
	return ctrl.Result{}, nil
}

type VarReconciler struct {
	client.Client
}

// Reconcile annotates a copy declared with var: the same as :=.
func (r *VarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	loaded := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var svc = loaded.DeepCopy()
	metav1.SetMetaDataAnnotation(&svc.ObjectMeta, "example.com/exposed", "true")
	return ctrl.Result{}, r.Update(ctx, svc) // want `annotations changed and sent with Update; another writer of this Service makes it fail with 409 Conflict: patch the metadata instead`
}

type HelperCopyReconciler struct {
	client.Client
}

// Reconcile hands the loaded ServiceAccount to a helper that labels a
// copy of it: the parameter is as loaded at the Update, the base.
func (r *HelperCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, req.NamespacedName, sa); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.ensureLabel(ctx, sa)
}

func (r *HelperCopyReconciler) ensureLabel(ctx context.Context, sa *corev1.ServiceAccount) error {
	if sa.Labels["example.com/managed"] == "true" {
		return nil
	}
	updated := sa.DeepCopy()
	metav1.SetMetaDataLabel(&updated.ObjectMeta, "example.com/managed", "true")
	return r.Update(ctx, updated) // want `labels changed and sent with Update; another writer of this ServiceAccount makes it fail with 409 Conflict: patch the metadata instead`
}

// The quiet ones: each is the shape of a reported one above, changed.
type QuietReconciler struct {
	client.Client
	Scheme *runtime.Scheme
	cached *corev1.Pod
}

func (r *QuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = r.specChange(ctx, req)
	_ = r.statusChange(ctx, req)
	_ = r.finalizer(ctx, req)
	_ = r.customOwner(ctx, req)
	_ = r.notLoaded(ctx)
	_ = r.sourceSpec(ctx, req)
	_ = r.copyStored(ctx, req)
	_ = r.reloaded(ctx, req)
	_ = r.intoChanged(ctx, req)
	_ = r.assignedCopy(ctx, req)
	return ctrl.Result{}, nil
}

// The copy is assigned on some paths only: which object pod holds at the
// Update is not one load's.
func (r *QuietReconciler) assignedCopy(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	pod := &corev1.Pod{}
	if loaded.Spec.NodeName != "" {
		pod = loaded.DeepCopy()
	}
	pod.Labels["example.com/assigned"] = "true"
	return r.Update(ctx, pod)
}

// The copy's spec changes too.
func (r *QuietReconciler) specChange(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	pod := loaded.DeepCopy()
	pod.Labels["example.com/moved"] = "true"
	pod.Spec.NodeName = "node-2"
	return r.Update(ctx, pod)
}

// The copy's status changes: not metadata.
func (r *QuietReconciler) statusChange(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	pvc := loaded.DeepCopy()
	pvc.Labels["example.com/phase"] = "bound"
	pvc.Status.Phase = "Bound"
	return r.Update(ctx, pvc)
}

// A finalizer is added to the copy: left to the Update's lock.
func (r *QuietReconciler) finalizer(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.ServiceAccount{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	sa := loaded.DeepCopy()
	sa.Labels["example.com/guarded"] = "true"
	controllerutil.AddFinalizer(sa, "example.com/cleanup")
	return r.Update(ctx, sa)
}

// A custom resource's copy adopted: a merge patch would replace its owner
// references whole.
func (r *QuietReconciler) customOwner(ctx context.Context, req ctrl.Request) error {
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return err
	}
	loaded := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	w := loaded.DeepCopy()
	if err := controllerutil.SetControllerReference(owner, w, r.Scheme); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// A copy of an object the reconcile did not load: the reconciler's own.
func (r *QuietReconciler) notLoaded(ctx context.Context) error {
	pod := r.cached.DeepCopy()
	pod.Labels["example.com/cached"] = "true"
	return r.Update(ctx, pod)
}

// The loaded object's spec changes before the copy: the copy carries it.
func (r *QuietReconciler) sourceSpec(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.PersistentVolume{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	loaded.Spec.PersistentVolumeReclaimPolicy = "Retain"
	pv := loaded.DeepCopy()
	pv.Labels["example.com/retained"] = "true"
	return r.Update(ctx, pv)
}

// The copy is kept in a field: it may change anywhere.
func (r *QuietReconciler) copyStored(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	pod := loaded.DeepCopy()
	r.cached = pod
	pod.Labels["example.com/stored"] = "true"
	return r.Update(ctx, pod)
}

// The copy is loaded again on some paths: which copy to patch from is
// unclear.
func (r *QuietReconciler) reloaded(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	pod := loaded.DeepCopy()
	if pod.Labels == nil {
		if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
			return err
		}
	}
	pod.Labels["example.com/again"] = "true"
	return r.Update(ctx, pod)
}

// The object copied into had its spec set before, and is changed after the
// copy: DeepCopyInto replaces it whole, but the spec change after is sent.
func (r *QuietReconciler) intoChanged(ctx context.Context, req ctrl.Request) error {
	loaded := &corev1.PersistentVolume{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return err
	}
	pv := &corev1.PersistentVolume{}
	loaded.DeepCopyInto(pv)
	pv.Labels["example.com/zone"] = "b"
	pv.Spec.StorageClassName = "fast"
	return r.Update(ctx, pv)
}

type AssignedReconciler struct {
	client.Client
}

// Reconcile labels a copy assigned to a variable declared before it, on
// every path: the copy of the loaded Pod, as with :=.
func (r *AssignedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	loaded := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, loaded); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pod *corev1.Pod
	pod = loaded.DeepCopy()
	pod.Labels["example.com/assigned"] = "true"
	return ctrl.Result{}, r.Update(ctx, pod) // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}
