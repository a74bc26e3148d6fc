package writtenrelay

// Helpers that hand their object or reader on to another package's status
// helpers: the condition of the helper they call becomes theirs.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
	"statusupdate/writtenhelpers"
)

// MarkReady writes through writtenhelpers.SetReady the object it is handed.
func MarkReady(ctx context.Context, c client.Client, w *api.Widget) error { // want MarkReady:"writes status fresh when the objects in parameters 2 are fresh" MarkReady:"leaves parameters 2 written" MarkReady:"patches from a snapshot as MarkReadyFrom, parameter 2"
	w.Status.Ready = true
	return writtenhelpers.SetReady(ctx, c, w)
}

// ReloadWith hands on the reader it is handed.
func ReloadWith(ctx context.Context, rd client.Client, w *api.Widget) error { // want ReloadWith:"writes status fresh when parameters 1 read uncached" ReloadWith:"patches in place from a copy after its own read, parameter 2"
	return writtenhelpers.Reload(ctx, rd, w)
}

// ReadyCopy hands on a copy it makes: no freshness fact.
func ReadyCopy(ctx context.Context, c client.Client, w *api.Widget) error { // want ReadyCopy:"no sibling: ReadyCopy hands writtenhelpers.SetReady something other than w"
	return writtenhelpers.SetReady(ctx, c, w.DeepCopy())
}
