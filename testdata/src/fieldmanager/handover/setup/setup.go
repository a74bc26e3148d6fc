// Package setup is a kubebuilder controller package whose reconcilers take
// their client from the manager they are handed: SetupWithManager(mgr)
// and a constructor store mgr.GetClient(). Another package makes the
// manager, so this package cannot tell whether its client names a field
// manager: it reports nothing, and its facts name the writes each manager
// parameter's client reaches.
package setup

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"fieldmanager/api/v1alpha1"
)

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:`^writes through its client parameters: param 0 \(manager\): 2 writes \(Create of \*corev1\.ConfigMap at setup\.go:35; status Update of \*v1alpha1\.Widget at setup\.go:38\)$`
	r.Client = mgr.GetClient()
	return nil
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

type GadgetReconciler struct {
	c client.Client
}

func NewGadgetReconciler(mgr manager.Manager) *GadgetReconciler { // want NewGadgetReconciler:`^writes through its client parameters: param 0 \(manager\): 1 writes \(Patch of \*corev1\.ConfigMap at setup\.go:51\)$`
	return &GadgetReconciler{c: mgr.GetClient()}
}

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	return ctrl.Result{}, r.c.Patch(ctx, cm, client.Merge)
}

// OwnedReconciler wraps the manager's client itself: no fact.
type OwnedReconciler struct {
	client.Client
}

func (r *OwnedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.Client = client.WithFieldOwner(mgr.GetClient(), "owned-controller")
	return nil
}

func (r *OwnedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Create(ctx, &corev1.ConfigMap{})
}
