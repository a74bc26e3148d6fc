package crosspkg

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/helpers"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	err := helpers.SetReady(ctx, r, &w) // want `status written with Update in the reconcile path, in another package; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status in helpers\.SetReady instead`
	// The patch comes after: it does not make w fresh for the Update.
	_ = helpers.Patch(ctx, r, &w)
	return reconcile.Result{}, err
}
