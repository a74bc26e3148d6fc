// Package composedthreads is pulp-operator's backup controller in small:
// a helper that sets a condition and updates the status, called again and
// again, and between two of its calls another helper that updates the
// status, so leaves the object as the API server returned it.
// statusupdate threads a copy through the first helper (its patch) and
// conditions threads one too (its guard): both must copy after the same
// loads, or the helper gains one parameter and a call two arguments.
package composedthreads

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	r.updateStatus(ctx, w, metav1.ConditionFalse, "Running")
	r.updateStatus(ctx, w, metav1.ConditionFalse, "Copying")
	if err := r.setFields(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	r.updateStatus(ctx, w, metav1.ConditionTrue, "Done")
	return reconcile.Result{}, nil
}

func (r *R) updateStatus(ctx context.Context, w *api.Widget, status metav1.ConditionStatus, reason string) {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Complete", Status: status, Reason: reason})
	r.Status().Update(ctx, w)
}

func (r *R) setFields(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	return nil
}
