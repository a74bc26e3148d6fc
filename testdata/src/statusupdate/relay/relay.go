package relay // want package:"has status writers"

// This package reaches another package's write: its fact carries the
// chain on, so an importer can tell that both packages' helpers end in
// the same write.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
	"statusupdate/helpers"
)

func MarkReady(ctx context.Context, c client.Client, w *api.Widget) error { // want MarkReady:`writes status: relay.MarkReady → helpers.SetReady → helpers.update at helpers.go:19`
	return helpers.SetReady(ctx, c, w)
}
