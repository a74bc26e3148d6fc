package threaded

// Helpers that write the status of an object their callers load. The fix
// threads the snapshot through: each caller copies the object right after
// loading it and hands the copy in; the helper patches from it.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels["phase"] == "new" {
		return reconcile.Result{}, r.markReady(ctx, &w)
	}
	if err := r.markReady(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, &w); err != nil { // want `reconcile path;`
		return reconcile.Result{}, err
	}
	other := &api.Widget{}
	if err := r.Get(ctx, client.ObjectKey{Name: "other"}, other); err != nil {
		return reconcile.Result{}, err
	}
	_ = setBoth(ctx, r.Client, other)
	use(r.valued)
	return reconcile.Result{}, nil
}

// Fixed is a second reconciler for the helpers whose signature stays, each
// handed its own object from the cache: a helper that writes leaves its
// object fresh for the next.
type Fixed struct{ *R }

func (f *Fixed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var a, c, d api.Widget
	for _, o := range []*api.Widget{&a, &c, &d} {
		if err := f.Get(ctx, req.NamespacedName, o); err != nil {
			return reconcile.Result{}, err
		}
	}
	var b api.Widget
	if err := f.Get(ctx, req.NamespacedName, &b); err != nil {
		return reconcile.Result{}, err
	}
	_ = f.viaInterface(ctx, &a)
	_ = f.relay(ctx, &b)
	_ = f.ExportedRelay(ctx, &c)
	return reconcile.Result{}, f.Exported(ctx, &d)
}

// markReady is called twice from Reconcile: both calls pass the one copy.
func (r *R) markReady(ctx context.Context, w *api.Widget) error {
	if w.Status.Ready {
		return nil
	}
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path;`
}

// setBoth writes twice: both fixes add the same parameter.
func setBoth(ctx context.Context, c client.Client, w *api.Widget) error {
	if w.Status.Ready {
		w.Status.Ready = false
		if err := c.Status().Update(ctx, w); err != nil { // want `reconcile path;`
			return err
		}
	}
	w.Status.Ready = true
	return c.Status().Update(ctx, w) // want `reconcile path;`
}

// Exported may be called from other packages: its signature stays.
func (r *R) Exported(ctx context.Context, w *api.Widget) error { // want Exported:"leaves parameters 1 written" Exported:"patches from a snapshot as ExportedFrom, parameter 1"
	return r.Status().Update(ctx, w) // want `\(no suggested fix: w is a parameter, loaded by the caller; snapshot it there and patch with client\.MergeFrom \(the object handed to Exported at threaded\.go:61: d is not loaded from the API server before the call\)\)$`
}

type readier interface {
	viaInterface(ctx context.Context, w *api.Widget) error
}

var _ readier = (*R)(nil)

// viaInterface satisfies readier: its signature stays.
func (r *R) viaInterface(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `\(no suggested fix: w is a parameter`
}

// relay hands on its own parameter: it gains the snapshot parameter too.
func (r *R) relay(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.leaf(ctx, w)
}

func (r *R) leaf(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `reconcile path; [^()]*: patch the status instead$`
}

// ExportedRelay hands on its parameter, but its signature stays: no fix
// for the helper it calls.
func (r *R) ExportedRelay(ctx context.Context, w *api.Widget) error { // want ExportedRelay:"leaves parameters 1 written" ExportedRelay:"patches from a snapshot as ExportedRelayFrom, parameter 1"
	return r.leaf2(ctx, w)
}

func (r *R) leaf2(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `\(no suggested fix: w is a parameter`
}

// valued is used as a function value: its callers are not all known.
func (r *R) valued(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `\(no suggested fix: w is a parameter`
}

func use(func(context.Context, *api.Widget) error) {}
