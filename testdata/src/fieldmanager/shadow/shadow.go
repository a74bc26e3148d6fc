// Package shadow has local variables named client: the fix imports the
// client package under a name that resolves at the call. The package has
// a function named fieldOwner, so the fixes pass the literal owner, not a
// constant of that name (see fieldmanager/ownerconst).
package shadow

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type R struct {
	Client client.Client
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) error {
	client := r.Client
	if err := client.Create(ctx, cm); err != nil { // want `Create of \*corev1\.ConfigMap names no field manager`
		return err
	}
	return client.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`
}

func (r *R) unshadowed(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Client.Update(ctx, cm) // want `Update of \*corev1\.ConfigMap names no field manager`
}

func fieldOwner() string { return "" }
