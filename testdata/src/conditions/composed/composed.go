// Package composed is fixed by all of statuslint's passes at once: the
// conditions guard, the statusupdate patch and the fieldmanager owner
// apply to the same write statements.
package composed

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// The ConfigMap is already in the desired state.
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type:    "Ready",
		Status:  metav1.ConditionTrue,
		Reason:  "UpToDate",
		Message: "the Widget's ConfigMap is up to date",
	})
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type:   "Degraded",
		Status: metav1.ConditionFalse,
		Reason: "UpToDate",
	})
	// Write the status.
	if err := r.Status().Update(ctx, &w); err != nil { // a trailing comment
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type GadgetReconciler struct {
	client.Client
}

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"})
	return ctrl.Result{}, r.Status().Update(ctx,
		w)
}

// SprocketReconciler records the observed generation too: the conditions
// fix compares the status with a copy taken after the load, and the
// statusupdate fix inserts its own merge-patch base at the same place.
type SprocketReconciler struct {
	client.Client
}

func (r *SprocketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Sprocket{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, err
	}
	s.Status.ObservedGeneration = s.Generation
	meta.SetStatusCondition(&s.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"})
	if err := r.Status().Update(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
