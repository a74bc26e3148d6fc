// Package controller builds its reconciler with an exported constructor
// that only another package calls (controller-runtime v0.6).
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ConfigMapReconciler struct {
	c client.Client
}

func NewConfigMapReconciler(c client.Client) *ConfigMapReconciler { // want NewConfigMapReconciler:`param 0: 1 writes \(status Update of \*corev1\.ConfigMap at controller\.go:25\)`
	return &ConfigMapReconciler{c: c}
}

func (r *ConfigMapReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	cm := &corev1.ConfigMap{}
	_ = r.c.Get(ctx, req.NamespacedName, cm)
	return ctrl.Result{}, r.c.Status().Update(ctx, cm)
}
