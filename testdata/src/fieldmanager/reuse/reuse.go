// Package reuse already names its field manager in places: the fix reuses
// the most used constant, not the configured name.
package reuse

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	fieldOwner = "widget-controller"
	otherOwner = "widget-helper"
)

type R struct {
	client.Client
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = r.Patch(ctx, cm, client.Apply, client.FieldOwner(otherOwner))
	_ = r.Patch(ctx, cm, client.Apply, client.FieldOwner(fieldOwner))
	_ = r.Update(ctx, cm, &client.UpdateOptions{FieldManager: fieldOwner})
	return r.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}

func shadowed(ctx context.Context, r *R, cm *corev1.ConfigMap) error {
	fieldOwner := 1 // the constant cannot be named here: the next one is used
	_ = fieldOwner
	return r.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
