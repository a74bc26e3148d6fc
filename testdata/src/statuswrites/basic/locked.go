package basic

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// queue runs a function under its lock, as kueue's queue manager runs a
// status update in WithPenaltyLocked.
type queue struct{}

func (queue) locked(f func() error) error { return f() }

// Locked writes the status through one helper, then through another that
// writes from a function literal run under a lock: the literal's object is
// the helper's parameter, which the literal captures.
type Locked struct {
	client client.Client
	on     bool
}

func (r *Locked) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.client.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.ready(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if r.on {
		if err := r.usage(ctx, &w); err != nil { // want `^status of w written a second time in one reconcile \(first write at `
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

func (r *Locked) ready(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.client.Status().Update(ctx, w)
}

func (r *Locked) usage(ctx context.Context, w *api.Widget) error {
	var q queue
	return q.locked(func() error { return r.write(ctx, w) })
}

func (r *Locked) write(ctx context.Context, w *api.Widget) error {
	return r.client.Status().Update(ctx, w)
}
