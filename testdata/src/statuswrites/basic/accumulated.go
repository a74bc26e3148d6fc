package basic

import (
	"context"
	"errors"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// Accumulated keeps a reason to retry that does not stop it from writing
// and returns it last (kserve's TrainedModel reconciler): on the paths
// where that error is nil, its caller goes on to write again.
type Accumulated struct{ client.Client }

func (r *Accumulated) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.setConditions(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status of w written a second time in one reconcile \(first write at :\d+ through \(\*Accumulated\)\.setConditions\)`
}

func (r *Accumulated) setConditions(ctx context.Context, w *api.Widget) error {
	var notReady error
	if w.Name == "" {
		notReady = errors.New("no name")
	}
	if w.Namespace == "" {
		notReady = errors.New("no namespace")
	}
	w.Status.Ready = notReady == nil
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	return notReady
}

// AccumulatedFailure writes only where the error it returns is set: its
// caller, which stops on that error, writes once.
type AccumulatedFailure struct{ client.Client }

func (r *AccumulatedFailure) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.check(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *AccumulatedFailure) check(ctx context.Context, w *api.Widget) error {
	var failed error
	if w.Name == "" {
		w.Status.Ready = false
		_ = r.Status().Update(ctx, w)
		failed = errors.New("no name")
	}
	if w.Namespace == "" {
		failed = errors.New("no namespace")
	}
	return failed
}
