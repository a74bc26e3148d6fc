// Package ptrhelper has helpers that take a pointer to the caller's client
// (ReconcileConfigMap(ctx, &r.Client, ...)): the client it points to is
// decided like a client parameter's, here from the package's own calls,
// elsewhere by the fact on the exported helper.
package ptrhelper

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func ReconcileConfigMap(ctx context.Context, c *client.Client, cm *corev1.ConfigMap) error { // want ReconcileConfigMap:`^writes through its client parameters: param 1 \(pointer\): 2 writes \(Create of \*corev1\.ConfigMap at ptrhelper\.go:16; Update of \*corev1\.ConfigMap at ptrhelper\.go:19\)$`
	if cm.ResourceVersion == "" {
		return (*c).Create(ctx, cm)
	}
	cl := *c
	return cl.Update(ctx, cm)
}

// Resets stores through its pointer: what the caller's client is after
// the call is not the caller's, so nothing is decided.
func Reset(ctx context.Context, c *client.Client, cm *corev1.ConfigMap) error {
	*c = client.WithFieldOwner(*c, "ptrhelper")
	return (*c).Create(ctx, cm)
}

type local struct {
	c client.Client
}

// ensure is called with the address of a field this package sets to a
// client made here without a field owner: reported where it writes.
func ensure(ctx context.Context, c *client.Client, cm *corev1.ConfigMap) error {
	return (*c).Create(ctx, cm) // want `^Create of \*corev1\.ConfigMap names no field manager`
}

func run(ctx context.Context, cm *corev1.ConfigMap) error {
	cl, _ := client.New(nil, client.Options{})
	l := &local{c: cl}
	return ensure(ctx, &l.c, cm)
}
