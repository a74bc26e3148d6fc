package basic

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// The helpers below write the status only on the paths whose results tell
// the caller to stop; a caller that stops there writes once (the shape of
// a real operator's "wait for dependencies" and "wait for references"
// steps, which were false positives).

// WaitBool stops when its helper's bool result is false.
type WaitBool struct{ client.Client }

func (r *WaitBool) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	ok, res, err := r.waitForDeps(ctx, &w)
	if !ok {
		return res, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *WaitBool) waitForDeps(ctx context.Context, w *api.Widget) (bool, reconcile.Result, error) {
	if w.Name == "" {
		w.Status.Ready = false
		return false, reconcile.Result{RequeueAfter: time.Minute}, r.Status().Update(ctx, w)
	}
	if w.Namespace == "" {
		w.Status.Ready = false
		if err := r.Status().Update(ctx, w); err != nil {
			return false, reconcile.Result{}, err
		}
		return false, reconcile.Result{Requeue: true}, nil
	}
	return true, reconcile.Result{}, nil
}

// WaitResult stops when its helper's reconcile.Result is not zero.
type WaitResult struct{ client.Client }

func (r *WaitResult) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if res, err := r.waitForRefs(ctx, &w); !res.IsZero() || err != nil {
		return res, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *WaitResult) waitForRefs(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	if w.Name == "" {
		w.Status.Ready = false
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{RequeueAfter: 5 * time.Second}, nil
	}
	return reconcile.Result{}, nil
}

// GoOnBool's helper writes on the path whose result lets the caller go
// on, so the caller's later write is a second one.
type GoOnBool struct{ client.Client }

func (r *GoOnBool) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if !r.markStarted(ctx, &w) {
		return reconcile.Result{}, nil
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `^status of w written a second time in one reconcile \(first write at :84 through \(\*GoOnBool\)\.markStarted\)`
}

func (r *GoOnBool) markStarted(ctx context.Context, w *api.Widget) bool {
	if w.Name == "" {
		return false
	}
	w.Status.Ready = false
	return r.Status().Update(ctx, w) == nil
}

// EitherBool's helper writes whatever its result says.
type EitherBool struct{ client.Client }

func (r *EitherBool) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if !r.record(ctx, &w) {
		return reconcile.Result{}, nil
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `^status of w written a second time in one reconcile \(first write at :107 through \(\*EitherBool\)\.record\)`
}

func (r *EitherBool) record(ctx context.Context, w *api.Widget) bool {
	done := w.Name != ""
	w.Status.Ready = done
	_ = r.Status().Update(ctx, w)
	if done {
		return true
	}
	return false
}

// IgnoredResult does not look at what its helper says.
type IgnoredResult struct{ client.Client }

func (r *IgnoredResult) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	_, _ = (&WaitResult{r.Client}).waitForRefs(ctx, &w)
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `^status of w written a second time in one reconcile \(first write at :132 through \(\*WaitResult\)\.waitForRefs\)`
}

// UnknownRequeue's helper returns a reconcile.Result whose field is set
// from a variable: whether it is zero is not known, so its write counts.
type UnknownRequeue struct {
	client.Client
	interval time.Duration
}

func (r *UnknownRequeue) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if res, err := r.wait(ctx, &w); !res.IsZero() || err != nil {
		return res, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `^status of w written a second time in one reconcile \(first write at :149 through \(\*UnknownRequeue\)\.wait\)`
}

func (r *UnknownRequeue) wait(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	if w.Name == "" {
		w.Status.Ready = false
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{RequeueAfter: r.interval}, nil
	}
	return reconcile.Result{}, nil
}

// WaitPointer stops when its helper returns a *reconcile.Result, which it
// does only where it wrote.
type WaitPointer struct{ client.Client }

func (r *WaitPointer) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if res, err := r.getOwner(ctx, &w); err != nil || res != nil {
		if res != nil {
			return *res, err
		}
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *WaitPointer) getOwner(ctx context.Context, w *api.Widget) (*reconcile.Result, error) {
	if w.Namespace != "" {
		return nil, nil
	}
	w.Status.Ready = false
	if err := r.Status().Update(ctx, w); err != nil {
		return nil, err
	}
	return &reconcile.Result{RequeueAfter: time.Minute}, nil
}

// GoOnPointer's helper returns nil where it wrote, so the caller goes on
// after the write.
type GoOnPointer struct{ client.Client }

func (r *GoOnPointer) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if res, err := r.mark(ctx, &w); err != nil || res != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `^status of w written a second time in one reconcile \(first write at :206 through \(\*GoOnPointer\)\.mark\)`
}

func (r *GoOnPointer) mark(ctx context.Context, w *api.Widget) (*reconcile.Result, error) {
	if w.Namespace != "" {
		return &reconcile.Result{Requeue: true}, nil
	}
	w.Status.Ready = false
	return nil, r.Status().Update(ctx, w)
}

// WaitThrough's helper returns what another helper returns: a
// *reconcile.Result that is never nil, where it wrote.
type WaitThrough struct{ client.Client }

func (r *WaitThrough) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if res := r.waitForPrerequisites(ctx, &w); res != nil {
		return *res, nil
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *WaitThrough) waitForPrerequisites(ctx context.Context, w *api.Widget) *reconcile.Result {
	if w.Namespace == "" {
		return r.markInactiveAndWait(ctx, w)
	}
	return nil
}

func (r *WaitThrough) markInactiveAndWait(ctx context.Context, w *api.Widget) *reconcile.Result {
	if w.Status.Ready {
		w.Status.Ready = false
		_ = r.Status().Update(ctx, w)
	}
	return &reconcile.Result{RequeueAfter: time.Minute}
}

// Forwarded's helper returns what another helper returns (return
// r.sync(ctx, w)), which writes only where it returns true: the caller
// stops there, so it writes once.
type Forwarded struct{ client.Client }

func (r *Forwarded) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if requeue, err := r.ensure(ctx, &w, "a"); err != nil || requeue {
		return reconcile.Result{Requeue: requeue}, err
	}
	if requeue, err := r.ensure(ctx, &w, "b"); err != nil || requeue {
		return reconcile.Result{Requeue: requeue}, err
	}
	return reconcile.Result{}, nil
}

func (r *Forwarded) ensure(ctx context.Context, w *api.Widget, part string) (bool, error) {
	if part == "" {
		return false, nil
	}
	return r.sync(ctx, w, part)
}

func (r *Forwarded) sync(ctx context.Context, w *api.Widget, part string) (bool, error) {
	if w.Labels[part] != "" {
		return false, nil
	}
	w.Status.Ready = false
	_ = r.Status().Update(ctx, w)
	return true, nil
}

// ForwardedAfterWrite's helper writes itself before it returns what the
// other helper returns, whatever that says: the caller goes on after the
// helper's own write (and the helper writes twice itself).
type ForwardedAfterWrite struct{ Forwarded }

func (r *ForwardedAfterWrite) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if requeue, err := r.markAndSync(ctx, &w, "a"); err != nil || requeue {
		return reconcile.Result{Requeue: requeue}, err
	}
	if requeue, err := r.markAndSync(ctx, &w, "b"); err != nil || requeue { // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through \(\*ForwardedAfterWrite\)\.markAndSync\)`
		return reconcile.Result{Requeue: requeue}, err
	}
	return reconcile.Result{}, nil
}

func (r *ForwardedAfterWrite) markAndSync(ctx context.Context, w *api.Widget, part string) (bool, error) {
	w.Status.Ready = true
	_ = r.Status().Update(ctx, w)
	return r.sync(ctx, w, part) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+\)`
}
