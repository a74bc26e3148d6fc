package basic

import (
	"context"
	"time"

	"github.com/hashicorp/go-multierror"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// Bundled reports a failed step in the status and collects the errors
// with go-multierror, as mariadb-operator's phase loops do: the bundle
// holds the step's error, which the branch tested not nil, so the
// reconcile returns there and writes once.
type Bundled struct{ client.Client }

func (r *Bundled) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.step(ctx, &w); err != nil {
		var errs *multierror.Error
		errs = multierror.Append(errs, err)
		w.Status.Ready = false
		if uerr := r.Status().Update(ctx, &w); uerr != nil {
			errs = multierror.Append(errs, uerr)
		}
		if err := errs.ErrorOrNil(); err != nil {
			return reconcile.Result{RequeueAfter: time.Second}, nil
		}
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *Bundled) step(ctx context.Context, w *api.Widget) error {
	return r.Get(ctx, client.ObjectKeyFromObject(w), &api.Widget{})
}

// BundledMaybe appends an error no branch tested: the bundle may be
// empty, and the reconcile may go on to write again.
type BundledMaybe struct{ client.Client }

func (r *BundledMaybe) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	var errs *multierror.Error
	errs = multierror.Append(errs, r.step(ctx, &w))
	w.Status.Ready = false
	_ = r.Status().Update(ctx, &w)
	if err := errs.ErrorOrNil(); err != nil {
		return reconcile.Result{RequeueAfter: time.Second}, nil
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status of w written a second time in one reconcile`
}

func (r *BundledMaybe) step(ctx context.Context, w *api.Widget) error {
	return r.Get(ctx, client.ObjectKeyFromObject(w), &api.Widget{})
}

// BundledCaptured's step error is also captured by a closure, so it lives
// in a variable (external-mariadb's reconcile): the bundle still holds it.
type BundledCaptured struct{ client.Client }

func (r *BundledCaptured) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	err := r.step(ctx, &w)
	describe := func() string { return err.Error() }
	if err != nil {
		var errs *multierror.Error
		errs = multierror.Append(errs, err)
		w.Status.Ready = describe() == ""
		if uerr := r.Status().Update(ctx, &w); uerr != nil {
			errs = multierror.Append(errs, uerr)
		}
		if err := errs.ErrorOrNil(); err != nil {
			return reconcile.Result{RequeueAfter: time.Second}, nil
		}
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

func (r *BundledCaptured) step(ctx context.Context, w *api.Widget) error {
	return r.Get(ctx, client.ObjectKeyFromObject(w), &api.Widget{})
}

// BundledReassigned sets the captured error again after testing it: what
// it appends may be nil, and the reconcile may go on to write again.
type BundledReassigned struct{ client.Client }

func (r *BundledReassigned) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	err := r.step(ctx, &w)
	describe := func() string { return err.Error() }
	if err != nil {
		err = r.step(ctx, &w)
		var errs *multierror.Error
		errs = multierror.Append(errs, err)
		w.Status.Ready = describe() == ""
		_ = r.Status().Update(ctx, &w)
		if err := errs.ErrorOrNil(); err != nil {
			return reconcile.Result{RequeueAfter: time.Second}, nil
		}
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status of w written a second time in one reconcile`
}

func (r *BundledReassigned) step(ctx context.Context, w *api.Widget) error {
	return r.Get(ctx, client.ObjectKeyFromObject(w), &api.Widget{})
}
