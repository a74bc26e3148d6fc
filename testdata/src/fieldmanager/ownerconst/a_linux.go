package ownerconst

import (
	"context"

	corev1 "k8s.io/api/core/v1"
)

// A file built only on linux: the constant is not declared here, though
// its name comes first, or the other builds would miss it.
func (r *R) linuxOnly(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
