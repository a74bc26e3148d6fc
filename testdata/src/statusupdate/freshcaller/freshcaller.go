package freshcaller

// A reconciler with a second client, without cache, that it hands to the
// status helpers of another package.

import (
	"context"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/freshhelpers"
)

type R struct {
	client.Client
	// uncached reads and writes without cache.
	uncached client.Client
}

func New(mgr manager.Manager, cfg *rest.Config) (*R, error) {
	uncached, err := client.New(cfg, client.Options{})
	if err != nil {
		return nil, err
	}
	return &R{Client: mgr.GetClient(), uncached: uncached}, nil
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	_ = freshhelpers.UpdateWithRetry(ctx, r, r.uncached, req.NamespacedName, &w)
	_ = freshhelpers.Refresh(ctx, r.uncached, req.NamespacedName, &w)
	_ = freshhelpers.Write(ctx, r.uncached, &w) // want `status written with Update in the reconcile path, in another package`
	_ = freshhelpers.AfterUpdate(ctx, r, &w)
	return reconcile.Result{}, nil
}

// Cached hands in the cached client: reported.
type Cached struct{ client.Client }

func (c *Cached) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	_ = freshhelpers.UpdateWithRetry(ctx, c, c, req.NamespacedName, &w) // want `status written with Update in the reconcile path, in another package`
	_ = freshhelpers.Refresh(ctx, c.Client, req.NamespacedName, &w)     // want `status written with Update in the reconcile path, in another package`
	return reconcile.Result{}, nil
}
