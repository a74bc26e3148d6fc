// Package ctor builds its reconciler with a constructor and calls it in the
// same package, with the client of a manager made here without a field
// owner: every call site hands in a client that names none, so the writes
// through the stored client, and through the helper's parameter, are
// reported where they are.
package ctor

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type WidgetReconciler struct {
	client client.Client
}

func NewWidgetReconciler(c client.Client) *WidgetReconciler {
	return &WidgetReconciler{client: c}
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1alpha1.Widget{}
	if err := r.client.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := ensureConfigMap(ctx, r.client, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.client.Status().Update(ctx, w) // want `^status Update of \*v1alpha1\.Widget names no field manager`
}

// ensureConfigMap is called with the reconciler's client only.
func ensureConfigMap(ctx context.Context, cl client.Client, cm *corev1.ConfigMap) error {
	return cl.Create(ctx, cm) // want `^Create of \*corev1\.ConfigMap names no field manager`
}

// Run makes the manager: its options set no client FieldOwner.
func Run(ctx context.Context, cfg *rest.Config) error {
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		return err
	}
	_ = NewWidgetReconciler(mgr.GetClient())
	return mgr.Start(ctx)
}
