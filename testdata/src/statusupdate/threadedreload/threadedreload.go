package threadedreload

// A reconcile that writes a finalizer with Update on some paths before it
// hands the object to a helper that writes its status (cloudnative-pg's
// DatabaseRole reconciler): the object is loaded again on those paths, so
// no one load precedes the call. The copy goes after the statement that
// holds the reload, since nothing from the Get to there changes the
// status. Where something does, the helper gets no snapshot.

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
		return reconcile.Result{}, err
	}
	if w.Finalizers == nil {
		w.Finalizers = []string{"example.com/cleanup"}
		if err := r.Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.markReady(ctx, &w)
}

func (r *R) markReady(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}

// Changed sets the status before the reload: a copy after the reload
// would leave that change out of the patch.
type Changed struct{ client.Client }

func (r *Changed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = false
	if w.Finalizers == nil {
		w.Finalizers = []string{"example.com/cleanup"}
		if err := r.Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.markDone(ctx, &w)
}

func (r *Changed) markDone(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead \(no suggested fix: w is a parameter, loaded by the caller`
}
