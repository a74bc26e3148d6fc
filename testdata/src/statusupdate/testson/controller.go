package testson

// With -statusupdate.tests, test code is checked as code of its own: a
// test's reconciler, judged with what the tests store, is reported unless
// it reads through the suite's uncached client. The production findings
// stay exactly those of the package without its tests.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}
