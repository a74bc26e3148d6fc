// Package crosspkg calls the status helpers of another package.
package crosspkg

import (
	"context"
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
	"statuswrites/helpers"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	helpers.UpdateCondition(ctx, r, req.NamespacedName, false)
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := step(); err != nil {
		return reconcile.Result{}, helpers.ReportFailure(ctx, r, &w, err)
	}
	if err := helpers.SetReady(ctx, r, &w); err != nil { // want `^status of w written a second time in one reconcile \(first write at :19 through helpers\.UpdateCondition\): collect`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// Once writes through each helper on its own path only.
type Once struct{ client.Client }

func (r *Once) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := step(); err != nil {
		return reconcile.Result{}, helpers.ReportFailure(ctx, r, &w, err)
	}
	var other api.Widget
	if err := r.Get(ctx, client.ObjectKey{Name: "other"}, &other); err != nil {
		return reconcile.Result{}, err
	}
	helpers.UpdateCondition(ctx, r, client.ObjectKeyFromObject(&other), true)
	return reconcile.Result{}, helpers.SetReady(ctx, r, &w)
}

func step() error { return errors.New("x") }

// Progress reports each step through a helper that writes only when the
// condition is not there yet.
type Progress struct{ client.Client }

func (r *Progress) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	helpers.UpdateStatus(ctx, r, &w, metav1.ConditionFalse, "Ready", "Creating")
	if err := step(); err != nil {
		// The same type and status: the condition is there, nothing is written.
		helpers.UpdateStatus(ctx, r, &w, metav1.ConditionFalse, "Ready", "FailedCreating")
		return reconcile.Result{}, err
	}
	helpers.UpdateStatus(ctx, r, &w, metav1.ConditionTrue, "Ready", "Created") // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through helpers\.UpdateStatus\)`
	return reconcile.Result{}, nil
}

// Waits stops where helpers.WaitForReady wrote, so it writes once.
type Waits struct{ client.Client }

func (r *Waits) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if ok, res, err := helpers.WaitForReady(ctx, r, &w); !ok {
		return res, err
	}
	return reconcile.Result{}, helpers.SetReady(ctx, r, &w)
}

// WaitsNot goes on where helpers.WaitForReady wrote.
type WaitsNot struct{ client.Client }

func (r *WaitsNot) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if _, _, err := helpers.WaitForReady(ctx, r, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, helpers.SetReady(ctx, r, &w) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through helpers\.WaitForReady\)`
}

// Retried writes through another package's helper that retries with the
// key a function literal captures, then through one that takes the whole
// request.
type Retried struct{ client.Client }

func (r *Retried) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	if err := helpers.UpdateRetried(ctx, r, req.NamespacedName, false); err != nil {
		return reconcile.Result{}, err
	}
	helpers.MarkRequest(ctx, r, req) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through helpers\.UpdateRetried\): collect`
	return reconcile.Result{}, nil
}
