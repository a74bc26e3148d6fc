// Package crvar calls controller-runtime's CreateOrUpdate and CreateOrPatch
// through the root package's variables (ctrl.CreateOrUpdate holds
// controllerutil.CreateOrUpdate): the client handed to them is decided as
// when the controllerutil functions are called by name.
package crvar

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	mutate := func() error { return nil }
	if _, err := ctrl.CreateOrUpdate(ctx, r.Client, cm, mutate); err != nil { // want `^client handed to ctrl\.CreateOrUpdate names no field manager, and 2 writes name none through it \(Create of client\.Object at controllerutil\.go:\d+, Update of client\.Object at controllerutil\.go:\d+\)`
		return ctrl.Result{}, err
	}
	if _, err := ctrl.CreateOrPatch(ctx, r.Client, cm, mutate); err != nil { // want `^client handed to ctrl\.CreateOrPatch names no field manager, and 2 writes name none through it \(Create of client\.Object at controllerutil\.go:\d+, Patch of client\.Object at controllerutil\.go:\d+\)`
		return ctrl.Result{}, err
	}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, mutate); err != nil { // want `^client handed to controllerutil\.CreateOrUpdate names no field manager, and 2 writes name none through it`
		return ctrl.Result{}, err
	}
	// A client that names a field manager: not reported.
	owned := client.WithFieldOwner(r.Client, "widget-controller")
	_, err := ctrl.CreateOrUpdate(ctx, owned, cm, mutate)
	return ctrl.Result{}, err
}
