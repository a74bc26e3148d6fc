// Package basic holds one reconciler per case of the statuswrites pass.
package basic

import (
	"context"
	"errors"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// TwoInARow writes the status twice, an Update and then a Patch.
type TwoInARow struct{ client.Client }

func (r *TwoInARow) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	base := w.DeepCopy()
	w.Status.Ready = false
	err := r.Status().Patch(ctx, &w, client.MergeFrom(base)) // want `^status of w written a second time in one reconcile \(first write at :24\): collect the changes and write the status once, at the end of \(\*TwoInARow\)\.Reconcile$`
	return reconcile.Result{}, err
}

// Helper calls a "set a condition and write" helper after each step.
type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	r.setCondition(ctx, &w, "Progressing")
	if err := step(); err != nil {
		return reconcile.Result{}, err
	}
	r.setCondition(ctx, &w, "Ready") // want `^status of w written a second time in one reconcile \(first write at :41 through \(\*Helper\)\.setCondition\): collect`
	return reconcile.Result{}, nil
}

func (r *Helper) setCondition(ctx context.Context, w *api.Widget, reason string) {
	w.Status.Ready = reason == "Ready"
	_ = r.Status().Update(ctx, w) // written once per call: not reported here
}

// Deferred writes the status from a defer, and once more on its way.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req reconcile.Request) (res reconcile.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	base := w.DeepCopy()
	defer func() { // want `^status of w written a second time in one reconcile \(first write at :67\)`
		_ = r.Status().Patch(ctx, &w, client.MergeFrom(base))
	}()
	w.Status.Ready = true
	if err := r.Status().Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// OnlyDeferred writes the status once, from a defer, whatever path the
// reconcile takes: the cure.
type OnlyDeferred struct{ client.Client }

func (r *OnlyDeferred) Reconcile(ctx context.Context, req reconcile.Request) (res reconcile.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	defer func() {
		if perr := r.Status().Patch(ctx, &w, client.MergeFrom(base)); perr != nil && err == nil {
			err = perr
		}
	}()
	if err := step(); err != nil {
		w.Status.Ready = false
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, nil
}

// Loop writes the same object on each pass of a loop.
type Loop struct{ client.Client }

func (r *Loop) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	for _, ready := range []bool{false, true} {
		w.Status.Ready = ready
		_ = r.Status().Update(ctx, &w) // want `^status of w written again on each pass of a loop in one reconcile: collect`
	}
	return reconcile.Result{}, nil
}

// List writes the status of each item of a list once: different objects.
type List struct{ client.Client }

func (r *List) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var items []api.Widget
	for i := range items {
		items[i].Status.Ready = true
		_ = r.Status().Update(ctx, &items[i])
	}
	for _, item := range items {
		item.Status.Ready = true
		_ = r.Status().Update(ctx, &item)
	}
	for _, name := range []string{"a", "b"} {
		w := &api.Widget{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: name}, w); err != nil {
			continue
		}
		_ = r.Status().Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// ErrorBranch writes on an error branch that returns, and otherwise once
// at the end: one write on every path.
type ErrorBranch struct{ client.Client }

func (r *ErrorBranch) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := step(); err != nil {
		w.Status.Ready = false
		_ = r.Status().Update(ctx, &w)
		return reconcile.Result{}, err
	}
	if err := r.fail(ctx, &w); err != nil {
		return reconcile.Result{}, err // fail wrote only on its error path
	}
	if ok := check(); ok {
		w.Status.Ready = true
	} else {
		w.Status.Ready = false
	}
	if err := r.Status().Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// fail writes the status only when the step fails, and returns its error.
func (r *ErrorBranch) fail(ctx context.Context, w *api.Widget) error {
	if err := step(); err != nil {
		w.Status.Ready = false
		_ = r.Status().Update(ctx, w)
		return err
	}
	return nil
}

// Exclusive writes on the two branches of an if.
type Exclusive struct{ client.Client }

func (r *Exclusive) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if check() {
		_ = r.Status().Update(ctx, &w)
	} else {
		_ = r.Status().Patch(ctx, &w, client.MergeFrom(w.DeepCopy()))
	}
	return reconcile.Result{}, nil
}

// Correlated asks the same question twice and writes on one answer each
// time: no path takes both.
type Correlated struct{ client.Client }

func (r *Correlated) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	err := step()
	if err != nil {
		w.Status.Ready = false
		_ = r.Status().Update(ctx, &w)
	}
	log()
	if err == nil {
		w.Status.Ready = true
		_ = r.Status().Update(ctx, &w)
	}
	return reconcile.Result{}, nil
}

// TwoObjects writes the status of two different objects, once each.
type TwoObjects struct{ client.Client }

func (r *TwoObjects) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w, owner api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "owner"}, &owner); err != nil {
		return reconcile.Result{}, err
	}
	_ = r.Status().Update(ctx, &w)
	_ = r.Status().Update(ctx, &owner)
	return reconcile.Result{}, nil
}

// ByKey writes the object it loaded, then calls a helper that loads it
// again by the same key and writes it: the same object.
type ByKey struct{ client.Client }

func (r *ByKey) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	r.markReady(ctx, req.NamespacedName) // want `^status of w written a second time in one reconcile \(first write at :235\)`
	return reconcile.Result{}, nil
}

func (r *ByKey) markReady(ctx context.Context, key client.ObjectKey) {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return
	}
	w.Status.Ready = true
	_ = r.Status().Update(ctx, w)
}

// Retry writes once, in a conflict retry, and once by hand in a loop that
// goes round again only when the write failed.
type Retry struct{ client.Client }

func (r *Retry) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
			return err
		}
		w.Status.Ready = true
		return r.Status().Update(ctx, &w)
	})
	if err != nil {
		return reconcile.Result{}, err
	}
	var v api.Widget
	for i := 0; i < 3; i++ {
		if err := r.Get(ctx, client.ObjectKeyFromObject(&w), &v); err != nil {
			return reconcile.Result{}, err
		}
		if err := r.Status().Update(ctx, &v); err == nil {
			break
		}
	}
	return reconcile.Result{}, nil
}

// RetryTwice retries two writes of the same object.
type RetryTwice struct{ client.Client }

func (r *RetryTwice) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	set := func(ready bool) error {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
				return err
			}
			w.Status.Ready = ready
			return r.Status().Update(ctx, &w)
		})
	}
	if err := set(false); err != nil {
		return reconcile.Result{}, err
	}
	if err := step(); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, set(true) // want `^status of w written a second time in one reconcile \(first write at :293 through a function literal in \(\*RetryTwice\)\.Reconcile\)`
}

// Lookalike writes with something that is not controller-runtime's client.
type Lookalike struct {
	client.Client
	other fakeWriter
}

type fakeWriter struct{}

func (fakeWriter) Status() fakeWriter                                            { return fakeWriter{} }
func (fakeWriter) Update(ctx context.Context, obj client.Object, _ ...any) error { return nil }

func (r *Lookalike) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	_ = r.other.Status().Update(ctx, &w)
	_ = r.other.Status().Update(ctx, &w)
	return reconcile.Result{}, nil
}

func step() error { return errors.New("x") }
func check() bool { return true }
func log()        {}

// DeferOnError reports a failure from a defer, and writes on success: the
// deferred write runs only on the paths that return an error, after which
// nothing else writes.
type DeferOnError struct{ client.Client }

func (r *DeferOnError) Reconcile(ctx context.Context, req reconcile.Request) (_ reconcile.Result, retErr error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if retErr == nil {
			return
		}
		w.Status.Ready = false
		_ = r.Status().Update(ctx, &w)
	}()
	if err := step(); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Patch(ctx, &w, client.MergeFrom(w.DeepCopy())); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// DeferOnErrorAndFail does the same, but also writes before it fails.
type DeferOnErrorAndFail struct{ client.Client }

func (r *DeferOnErrorAndFail) Reconcile(ctx context.Context, req reconcile.Request) (_ reconcile.Result, retErr error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	defer func() { // want `^status of w written a second time in one reconcile \(first write at :365\)`
		if retErr != nil {
			w.Status.Ready = false
			_ = r.Status().Update(ctx, &w)
		}
	}()
	_ = r.Status().Update(ctx, &w)
	if err := step(); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// Monitor starts a goroutine that writes the status periodically: writes
// over time, not in one reconcile.
type Monitor struct{ client.Client }

func (r *Monitor) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	go r.monitor(ctx, w)
	return reconcile.Result{}, nil
}

func (r *Monitor) monitor(ctx context.Context, w *api.Widget) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
			w.Status.Ready = check()
			_ = r.Status().Update(ctx, w)
		}
	}
}
