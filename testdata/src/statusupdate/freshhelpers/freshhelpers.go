package freshhelpers

// Status helpers without a reconciler. Each fact says on what condition
// the helper writes only objects it has just read from the API server.

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// UpdateWithRetry reads the object again through the reader it is handed,
// in the retry closure that writes it.
func UpdateWithRetry(ctx context.Context, c client.Client, rd client.Reader, key types.NamespacedName, w *api.Widget) error { // want UpdateWithRetry:"writes status fresh when parameters 2 read uncached" UpdateWithRetry:"patches in place from a copy after its own read, parameter 4"
	return retry.OnError(retry.DefaultRetry, func(error) bool { return true }, func() error {
		if err := rd.Get(ctx, key, w); err != nil {
			return err
		}
		w.Status.Ready = true
		return c.Status().Update(ctx, w)
	})
}

// Refresh reads and writes through the one client it is handed, through an
// unexported helper.
func Refresh(ctx context.Context, c client.Client, key types.NamespacedName, w *api.Widget) error { // want Refresh:"writes status fresh when parameters 1 read uncached" Refresh:"patches in place from a copy after its own read, parameter 3"
	return refresh(ctx, c, key, w)
}

func refresh(ctx context.Context, c client.Client, key types.NamespacedName, w *api.Widget) error {
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	return c.Status().Update(ctx, w)
}

// AfterUpdate writes the status right after an Update of the object: the
// object is fresh whatever the caller passes.
func AfterUpdate(ctx context.Context, c client.Client, w *api.Widget) error { // want AfterUpdate:"writes status fresh" AfterUpdate:"leaves parameters 2 written" AfterUpdate:"patches from a snapshot as AfterUpdateFrom, parameter 2"
	if err := c.Update(ctx, w); err != nil {
		return err
	}
	return c.Status().Update(ctx, w)
}

// Write writes the object the caller loaded: fresh only when the caller's
// object is.
func Write(ctx context.Context, c client.Client, w *api.Widget) error { // want Write:"writes status fresh when the objects in parameters 2 are fresh" Write:"leaves parameters 2 written" Write:"patches from a snapshot as WriteFrom, parameter 2"
	return c.Status().Update(ctx, w)
}
