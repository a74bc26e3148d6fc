// Package exportedhelpers writes statuses in helpers whose signature the
// fix must keep: exported ones (kueue's UpdateStatusIfChanged, grafana-
// operator's UpdateStatus, deferred by every reconciler), and one a test
// beside it calls. Each gets a sibling in this package that patches from a
// copy its callers hand in, and the calls here move to it; the helper stays
// for the callers the pass does not see.
package exportedhelpers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type QueueReconciler struct{ client.Client }

func (r *QueueReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var q api.Widget
	if err := r.Get(ctx, req.NamespacedName, &q); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if q.DeletionTimestamp != nil {
		return reconcile.Result{}, r.UpdateStatusIfChanged(ctx, &q, false)
	}
	if err := r.UpdateStatusIfChanged(ctx, &q, true); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.updateIfChanged(ctx, &q)
}

// UpdateStatusIfChanged is exported: other packages may call it.
func (r *QueueReconciler) UpdateStatusIfChanged(ctx context.Context, q *api.Widget, ready bool) error { // want UpdateStatusIfChanged:"patches from a snapshot as UpdateStatusIfChangedFrom, parameter 1"
	old := q.Status.DeepCopy()
	q.Status.Ready = ready
	if old.Ready == q.Status.Ready {
		return nil
	}
	return r.Status().Update(ctx, q) // want `reconcile path; .*: patch the status instead$`
}

// updateIfChanged is called by a test beside it.
func (r *QueueReconciler) updateIfChanged(ctx context.Context, q *api.Widget) error {
	q.Status.Ready = true
	return r.Status().Update(ctx, q) // want `reconcile path; .*: patch the status instead$`
}

// statusResource is the package's interface of objects with a common
// status, grafana-operator's.
type statusResource interface {
	client.Object
	GetConditions() *[]metav1.Condition
}

// UpdateStatus is deferred by the reconcilers, right after their load.
func UpdateStatus(ctx context.Context, cl client.Client, cr statusResource) { // want UpdateStatus:"writes status fresh when the objects in parameters 2 are fresh" UpdateStatus:"patches from a snapshot as UpdateStatusFrom, parameter 2"
	*cr.GetConditions() = append(*cr.GetConditions(), metav1.Condition{Type: "Synced"})
	_ = cl.Status().Update(ctx, cr) // want `reconcile path; .*: patch the status instead$`
}

type FolderReconciler struct{ client.Client }

func (r *FolderReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cr := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, cr); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	defer UpdateStatus(ctx, r.Client, cr)
	cr.Status.Ready = true
	return reconcile.Result{}, nil
}
