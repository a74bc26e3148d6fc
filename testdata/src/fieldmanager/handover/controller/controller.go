// Package controller is a controller package whose reconciler is built by
// an exported constructor that only another package calls, and whose
// exported helper takes a client: it cannot see those clients made, so it
// reports nothing, and its facts name the writes each client parameter
// reaches for the packages that hand the clients over.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type WidgetReconciler struct {
	client client.Client
	scheme *runtime.Scheme
}

func NewWidgetReconciler(c client.Client, s *runtime.Scheme) *WidgetReconciler { // want NewWidgetReconciler:`^writes through its client parameters: param 0: 2 writes \(Create of \*corev1\.ConfigMap at controller\.go:37; status Update of \*v1alpha1\.Widget at controller\.go:40\)$`
	return &WidgetReconciler{client: c, scheme: s}
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1alpha1.Widget{}
	if err := r.client.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := r.client.Delete(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.client.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.client.Status().Update(ctx, w)
}

// EnsureConfigMap writes through its client parameter.
func EnsureConfigMap(ctx context.Context, cl client.Client, cm *corev1.ConfigMap) error { // want EnsureConfigMap:`param 1: 2 writes \(Update of \*corev1\.ConfigMap at controller\.go:45; Patch of \*corev1\.ConfigMap at controller\.go:46\)`
	if err := cl.Update(ctx, cm); err != nil {
		return cl.Patch(ctx, cm, client.Merge)
	}
	return nil
}

// EnsureOwned names its field manager itself: no fact.
func EnsureOwned(ctx context.Context, cl client.Client, cm *corev1.ConfigMap) error {
	return cl.Create(ctx, cm, client.FieldOwner("widget-controller"))
}
