package paths

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

// A reconciler in a test file is a test fake: not reported.
type fakeR struct{ client.Client }

func (r *fakeR) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}
