package callers

// An object parameter is as fresh as every call of the function makes it:
// a helper that updates the status of an object its callers have just
// written, or read through the API reader, writes nothing stale.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct {
	client.Client
	apiReader client.Reader
}

func New(mgr manager.Manager) *R {
	return &R{Client: mgr.GetClient(), apiReader: mgr.GetAPIReader()}
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var a, b, c api.Widget
	if err := r.Get(ctx, req.NamespacedName, &a); err != nil {
		return reconcile.Result{}, err
	}
	a.Labels = map[string]string{"ready": "true"}
	if err := r.Update(ctx, &a); err != nil {
		return reconcile.Result{}, err
	}
	// Every call passes an object written just before.
	_ = r.setReady(ctx, &a)
	_ = r.outer(ctx, &a)
	// Read through the API reader at the call.
	_ = r.apiReader.Get(ctx, req.NamespacedName, &b)
	_ = r.setReady(ctx, &b)

	// One call passes the written object, the other the cached one.
	_ = r.setPhase(ctx, &a)
	_ = r.Get(ctx, req.NamespacedName, &c)
	_ = r.setPhase(ctx, &c)

	// Also used as a value: its callers are not all known.
	_ = markDone(ctx, r, &a)
	forEach(ctx, r, []*api.Widget{&c}, markDone)

	_ = r.reread(ctx, req, &a)
	_ = r.SetExported(ctx, &a)
	return reconcile.Result{}, nil
}

func (r *R) setReady(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w)
}

func (r *R) outer(ctx context.Context, w *api.Widget) error {
	return r.inner(ctx, w)
}

func (r *R) inner(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w)
}

func (r *R) setPhase(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

func forEach(ctx context.Context, c client.Client, ws []*api.Widget, f func(context.Context, client.Client, *api.Widget) error) {
	for _, w := range ws {
		_ = f(ctx, c, w)
	}
}

func markDone(ctx context.Context, c client.Client, w *api.Widget) error {
	return c.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// reread loads the object again from the cache on some paths.
func (r *R) reread(ctx context.Context, req reconcile.Request, w *api.Widget) error {
	if w.Status.Ready {
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
	}
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// SetExported may be called from other packages with any object.
func (r *R) SetExported(ctx context.Context, w *api.Widget) error { // want SetExported:"leaves parameters 1 written" SetExported:"patches from a snapshot as SetExportedFrom, parameter 1"
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}
