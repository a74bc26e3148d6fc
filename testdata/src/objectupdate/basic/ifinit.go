package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// IfInitReconciler loads the Pod in an if statement's init and labels it
// in the branch that runs when the load succeeded: the copy goes first in
// that branch.
type IfInitReconciler struct {
	client.Client
}

func (r *IfInitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err == nil {
		pod.Labels["example.com/seen"] = "true"
		if err := r.Update(ctx, pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
			return ctrl.Result{}, err
		}
	}
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, req.NamespacedName, sa); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	} else {
		sa.Annotations["example.com/seen"] = "true"
		return ctrl.Result{}, r.Update(ctx, sa) // want `annotations changed and sent with Update; another writer of this ServiceAccount makes it fail with 409 Conflict: patch the metadata instead`
	}
}

// IfInitFailedReconciler writes in the branch where the load failed, or
// under a condition that says nothing about it: not reported.
type IfInitFailedReconciler struct {
	client.Client
}

func (r *IfInitFailedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		pod.Labels["example.com/missing"] = "true"
		_ = r.Update(ctx, pod)
	}
	other := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, other); req.Name != "" {
		other.Labels["example.com/named"] = "true"
		return ctrl.Result{}, r.Update(ctx, other)
	} else if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
