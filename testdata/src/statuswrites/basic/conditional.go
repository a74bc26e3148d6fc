package basic

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// setCondition writes only when the condition is not there yet.
func setCondition(ctx context.Context, c client.Client, w *api.Widget, typ string, status metav1.ConditionStatus) error {
	if meta.IsStatusConditionPresentAndEqual(w.Status.Conditions, typ, status) {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: typ, Status: status})
	return c.Status().Update(ctx, w)
}

// Conditional reports progress through setCondition: the repeated
// "not ready" finds the condition the first call set and writes nothing;
// "ready" changes it and writes again.
type Conditional struct{ client.Client }

func (r *Conditional) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := setCondition(ctx, r, &w, "Ready", metav1.ConditionFalse); err != nil {
		return reconcile.Result{}, err
	}
	if err := setCondition(ctx, r, &w, "Ready", metav1.ConditionFalse); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, setCondition(ctx, r, &w, "Ready", metav1.ConditionTrue) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through setCondition\)`
}
