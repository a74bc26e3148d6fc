// Package mutations covers the other changes of the status on the way to
// the write. Where the pass cannot rule out that something else changed,
// the write is not redundant and nothing is reported.
package mutations

import (
	"context"
	"encoding/json"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

// MarkRunReconciler stamps the time of the last run through the API type's
// own method before the write: the write carries that change every time.
type MarkRunReconciler struct {
	client.Client
}

func (r *MarkRunReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.MarkRun(metav1.Now())
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// MethodValueReconciler stamps the time through the API type's method
// taken as a value and called later: the same change as MarkRunReconciler's.
type MethodValueReconciler struct {
	client.Client
}

func (r *MethodValueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	stamp := w.MarkRun
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	stamp(metav1.Now())
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// MethodSetReconciler sets another condition through the API type's
// method, which the pass cannot see into.
type MethodSetReconciler struct {
	client.Client
}

func (r *MethodSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	w.SetCondition(metav1.Condition{Type: "Synced", Status: metav1.ConditionTrue})
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// RemoveThenSetReconciler removes the condition on every path and sets it
// again: the set always reports a change, with a new transition time.
type RemoveThenSetReconciler struct {
	client.Client
}

func (r *RemoveThenSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	meta.RemoveStatusCondition(&w.Status.Conditions, "Ready")
	if w.Spec.Message == "" {
		return ctrl.Result{}, nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Configured"})
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// statusObject is the kind of interface a shared writer takes.
type statusObject interface {
	client.Object
	StatusBase() *api.BaseStatus
}

// persist stamps a heartbeat through an interface accessor and writes: a
// deferred writer shared by every reconciler.
func persist(ctx context.Context, c client.Client, obj statusObject) error {
	obj.StatusBase().LastSeen = metav1.Now()
	return c.Status().Update(ctx, obj)
}

// HeartbeatReconciler writes through the deferred heartbeat writer: the
// write is by design on every reconcile.
type HeartbeatReconciler struct {
	client.Client
}

func (r *HeartbeatReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		if perr := persist(ctx, r.Client, &w); err == nil {
			err = perr
		}
	}()
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return ctrl.Result{}, nil
}

// ClockReconciler assigns the current time to a status field.
type ClockReconciler struct {
	client.Client
}

func (r *ClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	now := metav1.Now()
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	w.Status.LastRun = &now
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// CallerStampsReconciler stamps the time before calling a helper that sets
// and writes: the helper's write carries the caller's change.
type CallerStampsReconciler struct {
	client.Client
}

func (r *CallerStampsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.MarkRun(metav1.Now())
	return ctrl.Result{}, r.setReady(ctx, &w)
}

func (r *CallerStampsReconciler) setReady(ctx context.Context, w *api.Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.Status().Update(ctx, w)
}

// OtherPackageReconciler hands the status to another package's function.
type OtherPackageReconciler struct {
	client.Client
}

func (r *OtherPackageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	api.Default(&w.Status)
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// MutateFuncReconciler changes the status in a closure that another
// package's function runs.
type MutateFuncReconciler struct {
	client.Client
}

func (r *MutateFuncReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	if err := api.Run(func() error {
		w.Status.LastRun = &metav1.Time{Time: metav1.Now().Time}
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// DecodedReconciler decodes the status from an annotation: json.Unmarshal
// takes it as the empty interface and may change any field of it.
type DecodedReconciler struct {
	client.Client
}

func (r *DecodedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	if err := json.Unmarshal([]byte(w.Annotations["last-status"]), &w.Status); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
