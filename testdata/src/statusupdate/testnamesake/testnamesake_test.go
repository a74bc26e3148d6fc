package testnamesake

import (
	"context"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type plugin struct{}

// reconcile is the plugin reconciler's, not R's.
func (p *plugin) reconcile(ctx context.Context, name, ns string) error { return nil }

func TestPlugin(t *testing.T) {
	p := &plugin{}
	if err := p.reconcile(context.Background(), "a", "b"); err != nil {
		t.Fatal(err)
	}
}

// The package reconcile, and a variable of that name: neither is R's
// method.
func TestResult(t *testing.T) {
	if (reconcile.Result{}) != (reconcile.Result{}) {
		t.Fatal("results differ")
	}
}

func TestVariable(t *testing.T) {
	reconcile := func(ctx context.Context, name string) error { return nil }
	if err := reconcile(context.Background(), "a"); err != nil {
		t.Fatal(err)
	}
}
