// Package nilpath holds Updates of objects loaded with Get that some paths
// set to nil afterwards (a Pod that was not found is dropped, and made
// anew later): a path that carries nil carries no object, as an Update
// (or a helper's) of nil writes nothing, so the object that reaches the
// Update is the one loaded, whether or not a nil check guards the call.
// Those are reported; a path that gives the variable another object, or
// a branch that may leave with the object before dropping it, keeps the
// pass quiet. Also: what the if statement that loads the object does to
// it in its branches counts.
package nilpath

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"objectupdate/api"
)

type SandboxReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *SandboxReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	set := &api.RunnerSet{}
	if err := r.Get(ctx, req.NamespacedName, set); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_, err := r.reconcilePod(ctx, set)
	return ctrl.Result{}, err
}

// ownership says who controls obj: nobody (0), the set (1) or another (2).
func ownership(obj client.Object, set *api.RunnerSet) int {
	ref := metav1.GetControllerOf(obj)
	switch {
	case ref == nil:
		return 0
	case ref.UID == set.UID:
		return 1
	}
	return 2
}

// reconcilePod loads the set's Pod and drops it (pod = nil) when it is not
// found; the literal adopts an existing Pod and copies the template's
// labels onto it, and is called with the loaded Pod (under pod != nil)
// and, when a Create finds the Pod already there, with one loaded just
// before. Every call hands over a Pod as loaded: reported, the copy taken
// where the literal starts.
func (r *SandboxReconciler) reconcilePod(ctx context.Context, set *api.RunnerSet) (*corev1.Pod, error) {
	key := client.ObjectKey{Namespace: set.Namespace, Name: set.Name}
	pod := &corev1.Pod{}
	err := r.Get(ctx, key, pod)
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return nil, err
		}
		pod = nil
	}

	reconcileExisting := func(pod *corev1.Pod) (*corev1.Pod, error) {
		switch ownership(pod, set) {
		case 2:
			return nil, fmt.Errorf("pod %s is controlled by another owner", pod.Name)
		case 0:
			if err := ctrl.SetControllerReference(set, pod, r.Scheme); err != nil {
				return nil, err
			}
		case 1:
		}
		if r.syncLabels(pod, set) {
			if err := r.Update(ctx, pod); err != nil { // want `labels and owner references changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
				return nil, err
			}
		}
		return pod, nil
	}

	if pod != nil {
		return reconcileExisting(pod)
	}
	pod = &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: set.Namespace, Name: set.Name}}
	if err := r.Create(ctx, pod); err != nil {
		if apierrors.IsAlreadyExists(err) {
			existing := &corev1.Pod{}
			if err := r.Get(ctx, key, existing); err != nil {
				return nil, err
			}
			return reconcileExisting(existing)
		}
		return nil, err
	}
	return pod, nil
}

// syncLabels copies the template's labels onto the Pod and reports
// whether it changed any.
func (r *SandboxReconciler) syncLabels(pod *corev1.Pod, set *api.RunnerSet) bool {
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	changed := false
	for k, v := range set.Spec.Template.Labels {
		if pod.Labels[k] != v {
			pod.Labels[k] = v
			changed = true
		}
	}
	return changed
}

type NilReconciler struct {
	client.Client
}

func (r *NilReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = r.direct(ctx, req)
	_ = r.ifInit(ctx, req)
	_ = r.unguarded(ctx, req)
	_ = r.throughInterface(ctx, req)
	_ = r.changedByTheLoad(ctx, req)
	_ = r.noTypedCopy(ctx, req)
	return ctrl.Result{}, nil
}

// The Update itself, under pod != nil: the copy goes right after the Get,
// where the Pod is never nil.
func (r *NilReconciler) direct(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		pod = nil
	}
	if pod != nil {
		metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
		return r.Update(ctx, pod) // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
	}
	return nil
}

// Loaded, and dropped when not found, in one if statement: the copy goes
// after it, where the Pod may be nil (a generated DeepCopy returns nil
// for nil, and the patch runs only under pod != nil).
func (r *NilReconciler) ifInit(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		pod = nil
	}
	if pod == nil {
		return nil
	}
	pod.Annotations["example.com/seen"] = "true"
	return r.Update(ctx, pod) // want `annotations changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}

// No nil check before the call: the helper checks. The copy goes where
// the helper starts.
func (r *NilReconciler) unguarded(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if apierrors.IsNotFound(err) {
		pod = nil
	} else if err != nil {
		return err
	}
	return r.markSeen(ctx, pod)
}

func (r *NilReconciler) markSeen(ctx context.Context, pod *corev1.Pod) error {
	if pod == nil {
		return nil
	}
	metav1.SetMetaDataAnnotation(&pod.ObjectMeta, "example.com/seen", "true")
	return r.Update(ctx, pod) // want `annotations changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}

// Held as a client.Object: its copy would be DeepCopyObject, which panics
// on a nil interface, after the if statement that may set it to nil. No
// fix.
func (r *NilReconciler) throughInterface(ctx context.Context, req ctrl.Request) error {
	var obj client.Object = &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		obj = nil
	}
	if obj != nil {
		obj.SetLabels(map[string]string{"example.com/seen": "true"})
		return r.Update(ctx, obj) // want `labels changed and sent with Update; another writer of this object makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: obj is set to nil on some paths and has no typed DeepCopy \(which returns nil for nil\): a DeepCopyObject copy where it may be nil would panic\)`
	}
	return nil
}

// A resource with no typed DeepCopy: its copy, DeepCopyObject asserted to
// client.Object, would panic after the if statement that may set it to
// nil. No fix.
func (r *NilReconciler) noTypedCopy(ctx context.Context, req ctrl.Request) error {
	g := &api.Gadget{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		g = nil
	}
	if g == nil {
		return nil
	}
	g.Labels["example.com/seen"] = "true"
	return r.Update(ctx, g) // want `labels changed and sent with Update; another writer of this Gadget makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: g is set to nil on some paths and has no typed DeepCopy \(which returns nil for nil\): a DeepCopyObject copy where it may be nil would panic\)`
}

// The if statement that loads the Pod labels it in its else: a copy after
// it would hold the label, and the patch would leave it out. Reported
// without a fix.
func (r *NilReconciler) changedByTheLoad(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	} else {
		metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
	}
	metav1.SetMetaDataAnnotation(&pod.ObjectMeta, "example.com/checked", "true")
	return r.Update(ctx, pod) // want `labels and annotations changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: pod is changed in the if statement that loads it; copy it there, right after the load, and patch from the copy\)`
}

// The quiet ones: each is the shape of a reported one above, changed.
type QuietReconciler struct {
	client.Client
}

func (r *QuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = r.madeWhenMissing(ctx, req)
	_ = r.droppedThenMade(ctx, req)
	_ = r.leavesBeforeDropping(ctx, req)
	_ = r.specByTheLoad(ctx, req)
	_ = r.droppedThenRefilled(ctx, req)
	_ = r.droppedInLiteral(ctx, req)
	return ctrl.Result{}, nil
}

// Not found, the Pod is made here instead of dropped: the Update may send
// an object the function made, not the one loaded.
func (r *QuietReconciler) madeWhenMissing(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		pod = &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name}}
	}
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
	return r.Update(ctx, pod)
}

// Dropped when not found, then made before the Update: the same.
func (r *QuietReconciler) droppedThenMade(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		pod = nil
	}
	if pod == nil {
		pod = &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name}}
	}
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
	return r.Update(ctx, pod)
}

// The branch that drops the Pod can break out of the switch first, with
// its spec changed: that Pod reaches the Update.
func (r *QuietReconciler) leavesBeforeDropping(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	switch {
	case pod.Spec.NodeName == "":
		pod.Spec.NodeName = "node-1"
		if req.Namespace == "kube-system" {
			break
		}
		pod = nil
	}
	if pod != nil {
		metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
		return r.Update(ctx, pod)
	}
	return nil
}

// The if statement that loads the Pod changes its spec: the Update sends
// it.
func (r *QuietReconciler) specByTheLoad(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err == nil {
		pod.Spec.NodeName = "node-2"
	}
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
	return r.Update(ctx, pod)
}

// The branch sets the Pod to nil, then makes one when it was not found:
// it leaves with an object made here.
func (r *QuietReconciler) droppedThenRefilled(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err != nil {
		pod = nil
		if apierrors.IsNotFound(err) {
			pod = &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name}}
		}
	}
	if pod != nil {
		metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
		return r.Update(ctx, pod)
	}
	return nil
}

// A function literal sets the variable: when it runs cannot be told, nor
// what it leaves there.
func (r *QuietReconciler) droppedInLiteral(ctx context.Context, req ctrl.Request) error {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	drop := func() { pod = &corev1.Pod{} }
	if err != nil {
		drop()
		pod = nil
	}
	if pod != nil {
		metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
		return r.Update(ctx, pod)
	}
	return nil
}
