// Package basic is a controller-runtime v0.6 reconciler (Reconcile without
// a context, StatusWriter with Update and Patch only) whose writes name no
// field manager.
package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ConfigMapReconciler struct {
	client.Client
}

func (r *ConfigMapReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := cm.DeepCopy()
	_ = r.Create(ctx, cm)                                 // want `^Create of \*corev1\.ConfigMap names no field manager; managedFields will show the client's user agent: pass client\.FieldOwner\(\.\.\.\)$`
	_ = r.Update(ctx, cm)                                 // want `^Update of \*corev1\.ConfigMap names no field manager`
	_ = r.Patch(ctx, cm, client.MergeFrom(base))          // want `^Patch of \*corev1\.ConfigMap names no field manager`
	_ = r.Patch(ctx, cm, client.Apply)                    // want `^Patch of \*corev1\.ConfigMap with client\.Apply names no field manager; the API server rejects an apply patch without one`
	_ = r.Status().Update(ctx, cm)                        // want `^status Update of \*corev1\.ConfigMap names no field manager`
	_ = r.Status().Patch(ctx, cm, client.MergeFrom(base)) // want `^status Patch of \*corev1\.ConfigMap names no field manager`
	sw := r.Status()
	_ = sw.Update(ctx, cm) // want `^status Update of \*corev1\.ConfigMap names no field manager`

	// Deletes take no field manager.
	_ = r.Delete(ctx, cm)
	_ = r.DeleteAllOf(ctx, &corev1.ConfigMap{})
	return ctrl.Result{}, nil
}

func (r *ConfigMapReconciler) shadowed(ctx context.Context, cm *corev1.ConfigMap) error {
	client := r.Client
	return client.Update(ctx, cm) // want `^Update of \*corev1\.ConfigMap names no field manager`
}
