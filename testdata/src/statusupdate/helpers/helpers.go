package helpers // want package:"has status writers"

// This package has status helpers and no reconciler.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

func SetReady(ctx context.Context, c client.Client, w *api.Widget) error { // want SetReady:`writes status: helpers.SetReady → helpers.update at helpers.go:19`
	w.Status.Ready = true
	return update(ctx, c, w)
}

func update(ctx context.Context, c client.Client, w *api.Widget) error {
	return c.Status().Update(ctx, w)
}

func Patch(ctx context.Context, c client.Client, w *api.Widget) error {
	return c.Status().Patch(ctx, w, client.MergeFrom(w.DeepCopy()))
}

// Context holds the object its steps write, as cass-operator's
// ReconciliationContext holds the datacenter.
type Context struct {
	C client.Client
	W *api.Widget
}

// Run writes the status of the object it holds.
func (rc *Context) Run(ctx context.Context) error { // want Run:`writes status: \(\*helpers\.Context\)\.Run at helpers\.go:36`
	rc.W.Status.Ready = true
	return rc.C.Status().Update(ctx, rc.W)
}
