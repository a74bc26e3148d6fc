package testnamesake

import (
	"context"
	"testing"
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
