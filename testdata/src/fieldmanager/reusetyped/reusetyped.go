// Package reusetyped has a client.FieldOwner constant: the fix passes it
// as is.
package reusetyped

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

const owner client.FieldOwner = "widget-controller"

type R struct {
	client.Client
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) error {
	_ = r.Patch(ctx, cm, client.Apply, owner, client.ForceOwnership)
	_ = r.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`
	return r.Create(ctx, cm)      // want `Create of \*corev1\.ConfigMap names no field manager`
}
