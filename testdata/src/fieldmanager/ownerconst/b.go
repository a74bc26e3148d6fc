// Package ownerconst has no field owner of its own and -fieldmanager.name
// set: every fix passes one constant for the configured name, declared
// once, in the first file by name that has such a call and no build
// constraint.
package ownerconst

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type R struct {
	client.Client
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) error {
	if err := r.Update(ctx, cm); err != nil { // want `Update of \*corev1\.ConfigMap names no field manager`
		return err
	}
	return r.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`
}
