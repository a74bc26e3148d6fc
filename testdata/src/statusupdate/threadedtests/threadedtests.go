package threadedtests

// A helper that a test of the package calls: its signature stays, since
// the package is also analysed without its tests, where that call is not
// seen and would be left with one argument too few. It gets a sibling
// that patches from a copy the calls here hand in; the test keeps calling
// the helper.

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
	return reconcile.Result{}, r.markReady(ctx, &w)
}

func (r *R) markReady(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}
