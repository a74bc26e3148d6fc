// Package copyofloaded writes deep copies of loaded objects: a copy
// taken after the load (and after writes of the loaded object on some
// paths, a finalizer added) is as loaded as the object, so the snapshot
// goes right after the copy (kueue's clusterqueue controller,
// cloudnative-pg's quorum status retry). A copy of an object not loaded
// in the function is not.
package copyofloaded

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"statusupdate/api"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(&w, "example.com/finalizer") {
		controllerutil.AddFinalizer(&w, "example.com/finalizer")
		if err := r.Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	next := w.DeepCopy()
	next.Status.Ready = true
	return ctrl.Result{}, r.updateIfChanged(ctx, next, w.Status.Ready)
}

func (r *Reconciler) updateIfChanged(ctx context.Context, w *api.Widget, was bool) error {
	if w.Status.Ready == was {
		return nil
	}
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}

type Retrying struct{ client.Client }

func (r *Retrying) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var living api.Widget
		if err := r.Get(ctx, req.NamespacedName, &living); err != nil {
			return err
		}
		updated := living.DeepCopy()
		updated.Status.Ready = true
		return r.Status().Update(ctx, updated) // want `reconcile path; .*\(the conflict retry around it reads the cache again, .*: patch the status instead$`
	})
}

// Unloaded copies an object it is handed: no copy of it is loaded here.
type Unloaded struct{ client.Client }

func (r *Unloaded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.mark(ctx, &w)
}

func (r *Unloaded) mark(ctx context.Context, w *api.Widget) error {
	c := w.DeepCopy()
	c.Status.Ready = true
	return r.Status().Update(ctx, c) // want `no suggested fix: c is not loaded from the API server earlier in this function`
}

// StatusFirst changes the status of the loaded object before copying it:
// a snapshot of the copy would already hold that change, and the patch
// would leave it out, so the copy is not as loaded.
type StatusFirst struct{ client.Client }

func (r *StatusFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Ready = true
	next := w.DeepCopy()
	next.Status.Conditions = nil
	return ctrl.Result{}, r.Status().Update(ctx, next) // want `no suggested fix: next is not loaded from the API server earlier in this function`
}

// LabelsFirst changes only the metadata before copying: the status
// subresource ignores it, the copy is as loaded.
type LabelsFirst struct{ client.Client }

func (r *LabelsFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.SetLabels(map[string]string{"app": "widget"})
	next := w.DeepCopy()
	next.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, next) // want `reconcile path; .*: patch the status instead$`
}

// ReadAgain reads the object again on some paths before copying it: the
// copy is not as loaded by one read on every path.
type ReadAgain struct{ client.Client }

func (r *ReadAgain) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	if w.Status.Ready {
		if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	next := w.DeepCopy()
	next.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, next) // want `no suggested fix: next is not loaded from the API server earlier in this function`
}

// Compared compares the status it read with the one it wants before
// copying: a comparison only reads the status (equality.Semantic's
// DeepEqual is promoted from the forked reflect package), so the copy is
// as loaded (cloudnative-pg's failover quorum).
type Compared struct{ client.Client }

func (r *Compared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	want := api.WidgetStatus{Ready: true}
	return ctrl.Result{}, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var living api.Widget
		if err := r.Get(ctx, req.NamespacedName, &living); err != nil {
			return err
		}
		if equality.Semantic.DeepEqual(living.Status, want) {
			return nil
		}
		updated := living.DeepCopy()
		updated.Status = want
		return r.Status().Update(ctx, updated) // want `reconcile path; .*: patch the status instead$`
	})
}

// Looped copies the loaded object on each pass of a loop and changes
// the loaded object's status later in the pass: the next pass's copy
// holds that change, which its write must carry, so the copy is not as
// loaded.
type Looped struct{ client.Client }

func (r *Looped) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	for i := 0; i < 2; i++ {
		next := w.DeepCopy()
		next.Status.Conditions = nil
		if err := r.Status().Update(ctx, next); err != nil { // want `no suggested fix: next is not loaded from the API server earlier in this function`
			return ctrl.Result{}, err
		}
		w.Status.Ready = true
	}
	return ctrl.Result{}, nil
}
