// Package lookalike calls a GetClient that is not the manager's: the
// client is what that method returns, one that names a field manager, and
// nothing is reported.
package lookalike

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type provider struct{ c client.Client }

func (p provider) GetClient() client.Client { return p.c }

func newProvider(c client.Client) provider {
	return provider{c: client.WithFieldOwner(c, "lookalike")}
}

func ensure(ctx context.Context, cl client.Client, cm *corev1.ConfigMap) error {
	return cl.Create(ctx, cm)
}

// apply is used as a value: its calls cannot all be seen.
func apply(ctx context.Context, cl client.Client, cm *corev1.ConfigMap) error {
	return cl.Update(ctx, cm)
}

var applyFunc = apply

func run(ctx context.Context, p provider, cm *corev1.ConfigMap) error {
	unowned, _ := client.New(nil, client.Options{})
	_ = applyFunc(ctx, unowned, cm)
	_ = apply(ctx, unowned, cm)
	return ensure(ctx, p.GetClient(), cm)
}

var _ = run(context.Background(), newProvider(nil), nil)
