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

// Held hands the object to a context of the helper package, whose method
// writes the status of the object it holds: there is no copy to hand it.
type Held struct{ client.Client }

func (r *Held) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	rc := &helpers.Context{C: r, W: &w}
	return reconcile.Result{}, rc.Run(ctx) // want `patch the status in \(\*helpers\.Context\)\.Run instead \(no suggested fix: \(\*helpers\.Context\)\.Run finds the object it writes itself in a way the fix does not follow \(not read right before every write\)\)`
}
