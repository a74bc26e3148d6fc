// Package scaffold is kubebuilder's layout: the package's tests call the
// reconcile's helpers in their own ways (another status change first, a
// helper used as a value). The tests say nothing about production code:
// the findings are the same in the package and in its test variant.
package scaffold

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

var ready = metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	markReady(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func markReady(w *api.Widget) {
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\)`
}

// PartsReconciler's helper sets a condition and writes: reported there.
// A test hands the helper an object whose status it changed first.
type PartsReconciler struct {
	client.Client
}

func (r *PartsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.updateCondition(ctx, &w, ready)
}

func (r *PartsReconciler) updateCondition(ctx context.Context, w *api.Widget, cond metav1.Condition) error {
	meta.SetStatusCondition(&w.Status.Conditions, cond) // want `^status written although SetStatusCondition reported no change \(result ignored\)`
	return r.Status().Update(ctx, w)
}
