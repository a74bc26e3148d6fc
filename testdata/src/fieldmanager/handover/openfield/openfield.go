// Package openfield builds its reconciler with an exported constructor
// that wraps the client with client.WithFieldOwner, but the reconciler's
// Client is exported: another package can make a reconciler of its own
// with a plain client. Nothing is reported here; the fact on the field
// names the writes for the packages that store a client in it.
package openfield

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type WidgetReconciler struct {
	client.Client // want Client:`^writes through the field: 2 \(Create of \*corev1\.ConfigMap at openfield\.go:32; status Update of \*v1alpha1\.Widget at openfield\.go:35\)$`
}

func NewWidgetReconciler(c client.Client) *WidgetReconciler {
	return &WidgetReconciler{Client: client.WithFieldOwner(c, "widget-controller")}
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1alpha1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// GadgetReconciler sets its exported Client itself, in the object it is
// handed: whatever another package stored there first is overwritten, so
// no fact.
type GadgetReconciler struct {
	Client client.Client
}

func (r *GadgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.Client = client.WithFieldOwner(mgr.GetClient(), "gadget-controller")
	return nil
}

func (r *GadgetReconciler) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Client.Update(ctx, cm)
}
