// Package legacy is a reconciler written against controller-runtime v0.6:
// Reconcile takes no context, the client takes runtime.Object, and the
// client package has no StrategicMergeFrom.
package legacy

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type PodReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

var _ reconcile.Reconciler = &PodReconciler{}

func (r *PodReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return reconcile.Result{}, err
	}
	pod.Labels["example.com/seen"] = "true"
	if err := r.Update(ctx, &pod); err != nil { // want `^labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead$`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.adopt(ctx, req)
}

// adopt sets the controller reference of a Pod: the fix needs a strategic
// merge patch, which this release's client package cannot make.
func (r *PodReconciler) adopt(ctx context.Context, req reconcile.Request) error {
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return err
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(owner, pod, r.Scheme); err != nil {
		return err
	}
	if err := r.finalize(ctx, req); err != nil {
		return err
	}
	return r.Update(ctx, pod) // want `owner references changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: this controller-runtime has no client\.StrategicMergeFrom`
}

// A finalizer is left to the Update in this release too.
func (r *PodReconciler) finalize(ctx context.Context, req reconcile.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	controllerutil.AddFinalizer(pod, "example.com/cleanup")
	return r.Update(ctx, pod)
}
