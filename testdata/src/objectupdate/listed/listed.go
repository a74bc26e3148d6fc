// Package listed holds Updates of Pods that the reconcile hands to a helper
// (a function literal bound to a local, or a method) from a Get and from
// the items of a List, and of list items updated in the loop itself: the
// Pod is loaded where the helper is called, and changed in the helper.
// Those that change only metadata are reported, the others are not.
package listed

import (
	"context"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"objectupdate/api"
)

// managedLabels lists, on each Pod, the labels its template put there.
const managedLabels = "example.com/managed-labels"

type RunnerReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile brings the RunnerSet's Pods in line with its template: the
// leader Pod, loaded with Get, and the others, from a List, each through
// the same function literal, which adopts an unowned Pod and copies the
// template's metadata onto it. Only metadata and an owner reference of a
// built-in kind change, and the kubelet writes the Pods' status: reported,
// with a strategic merge patch from a copy taken where the literal starts
// (every call hands over a Pod as it was loaded).
func (r *RunnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	set := &api.RunnerSet{}
	if err := r.Get(ctx, req.NamespacedName, set); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	reconcileExisting := func(pod *corev1.Pod) (*corev1.Pod, error) {
		if metav1.GetControllerOf(pod) == nil {
			if err := ctrl.SetControllerReference(set, pod, r.Scheme); err != nil {
				return nil, err
			}
		}
		updated := r.syncTemplateMetadata(set, pod)
		if updated {
			if err := r.Update(ctx, pod); err != nil { // want `labels, annotations and owner references changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
				return nil, err
			}
		}
		return pod, nil
	}

	leader := &corev1.Pod{}
	err := r.Get(ctx, client.ObjectKey{Namespace: set.Namespace, Name: set.Name + "-leader"}, leader)
	switch {
	case apierrors.IsNotFound(err):
	case err != nil:
		return ctrl.Result{}, err
	default:
		if _, err := reconcileExisting(leader); err != nil {
			return ctrl.Result{}, err
		}
	}

	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(set.Namespace), client.MatchingLabels(set.Spec.Selector)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if _, err := reconcileExisting(&pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// syncTemplateMetadata copies the template's labels and annotations onto
// the Pod, removes the labels it put there before that the template no
// longer has, and reports whether it changed anything.
func (r *RunnerReconciler) syncTemplateMetadata(set *api.RunnerSet, pod *corev1.Pod) bool {
	changed := false
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	if pod.Annotations == nil {
		pod.Annotations = map[string]string{}
	}
	for k, v := range set.Spec.Template.Labels {
		if pod.Labels[k] != v {
			pod.Labels[k] = v
			changed = true
		}
	}
	for k, v := range set.Spec.Template.Annotations {
		if pod.Annotations[k] != v {
			pod.Annotations[k] = v
			changed = true
		}
	}
	for k := range strings.SplitSeq(pod.Annotations[managedLabels], ",") {
		if _, ok := set.Spec.Template.Labels[k]; !ok && k != "" {
			delete(pod.Labels, k)
			changed = true
		}
	}
	keys := make([]string, 0, len(set.Spec.Template.Labels))
	for k := range set.Spec.Template.Labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if joined := strings.Join(keys, ","); pod.Annotations[managedLabels] != joined {
		pod.Annotations[managedLabels] = joined
		changed = true
	}
	return changed
}

type MethodReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile hands each Pod to a method: the Get's, and the List's items as
// the loop's variable. The method adopts and labels it: reported in the
// method, with the copy taken where it starts.
func (r *MethodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	set := &api.RunnerSet{}
	if err := r.Get(ctx, req.NamespacedName, set); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var leader corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &leader); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.adopt(ctx, set, &leader); err != nil {
		return ctrl.Result{}, err
	}
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, pod := range pods.Items {
		if err := r.adopt(ctx, set, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *MethodReconciler) adopt(ctx context.Context, set *api.RunnerSet, pod *corev1.Pod) error {
	if err := controllerutil.SetControllerReference(set, pod, r.Scheme); err != nil {
		return err
	}
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/set", set.Name)
	return r.Update(ctx, pod) // want `labels and owner references changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}

type ChangedFirstReconciler struct {
	client.Client
}

// Reconcile labels each listed Pod before it hands it to the literal,
// which annotates and updates it: reported, but the copy belongs before
// the caller's change, so no fix is offered and the message says where.
func (r *ChangedFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	annotate := func(pod *corev1.Pod) error {
		metav1.SetMetaDataAnnotation(&pod.ObjectMeta, "example.com/seen", "true")
		return r.Update(ctx, pod) // want `labels and annotations changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: pod is a parameter, changed by \(\*ChangedFirstReconciler\)\.Reconcile after its load; snapshot it there and patch with client\.MergeFrom\)`
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		pods.Items[i].Labels["example.com/listed"] = "true"
		if err := annotate(&pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

type ChangedThroughReconciler struct {
	client.Client
}

// Reconcile labels each listed ConfigMap through the range variable, then
// hands it to the literal through a pointer to the item, as changed: no
// fix, as above.
func (r *ChangedThroughReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	annotate := func(cm *corev1.ConfigMap) error {
		cm.Annotations["example.com/seen"] = "true"
		return r.Update(ctx, cm) // want `labels and annotations changed and sent with Update; another writer of this ConfigMap makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: cm is a parameter, changed by \(\*ChangedThroughReconciler\)\.Reconcile after its load; snapshot it there and patch with client\.MergeFrom\)`
	}
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms); err != nil {
		return ctrl.Result{}, err
	}
	for _, cm := range cms.Items {
		cm.Labels["example.com/listed"] = "true"
	}
	for i := range cms.Items {
		if err := annotate(&cms.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

type ItemReconciler struct {
	client.Client
}

// Reconcile labels the List's items in the loop itself, through a pointer
// to each and through the loop's variable: the copy goes after the pointer
// is taken, or where the loop's body starts; changed and updated as
// pods.Items[i], an item has no variable to copy, and no fix is offered.
func (r *ItemReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var claims corev1.PersistentVolumeClaimList
	if err := r.List(ctx, &claims, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range claims.Items {
		pvc := &claims.Items[i]
		if pvc.Labels["example.com/tier"] == "fast" {
			continue
		}
		metav1.SetMetaDataLabel(&pvc.ObjectMeta, "example.com/tier", "fast")
		if err := r.Update(ctx, pvc); err != nil { // want `labels changed and sent with Update; another writer of this PersistentVolumeClaim makes it fail with 409 Conflict: patch the metadata instead`
			return ctrl.Result{}, err
		}
	}
	var secrets corev1.SecretList
	if err := r.List(ctx, &secrets); err != nil {
		return ctrl.Result{}, err
	}
	for i := range secrets.Items {
		metav1.SetMetaDataAnnotation(&secrets.Items[i].ObjectMeta, "example.com/indexed", "true")
		if err := r.Update(ctx, &secrets.Items[i]); err != nil { // want `annotations changed and sent with Update; another writer of this Secret makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: the object is an item of secrets; copy it before it is changed and patch from the copy\)`
			return ctrl.Result{}, err
		}
	}
	var accounts corev1.ServiceAccountList
	if err := r.List(ctx, &accounts); err != nil {
		return ctrl.Result{}, err
	}
	for _, sa := range accounts.Items {
		if sa.Annotations == nil {
			sa.Annotations = map[string]string{}
		}
		sa.Annotations["example.com/audited"] = "true"
		if err := r.Update(ctx, &sa); err != nil { // want `annotations changed and sent with Update; another writer of this ServiceAccount makes it fail with 409 Conflict: patch the metadata instead`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// The quiet ones: each is the shape of a reported one above, changed.
type QuietReconciler struct {
	client.Client
	Scheme  *runtime.Scheme
	pending []corev1.Pod
}

func (r *QuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	set := &api.RunnerSet{}
	if err := r.Get(ctx, req.NamespacedName, set); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = r.specChange(ctx, req)
	_ = r.finalizer(ctx, req)
	_ = r.statusChange(ctx, req)
	_ = r.madeHere(ctx, req)
	_ = r.asValue(ctx, req)
	_ = r.reassigned(ctx, req)
	_ = r.notListed(ctx)
	_ = r.changedInLoop(ctx, req)
	_ = r.someLists(ctx, set)
	_ = r.customOwner(ctx, set)
	_ = r.inGoroutine(ctx, req)
	return ctrl.Result{}, nil
}

// The literal runs in a goroutine: the caller may change the Pod
// meanwhile.
func (r *QuietReconciler) inGoroutine(ctx context.Context, req ctrl.Request) error {
	label := func(pod *corev1.Pod) {
		pod.Labels["example.com/async"] = "true"
		_ = r.Update(ctx, pod)
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	go label(pod)
	pod.Spec.NodeName = "node-4"
	return nil
}

// The literal moves the Pod to another node: the Update sends a spec
// change.
func (r *QuietReconciler) specChange(ctx context.Context, req ctrl.Request) error {
	moveAndLabel := func(pod *corev1.Pod) error {
		pod.Labels["example.com/moved"] = "true"
		pod.Spec.NodeName = "node-2"
		return r.Update(ctx, pod)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	for i := range pods.Items {
		_ = moveAndLabel(&pods.Items[i])
	}
	return nil
}

// It adds a finalizer: left to the Update's lock.
func (r *QuietReconciler) finalizer(ctx context.Context, req ctrl.Request) error {
	guard := func(pod *corev1.Pod) error {
		pod.Labels["example.com/guarded"] = "true"
		controllerutil.AddFinalizer(pod, "example.com/cleanup")
		return r.Update(ctx, pod)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	for i := range pods.Items {
		_ = guard(&pods.Items[i])
	}
	return nil
}

// It writes the status: not metadata.
func (r *QuietReconciler) statusChange(ctx context.Context, req ctrl.Request) error {
	markStatus := func(pod *corev1.Pod) error {
		pod.Labels["example.com/marked"] = "true"
		pod.Status.Message = "marked"
		return r.Update(ctx, pod)
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	return markStatus(pod)
}

// One caller hands over a Pod it made, not one it loaded.
func (r *QuietReconciler) madeHere(ctx context.Context, req ctrl.Request) error {
	labelAny := func(pod *corev1.Pod) error {
		pod.Labels["example.com/any"] = "true"
		return r.Update(ctx, pod)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	for i := range pods.Items {
		_ = labelAny(&pods.Items[i])
	}
	return labelAny(&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "made"}})
}

// The literal is used as a value too: some of its calls are not in sight.
func (r *QuietReconciler) asValue(ctx context.Context, req ctrl.Request) error {
	labelEach := func(pod *corev1.Pod) error {
		pod.Labels["example.com/each"] = "true"
		return r.Update(ctx, pod)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	_ = labelEach(&pods.Items[0])
	return forEach(pods.Items, labelEach)
}

// The variable is given another function: which one a call runs cannot be
// told.
func (r *QuietReconciler) reassigned(ctx context.Context, req ctrl.Request) error {
	relabel := func(pod *corev1.Pod) error {
		pod.Labels["example.com/relabel"] = "true"
		return r.Update(ctx, pod)
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if err := relabel(pod); err != nil {
		return err
	}
	relabel = func(pod *corev1.Pod) error { return nil }
	return relabel(nil)
}

// Items of a list this reconcile did not load: the reconciler's own.
func (r *QuietReconciler) notListed(ctx context.Context) error {
	for i := range r.pending {
		pod := &r.pending[i]
		pod.Labels["example.com/pending"] = "true"
		if err := r.Update(ctx, pod); err != nil {
			return err
		}
	}
	return nil
}

// The list's items are changed elsewhere in the loop: the next item's
// spec, before its own turn comes.
func (r *QuietReconciler) changedInLoop(ctx context.Context, req ctrl.Request) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	for i := range pods.Items {
		pod := &pods.Items[i]
		pod.Labels["example.com/next"] = "true"
		if err := r.Update(ctx, pod); err != nil {
			return err
		}
		if i+1 < len(pods.Items) {
			pods.Items[i+1].Spec.NodeName = "node-3"
		}
	}
	return nil
}

// Listed on some paths only.
func (r *QuietReconciler) someLists(ctx context.Context, set *api.RunnerSet) error {
	var claims corev1.PersistentVolumeClaimList
	if set.Spec.Selector != nil {
		if err := r.List(ctx, &claims); err != nil {
			return err
		}
	}
	for _, pvc := range claims.Items {
		pvc.Labels["example.com/claimed"] = "true"
		if err := r.Update(ctx, &pvc); err != nil {
			return err
		}
	}
	return nil
}

// A custom resource adopted in a helper handed the List's items: a merge
// patch would replace its owner references whole.
func (r *QuietReconciler) customOwner(ctx context.Context, set *api.RunnerSet) error {
	var sets api.RunnerSetList
	if err := r.List(ctx, &sets); err != nil {
		return err
	}
	for i := range sets.Items {
		if err := r.adoptSet(ctx, set, &sets.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

func (r *QuietReconciler) adoptSet(ctx context.Context, owner, child *api.RunnerSet) error {
	if err := controllerutil.SetControllerReference(owner, child, r.Scheme); err != nil {
		return err
	}
	return r.Update(ctx, child)
}

func forEach(pods []corev1.Pod, f func(*corev1.Pod) error) error {
	for i := range pods {
		if err := f(&pods[i]); err != nil {
			return err
		}
	}
	return nil
}

// ReadyReconciler keeps the running Pods of a List in a slice of its own
// and takes a label off each (percona-xtradb-cluster-operator's replica
// labels): each element is a copy of a listed item, so the label change
// alone is sent. A slice that also holds a Pod made here says nothing of
// where its elements come from.
type ReadyReconciler struct {
	client.Client
}

func (r *ReadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list corev1.PodList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	ready := make([]corev1.Pod, 0)
	for _, pod := range list.Items {
		if pod.Status.Phase == corev1.PodRunning {
			ready = append(ready, pod)
		}
	}
	if len(ready) == 0 {
		return ctrl.Result{}, nil
	}
	for _, pod := range ready {
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead$`
			return ctrl.Result{}, err
		}
	}
	var mixed []corev1.Pod
	for _, pod := range list.Items {
		mixed = append(mixed, pod)
	}
	mixed = append(mixed, corev1.Pod{})
	for _, pod := range mixed {
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// LabelledFirstReconciler labels every listed Pod in one loop and takes
// another label off each in a second: reported, but a copy at the top of
// the second loop already holds the first loop's label, which a patch
// from it would not send. No fix.
type LabelledFirstReconciler struct {
	client.Client
}

func (r *LabelledFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		pods.Items[i].Labels["example.com/seen"] = "true"
	}
	for _, pod := range pods.Items {
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: the items of pods are changed after the List, before the item is taken; copy the list right after the List and patch from its item\)$`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// ReplicaReconciler is percona-xtradb-cluster-operator's replica labelling
// in full: the slice of running Pods is also searched for the primary,
// whose pointer is kept after that loop, handed to a helper that only
// reads the Pods, and to one that takes the label off each on a path that
// returns. Its elements are still copies of the listed items, changed in
// their labels alone before each Update: reported, the others with a patch
// from a copy at the top of their loop, the primary with one from a copy
// after the loop that finds it. The others' Updates before the primary's
// write other objects: the client's answer fills only their own maps.
type ReplicaReconciler struct {
	client.Client
}

func (r *ReplicaReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list corev1.PodList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	ready := make([]corev1.Pod, 0)
	for _, pod := range list.Items {
		if pod.Status.Phase == corev1.PodRunning {
			ready = append(ready, pod)
		}
	}
	var primary *corev1.Pod
	for _, pod := range ready {
		if pod.Name == req.Name {
			primary = &pod
			break
		}
	}
	if primary == nil {
		return ctrl.Result{}, nil
	}
	if err := reachable(ready); err != nil {
		return ctrl.Result{}, err
	}
	if req.Namespace == "" {
		return ctrl.Result{}, dropReplicaLabels(ctx, r.Client, ready)
	}
	for _, pod := range ready {
		if pod.Name == primary.Name {
			continue
		}
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead$`
			return ctrl.Result{}, err
		}
	}
	if _, ok := primary.Labels["example.com/replica"]; !ok {
		primary.Labels["example.com/replica"] = "true"
		if err := r.Update(ctx, primary); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead$`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// reachable only reads the Pods it is handed.
func reachable(pods []corev1.Pod) error {
	for _, pod := range pods {
		if pod.Status.PodIP == "" {
			return context.Canceled
		}
	}
	return nil
}

// dropReplicaLabels takes the label off each Pod it is handed, the
// running Pods of its one caller's List: reported in the helper, with a
// patch from a copy at the top of its loop.
func dropReplicaLabels(ctx context.Context, c client.Client, pods []corev1.Pod) error {
	for _, pod := range pods {
		delete(pod.Labels, "example.com/replica")
		if err := c.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead$`
			return err
		}
	}
	return nil
}

// ImagedReplicaReconciler hands the slice to a helper that sets an image
// in each Pod's containers, which the copies share with the listed items,
// before the loop and before another helper's: whatever each Update sends,
// it is not the labels alone. Not reported.
type ImagedReplicaReconciler struct {
	client.Client
}

func (r *ImagedReplicaReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list corev1.PodList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	ready := make([]corev1.Pod, 0)
	for _, pod := range list.Items {
		ready = append(ready, pod)
	}
	if req.Name == "" {
		setImages(ready)
	}
	for _, pod := range ready {
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, relabel(ctx, r.Client, ready)
}

// relabel is handed the Pods whose images its caller set: not reported.
func relabel(ctx context.Context, c client.Client, pods []corev1.Pod) error {
	for _, pod := range pods {
		pod.Labels["example.com/relabelled"] = "true"
		if err := c.Update(ctx, &pod); err != nil {
			return err
		}
	}
	return nil
}

// PrimaryImageReconciler changes the primary's image through a pointer
// to a copy in the slice, which shares its containers with the other
// copies' items: not reported.
type PrimaryImageReconciler struct {
	client.Client
}

func (r *PrimaryImageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list corev1.PodList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	ready := make([]corev1.Pod, 0)
	for _, pod := range list.Items {
		ready = append(ready, pod)
	}
	var primary *corev1.Pod
	for _, pod := range ready {
		if pod.Name == req.Name {
			primary = &pod
		}
	}
	if primary != nil {
		primary.Spec.Containers[0].Image = "example.com/primary"
	}
	for _, pod := range ready {
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// setImages changes the containers every Pod shares with the items it was
// copied from.
func setImages(pods []corev1.Pod) {
	for _, pod := range pods {
		pod.Spec.Containers[0].Image = "example.com/image"
	}
}

// RelabelledReconciler takes a label off every listed Pod on each of two
// passes, and between them labels every Pod again: on the second pass a
// copy at the top of the inner loop already holds that label, which a
// patch from it would not send. Reported, no fix.
type RelabelledReconciler struct {
	client.Client
}

func (r *RelabelledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for range 2 {
		for _, pod := range pods.Items {
			delete(pod.Labels, "example.com/replica")
			if err := r.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: the items of pods are changed after the List, before the item is taken; copy the list right after the List and patch from its item\)$`
				return ctrl.Result{}, err
			}
		}
		for i := range pods.Items {
			pods.Items[i].Labels["example.com/relabelled"] = "true"
		}
	}
	return ctrl.Result{}, nil
}

// SamePassReconciler labels each Pod through the list, then takes a
// pointer to it in the same pass: a copy taken there already holds that
// label. Reported, no fix.
type SamePassReconciler struct {
	client.Client
}

func (r *SamePassReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		pods.Items[i].Labels["example.com/seen"] = "true"
		pod := &pods.Items[i]
		delete(pod.Labels, "example.com/replica")
		if err := r.Update(ctx, pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: the items of pods are changed after the List, before the item is taken; copy the list right after the List and patch from its item\)$`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
