// Package testsoff is checked without -fieldmanager.tests: its test file
// is skipped, and the fake client a test puts in the field does not make
// the production write unknown.
package testsoff

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

// A helper the package calls with its plain client and a test calls with a
// wrapped one: the test's call says nothing about production code.
func helper(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm) // want `Update of \*corev1\.ConfigMap names no field manager`
}

func (r *R) callHelper(ctx context.Context, cm *corev1.ConfigMap) error {
	return helper(ctx, r.Client, cm)
}
