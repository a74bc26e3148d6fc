package writtenhelpers

// Helpers of another package that write the object they are handed. The
// facts say which leave it as the API server answered, and which write its
// status fresh when the caller hands in a fresh object.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// EnsureLabel updates the object on every path that returns.
func EnsureLabel(ctx context.Context, c client.Client, w *api.Widget) error { // want EnsureLabel:"leaves parameters 2 written"
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["app"] = "widget"
	return c.Update(ctx, w)
}

// EnsureFinalizer updates the object only when the finalizer is missing:
// no fact, a caller's object may still be the cached one.
func EnsureFinalizer(ctx context.Context, c client.Client, w *api.Widget) error {
	for _, f := range w.Finalizers {
		if f == "widgets/cleanup" {
			return nil
		}
	}
	w.Finalizers = append(w.Finalizers, "widgets/cleanup")
	return c.Update(ctx, w)
}

// Labeller adopts objects with the client it holds.
type Labeller struct{ C client.Client }

// Adopt patches the object on every path that returns.
func (l *Labeller) Adopt(ctx context.Context, w *api.Widget) error { // want Adopt:"leaves parameters 1 written"
	base := w.DeepCopy()
	w.Labels = map[string]string{"owner": "widgets"}
	if err := l.C.Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return err
	}
	return nil
}

// SetReady writes the status of the object the caller hands in: fresh when
// that object is. A status Update answers with the object too, so it also
// leaves the object written.
func SetReady(ctx context.Context, c client.Client, w *api.Widget) error { // want SetReady:"writes status fresh when the objects in parameters 2 are fresh" SetReady:"leaves parameters 2 written" SetReady:"patches from a snapshot as SetReadyFrom, parameter 2"
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

// Reload reads the object again through the client it is handed before
// writing it: the object handed in does not matter, the reader does.
func Reload(ctx context.Context, c client.Client, w *api.Widget) error { // want Reload:"writes status fresh when parameters 1 read uncached" Reload:"patches in place from a copy after its own read, parameter 2"
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		return err
	}
	return c.Status().Update(ctx, w)
}

// Replace writes a copy it makes: no fact, the copy is as old as the
// object it was made from and the helper cannot tell.
func Replace(ctx context.Context, c client.Client, w *api.Widget) error { // want Replace:"no sibling: Replace updates the status of something other than w"
	cp := w.DeepCopy()
	cp.Status.Ready = true
	return c.Status().Update(ctx, cp)
}
