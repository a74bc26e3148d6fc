package basic

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

func depsReady(ctx context.Context) bool { return ctx != nil }

// Phases moves the widget through its phases as k8ssandra-operator's
// Stargate reconciler does, each step writing the phase only when it is
// not the step's already: after the first write sets Pending, the wait
// for the dependencies finds Pending and writes nothing; the step to
// Running, which the first write leads to, writes a second time.
type Phases struct{ client.Client }

func (r *Phases) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Status.Phase == "" {
		w.Status = api.WidgetStatus{Phase: api.PhasePending, Message: "waiting"}
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	if !depsReady(ctx) {
		if w.Status.Phase != api.PhasePending {
			w.Status.Phase = api.PhasePending
			if err := r.Status().Update(ctx, w); err != nil {
				return reconcile.Result{}, err
			}
		}
		return reconcile.Result{RequeueAfter: time.Second}, nil
	}
	if w.Status.Phase == api.PhasePending {
		w.Status.Phase = api.PhaseRunning
		if err := r.Status().Update(ctx, w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// Flags sets a bool the same way twice: the second step finds it set.
type Flags struct{ client.Client }

func (r *Flags) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if !w.Status.Ready {
		w.Status.Ready = true
		if err := r.Status().Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
	}
	if depsReady(ctx) && !w.Status.Ready {
		w.Status.Ready = true
		return reconcile.Result{}, r.Status().Update(ctx, &w)
	}
	return reconcile.Result{}, nil
}

func resetPhase(w *api.Widget) { w.Status.Phase = "" }

// PhasesChanged changes the phase between the steps, in ways the first
// write's phase no longer tells: a helper handed the object, a reload, a
// store of a value that is not a constant, a patch (whose answer is the
// server's phase where the patch left it out). Each second write is
// reported.
type PhasesChanged struct {
	client.Client
	phase api.WidgetPhase
}

func (r *PhasesChanged) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) [0-9]+ time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	resetPhase(w)
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	w.Status.Phase = r.phase
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		patch := client.MergeFrom(w.DeepCopy())
		w.Status.Message = "patched"
		if err := r.Status().Patch(ctx, w, patch); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// phaser keeps the object it steps.
type phaser struct{ w *api.Widget }

func (p *phaser) reset() { p.w.Status.Phase = "" }

// PhasesLater changes the phase through a closure made before the first
// write and through a struct that keeps the object: both second writes
// are reported.
type PhasesLater struct{ client.Client }

func (r *PhasesLater) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	reset := func() { w.Status.Phase = "" }
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	reset()
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

type PhasesKept struct{ client.Client }

func (r *PhasesKept) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	p := &phaser{w: w}
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	p.reset()
	if w.Status.Phase != api.PhasePending {
		w.Status.Phase = api.PhasePending
		if err := r.Status().Update(ctx, w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}
