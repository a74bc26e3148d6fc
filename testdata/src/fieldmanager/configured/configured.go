// Package configured has no owner of its own: the fix passes the
// configured name.
package configured

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) error {
	if err := r.Create(ctx, cm); err != nil { // want `Create of \*corev1\.ConfigMap names no field manager; managedFields will show the client's user agent: pass client\.FieldOwner\(\.\.\.\)$`
		return err
	}
	if err := r.Patch(ctx, cm, client.Merge, client.ForceOwnership); err != nil { // want `Patch of`
		return err
	}
	if err := r.Status().Update(ctx, w); err != nil { // want `status Update of \*v1alpha1\.Widget`
		return err
	}
	if err := r.Apply(ctx, v1alpha1.WidgetApply("w")); err != nil { // want `Apply of`
		return err
	}
	if err := r.Update(ctx, cm /* the map */); err != nil { // want `Update of`
		return err
	}
	return r.Status().Patch(ctx, // want `status Patch of`
		w,
		client.MergeFrom(w.DeepCopy()),
	)
}

func (r *WidgetReconciler) nested(ctx context.Context, w *v1alpha1.Widget) error {
	return r.Create(ctx, &corev1.ConfigMap{ // want `Create of`
		Data: map[string]string{"k": "v"},
	})
}
