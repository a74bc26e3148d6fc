package ownerconst

import (
	"context"

	corev1 "k8s.io/api/core/v1"
)

func (r *R) patch(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Patch(ctx, cm, nil) // want `Patch of \*corev1\.ConfigMap names no field manager`
}

// A local of the constant's name: this call passes the literal.
func (r *R) shadowed(ctx context.Context, cm *corev1.ConfigMap, fieldOwner string) error {
	_ = fieldOwner
	return r.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
