// Package variadic has a status helper that takes its conditions after
// the object: the snapshot threaded into it goes just before them, at
// every call, the one passing a slice with ... too.
package variadic

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	ready := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}
	if w.DeletionTimestamp != nil {
		return reconcile.Result{}, r.setConditions(ctx, &w)
	}
	if !w.Status.Ready {
		return reconcile.Result{}, r.setConditions(ctx, &w, ready)
	}
	return reconcile.Result{}, r.setConditions(ctx, &w, []metav1.Condition{ready}...)
}

func (r *R) setConditions(ctx context.Context, w *api.Widget, conds ...metav1.Condition) error {
	w.Status.Conditions = append(w.Status.Conditions, conds...)
	return r.Status().Update(ctx, w) // want `reconcile path; [^()]*: patch the status instead$`
}
