// Package helperuse is a kubebuilder controller (its client field is set
// in cmd/main.go, so it is assumed to name no field manager) that hands
// its client to another package's helper.
package helperuse

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/controller"
)

const fieldOwner = client.FieldOwner("helper-controller")

type R struct {
	client.Client
}

func (r *R) sync(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Delete(ctx, cm); err != nil {
		return err
	}
	_ = r.Create(ctx, cm, fieldOwner)
	return controller.EnsureConfigMap(ctx, r.Client, cm) // want `^client handed to controller\.EnsureConfigMap names no field manager, and 2 writes name none through it \(Update of \*corev1\.ConfigMap at controller\.go:45, Patch of \*corev1\.ConfigMap at controller\.go:46\)`
}
