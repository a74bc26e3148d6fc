package basic

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

// DirectReconciler ignores the result and writes right after.
type DirectReconciler struct {
	client.Client
}

func (r *DirectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Already in the desired state.
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{ // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when a condition changed$`
		Type:    "Ready",
		Status:  metav1.ConditionTrue,
		Reason:  "UpToDate",
		Message: "everything is fine",
	})
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// SeveralReconciler sets several conditions, then writes once.
type SeveralReconciler struct {
	client.Client
}

func (r *SeveralReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{ // want `status written although SetStatusCondition reported no change \(result ignored\); .*: write only when a condition changed$`
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate",
	})
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{ // want `write only when a condition changed \(the suggested fix of the SetStatusCondition call on line 47 covers this call too\)$`
		Type: "Degraded", Status: metav1.ConditionFalse, Reason: "UpToDate",
	})
	_ = meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{ // want `covers this call too`
		Type: "Progressing", Status: metav1.ConditionFalse, Reason: "Done",
	})

	err := r.Status().Update(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ReturnReconciler writes in its return statement.
type ReturnReconciler struct {
	client.Client
}

func (r *ReturnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}) // want `status written although SetStatusCondition reported no change`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// LoopReconciler sets conditions in a loop and patches once; the name
// changed is taken.
type LoopReconciler struct {
	client.Client
}

func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	changed := "unrelated"
	_ = changed
	base := w.DeepCopy()
	for _, t := range []string{"A", "B"} {
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: t, Status: metav1.ConditionTrue, Reason: "Done"}) // want `status written although SetStatusCondition reported no change`
	}
	r.Status().Patch(ctx, &w, client.MergeFrom(base))
	return ctrl.Result{}, nil
}

// SubResourceReconciler writes through SubResource("status") in a helper
// that sets and writes.
type SubResourceReconciler struct {
	C client.Client
}

func (r *SubResourceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.C.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.setReady(ctx, &w)
}

func (r *SubResourceReconciler) setReady(ctx context.Context, w *api.Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write`
	return r.C.SubResource("status").Update(ctx, w)
}
