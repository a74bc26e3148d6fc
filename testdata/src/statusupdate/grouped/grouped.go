package grouped

// One write in another package, reached from five calls here, each with
// an object from the cache: one finding, at the call nearest the reconcile
// root, counting the calls that are not silenced; the others are its
// related information. (A call after another that wrote the same object
// would hand on a fresh one: see writtencaller.)

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/helpers"
	"statusupdate/relay"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w, x, y, z api.Widget
	for _, o := range []*api.Widget{&w, &x, &y, &z} {
		if err := r.Get(ctx, req.NamespacedName, o); err != nil {
			return reconcile.Result{}, err
		}
	}
	if err := r.deep(ctx, &x); err != nil {
		return reconcile.Result{}, err
	}
	_ = relay.MarkReady(ctx, r, &w) // want `status written with Update in the reconcile path, in another package \(4 calls in this package reach it\); a stale cached resourceVersion makes it fail with 409 Conflict: patch the status in relay\.MarkReady instead`
	//statuslint:ignore statusupdate this call runs once, at creation
	_ = helpers.SetReady(ctx, r, &y)
	return reconcile.Result{}, helpers.SetReady(ctx, r, &z)
}

func (r *R) deep(ctx context.Context, w *api.Widget) error {
	if !w.Status.Ready {
		return helpers.SetReady(ctx, r, w)
	}
	return r.deeper(ctx, w)
}

func (r *R) deeper(ctx context.Context, w *api.Widget) error {
	return helpers.SetReady(ctx, r, w)
}

// Other is a second reconciler whose only call reaches the write once.
type Other struct{ client.Client }

func (o *Other) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	_ = o.Get(ctx, req.NamespacedName, &w)
	// A patch in the helpers package is no status Update: no finding.
	_ = helpers.Patch(ctx, o, &w)
	return reconcile.Result{}, nil
}
