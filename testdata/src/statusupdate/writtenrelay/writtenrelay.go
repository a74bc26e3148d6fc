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
func MarkReady(ctx context.Context, c client.Client, w *api.Widget) error { // want MarkReady:"writes status fresh when the objects in parameters 2 are fresh" MarkReady:"leaves parameters 2 written" MarkReady:"no sibling: MarkReady reaches it through writtenhelpers.SetReady, in another package"
	w.Status.Ready = true
	return writtenhelpers.SetReady(ctx, c, w)
}

// ReloadWith hands on the reader it is handed.
func ReloadWith(ctx context.Context, rd client.Client, w *api.Widget) error { // want ReloadWith:"writes status fresh when parameters 1 read uncached" ReloadWith:"no sibling: ReloadWith reaches it through writtenhelpers.Reload, in another package"
	return writtenhelpers.Reload(ctx, rd, w)
}

// ReadyCopy hands on a copy it makes: no freshness fact.
func ReadyCopy(ctx context.Context, c client.Client, w *api.Widget) error { // want ReadyCopy:"no sibling: ReadyCopy reaches it through writtenhelpers.SetReady, in another package"
	return writtenhelpers.SetReady(ctx, c, w.DeepCopy())
}
