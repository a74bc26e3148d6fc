package testson

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

var k8sClient client.Client

// The suite builds the production reconciler with its uncached client: no
// evidence about WidgetReconciler's production client.
func setup() *WidgetReconciler {
	c, _ := client.New(nil, client.Options{})
	k8sClient = c
	return &WidgetReconciler{Client: k8sClient}
}

// uncachedFake reads through the suite's client only: not reported.
type uncachedFake struct {
	c client.Client
}

func (r *uncachedFake) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.c.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.c.Status().Update(ctx, w)
}

// cachedFake reads through a manager's cached client: reported.
type cachedFake struct {
	c client.Client
}

func (r *cachedFake) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.c.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.c.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

func fakes(mgr manager.Manager) {
	_ = &uncachedFake{c: k8sClient}
	_ = &cachedFake{c: mgr.GetClient()}
	_ = setup
}
