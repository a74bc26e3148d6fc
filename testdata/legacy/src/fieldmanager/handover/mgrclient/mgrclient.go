// Package mgrclient is a reconciler on a controller-runtime release whose
// client options have no FieldOwner: the manager's client it holds never
// names a field manager, though the manager comes from the caller.
package mgrclient

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ConfigMapReconciler struct {
	client client.Client
}

func (r *ConfigMapReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.client = mgr.GetClient()
	return nil
}

func (r *ConfigMapReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	cm := &corev1.ConfigMap{}
	if err := r.client.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.client.Update(ctx, cm) // want `^Update of \*corev1\.ConfigMap names no field manager`
}
