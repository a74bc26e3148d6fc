// Package silent holds Updates objectupdate must not report: each sends
// something a metadata patch would not, or something the pass cannot see,
// or a change the pass leaves to the Update by design.
package silent

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"objectupdate/api"
)

type Mutator interface {
	Mutate(obj client.Object)
}

type R struct {
	client.Client
	Scheme  *runtime.Scheme
	Mutator Mutator
	last    *corev1.Pod
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = r.specChange(ctx, req)
	_ = r.adoptWidget(ctx, req)
	_ = r.widgetFinalizer(ctx, req)
	_ = r.podFinalizer(ctx, req)
	_ = r.labelsAndFinalizer(ctx, req)
	_ = r.apiMethod(ctx, req)
	_ = r.interfaceMethod(ctx, req)
	_ = r.created(ctx, req)
	_ = r.statusWrite(ctx, req)
	_ = r.specHelper(ctx, req)
	_ = r.stored(ctx, req)
	_ = r.someLoads(ctx, req, true)
	_ = r.writtenBefore(ctx, req)
	_ = r.deferred(ctx, req)
	_ = r.statusCondition(ctx, req)
	_ = r.otherMetadata(ctx, req)
	_ = r.aliasedSpec(ctx, req)
	_ = r.loopAfter(ctx, req)
	_ = r.closureBefore(ctx, req)
	_ = r.nothingChanged(ctx, req)
	_ = r.param(ctx, &corev1.Pod{})
	_ = r.ownersRemoved(ctx, req)
	_ = r.ownersAppended(ctx, req)
	_ = r.restartDeployment(ctx, req)
	_ = r.twoCallers(ctx, req)
	_ = r.ExportedHelper(ctx, &corev1.Pod{})
	_ = r.asValue(ctx, req)
	return ctrl.Result{}, nil
}

// A spec change goes with the labels: the Update is what sends it.
func (r *R) specChange(ctx context.Context, req ctrl.Request) error {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return err
	}
	pod.Labels["example.com/moved"] = "true"
	pod.Spec.NodeName = "node-2"
	return r.Update(ctx, &pod)
}

// A custom resource adopted with SetControllerReference: a JSON merge
// patch would replace its owner references whole, and a custom resource
// takes no strategic merge patch.
func (r *R) adoptWidget(ctx context.Context, req ctrl.Request) error {
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return err
	}
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(owner, w, r.Scheme); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// Finalizers keep the Update's optimistic lock, on a custom resource ...
func (r *R) widgetFinalizer(ctx context.Context, req ctrl.Request) error {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(w, "example.com/cleanup") {
		return r.Update(ctx, w)
	}
	return nil
}

// ... and on a built-in kind, removed ...
func (r *R) podFinalizer(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if !pod.DeletionTimestamp.IsZero() && controllerutil.ContainsFinalizer(pod, "example.com/cleanup") {
		controllerutil.RemoveFinalizer(pod, "example.com/cleanup")
		return r.Update(ctx, pod)
	}
	return nil
}

// ... or written directly, with the labels.
func (r *R) labelsAndFinalizer(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/guarded"] = "true"
	pod.Finalizers = append(pod.Finalizers, "example.com/cleanup")
	return r.Update(ctx, pod)
}

// An API type's method changes what it likes: the change cannot be told.
func (r *R) apiMethod(ctx context.Context, req ctrl.Request) error {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Labels["example.com/defaulted"] = "true"
	w.Default()
	return r.Update(ctx, w)
}

// So does an interface method handed the object.
func (r *R) interfaceMethod(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/mutated"] = "true"
	r.Mutator.Mutate(pod)
	return r.Update(ctx, pod)
}

// Made in this reconcile: the Update follows the Create's answer.
func (r *R) created(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := r.Create(ctx, cm); err != nil {
		return err
	}
	cm.Labels = map[string]string{"example.com/created": "true"}
	return r.Update(ctx, cm)
}

// A status write is statusupdate's.
func (r *R) statusWrite(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/status"] = "true"
	return r.Status().Update(ctx, pod)
}

// A helper of the package that changes the spec.
func (r *R) specHelper(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/image"] = "v2"
	setImage(pod, "v2")
	return r.Update(ctx, pod)
}

func setImage(pod *corev1.Pod, image string) {
	for i := range pod.Spec.Containers {
		pod.Spec.Containers[i].Image = image
	}
}

// Stored in a field, the object may change anywhere.
func (r *R) stored(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	r.last = pod
	pod.Labels["example.com/stored"] = "true"
	return r.Update(ctx, pod)
}

// Loaded on some paths only: which copy to patch from is unclear.
func (r *R) someLoads(ctx context.Context, req ctrl.Request, again bool) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if again {
		if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
			return err
		}
	}
	pod.Labels["example.com/again"] = "true"
	return r.Update(ctx, pod)
}

// Last written with Update: the second Update starts from the answer.
func (r *R) writtenBefore(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Spec.NodeName = "node-3"
	if err := r.Update(ctx, pod); err != nil {
		return err
	}
	pod.Labels["example.com/moved"] = "true"
	return r.Update(ctx, pod)
}

// A deferred Update runs after whatever the function does later.
func (r *R) deferred(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/deferred"] = "true"
	defer r.Update(ctx, pod)
	return nil
}

// A status condition set before the Update.
func (r *R) statusCondition(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/condition"] = "true"
	meta.SetStatusCondition(&[]metav1.Condition{}, metav1.Condition{Type: "Ready"})
	pod.Status.Message = "labelled"
	return r.Update(ctx, pod)
}

// Other metadata than labels, annotations and owner references.
func (r *R) otherMetadata(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return err
	}
	cm.Labels["example.com/renamed"] = "true"
	cm.SetGenerateName("renamed-")
	return r.Update(ctx, cm)
}

// A local holding the spec's containers is written through.
func (r *R) aliasedSpec(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	containers := pod.Spec.Containers
	containers[0].Image = "v3"
	pod.Labels["example.com/aliased"] = "true"
	return r.Update(ctx, pod)
}

// In a loop, what follows the Update runs before its next pass.
func (r *R) loopAfter(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		pod.Labels["example.com/pass"] = "yes"
		if err := r.Update(ctx, pod); err != nil {
			return err
		}
		pod.Spec.NodeName = "node-4"
	}
	return nil
}

// A function literal made before the load may run in between.
func (r *R) closureBefore(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	move := func() { pod.Spec.NodeName = "node-5" }
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/closure"] = "true"
	move()
	return r.Update(ctx, pod)
}

// Nothing seen changes (the labels are only read, here, in a helper, and
// by another package's function, as authorino-operator's cleanup reads
// them): what the Update is for cannot be told.
func (r *R) nothingChanged(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if pod.Labels["example.com/skip"] != "" || countLabels(pod.Labels) > 3 || api.SelectorFor(pod.Labels) == "" {
		return nil
	}
	return r.Update(ctx, pod)
}

func countLabels(labels map[string]string) int {
	n := 0
	for range labels {
		n++
	}
	return n
}

// A parameter is loaded by the caller.
func (r *R) param(ctx context.Context, pod *corev1.Pod) error {
	pod.Labels["example.com/param"] = "true"
	return r.Update(ctx, pod)
}

// Not reachable from a reconcile.
func (r *R) unreachable(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.Labels["example.com/unreached"] = "true"
	return r.Update(ctx, pod)
}

// Owner references removed or replaced: the last one removed makes the
// strategic merge patch send null, dropping other writers' entries.
func (r *R) ownersRemoved(ctx context.Context, req ctrl.Request) error {
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return err
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if err := controllerutil.RemoveOwnerReference(owner, pod, r.Scheme); err != nil {
		return err
	}
	return r.Update(ctx, pod)
}

func (r *R) ownersAppended(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	pod.OwnerReferences = append(pod.OwnerReferences, metav1.OwnerReference{Name: "x"})
	return r.Update(ctx, pod)
}

// The pod template's annotations are the Deployment's spec (a restart):
// the Update sends a spec change.
func (r *R) restartDeployment(ctx context.Context, req ctrl.Request) error {
	deploy := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, deploy); err != nil {
		return err
	}
	if deploy.Spec.Template.Annotations == nil {
		deploy.Spec.Template.Annotations = map[string]string{}
	}
	deploy.Spec.Template.Annotations["example.com/restartedAt"] = "now"
	return r.Update(ctx, deploy)
}

// A helper whose callers differ: one of them changes the spec.
func (r *R) twoCallers(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if err := r.labelAndUpdate(ctx, pod); err != nil {
		return err
	}
	other := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, other); err != nil {
		return err
	}
	other.Spec.NodeName = "node-6"
	return r.labelAndUpdate(ctx, other)
}

func (r *R) labelAndUpdate(ctx context.Context, pod *corev1.Pod) error {
	pod.Labels["example.com/helper"] = "true"
	return r.Update(ctx, pod)
}

// An exported helper may be called from other packages, with objects out
// of sight.
func (r *R) ExportedHelper(ctx context.Context, pod *corev1.Pod) error { // want ExportedHelper:`changes param 1: pod is read or written through the client again \(in ExportedHelper\)`
	pod.Labels["example.com/exported"] = "true"
	return r.Update(ctx, pod)
}

// A helper used as a value may be called from anywhere.
func (r *R) asValue(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	update := r.labelForValue
	return update(ctx, pod)
}

func (r *R) labelForValue(ctx context.Context, pod *corev1.Pod) error {
	pod.Labels["example.com/value"] = "true"
	return r.Update(ctx, pod)
}
