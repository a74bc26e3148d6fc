package legacy

// The old manager hands out its API reader too, and the old client.New
// has no cache at all: an object read through either is fresh.

import (
	"context"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type FreshReconciler struct {
	client.Client
	apiReader client.Reader
	direct    client.Client
}

func NewFreshReconciler(mgr manager.Manager, cfg *rest.Config) (*FreshReconciler, error) {
	direct, err := client.New(cfg, client.Options{})
	if err != nil {
		return nil, err
	}
	return &FreshReconciler{Client: mgr.GetClient(), apiReader: mgr.GetAPIReader(), direct: direct}, nil
}

func (r *FreshReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	var a, b, c Widget
	_ = r.apiReader.Get(ctx, req.NamespacedName, &a)
	_ = r.Status().Update(ctx, &a)
	_ = r.direct.Get(ctx, req.NamespacedName, &b)
	_ = r.Status().Update(ctx, &b)
	_ = r.Get(ctx, req.NamespacedName, &c)
	return reconcile.Result{}, r.Status().Update(ctx, &c) // want `status written with Update in the reconcile path`
}
