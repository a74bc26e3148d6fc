// Package testson is checked with -fieldmanager.tests: test files are
// checked too, and there the fake client a test puts in the field counts.
package testson

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
