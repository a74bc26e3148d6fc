package callbacks

// A status write in a function literal, or in a helper it calls, that
// another package's function only calls before it returns: the literal
// runs inside that call, so the snapshot is taken where the literal is
// made (kueue's LocalQueueReconciler.reconcileConsumedUsage). A function
// that keeps the literal for later gets no fix.

import (
	"context"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/callbackhelpers"
)

type R struct {
	client.Client
	queues *callbackhelpers.Manager
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.reconcileUsage(ctx, &w)
}

func (r *R) reconcileUsage(ctx context.Context, w *api.Widget) error {
	return r.queues.WithPenaltyLocked(callbackhelpers.Key(w), func(penalty int) error {
		return r.updateUsage(ctx, w, penalty)
	})
}

func (r *R) updateUsage(ctx context.Context, w *api.Widget, penalty int) error {
	w.Status.Ready = penalty == 0
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}

// Direct writes in the literal itself.
type Direct struct {
	client.Client
	queues *callbackhelpers.Manager
}

func (r *Direct) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.queues.WithPenaltyLocked(w.Name, func(penalty int) error {
		w.Status.Ready = penalty == 0
		return r.Status().Update(ctx, &w) // want `reconcile path; .*: patch the status instead$`
	})
}

// Kept hands the literal to a function that keeps it: no snapshot fits.
type Kept struct {
	client.Client
	queues *callbackhelpers.Manager
}

func (r *Kept) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	r.queues.Later(func(penalty int) error {
		w.Status.Ready = penalty == 0
		return r.Status().Update(ctx, &w) // want `reconcile path; .*: patch the status instead \(no suggested fix: w is not loaded in the function literal`
	})
	return reconcile.Result{}, nil
}

// Retried reads the object again in a conflict retry and hands it to a
// helper: the copy is taken after that read, inside the literal, not
// where the literal is made.
type Retried struct{ client.Client }

func (r *Retried) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	return reconcile.Result{}, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		return r.markReady(ctx, w)
	})
}

func (r *Retried) markReady(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}
