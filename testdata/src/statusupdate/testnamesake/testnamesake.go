// Package testnamesake has a helper whose name a test beside it uses for
// something else: a method of another type, called with another number of
// arguments, and a comment. The helper is threaded as if no test named it
// (cloudnative-pg's ClusterReconciler.reconcile).
package testnamesake

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.reconcile(ctx, &w)
}

func (r *R) reconcile(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}
