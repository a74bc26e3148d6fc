// Package legacy is a reconciler written against controller-runtime v0.6
// and an apimachinery release before v0.29, where SetStatusCondition
// returns nothing: only a comparison can guard the write.
package legacy

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type WidgetStatus struct {
	Conditions []metav1.Condition
}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status WidgetStatus
}

func (in *Widget) DeepCopy() *Widget              { out := *in; return &out }
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

var ready = metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}

type WidgetReconciler struct {
	client.Client
}

var _ reconcile.Reconciler = &WidgetReconciler{}

func (r *WidgetReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written after SetStatusCondition whether or not a condition changed; that is an API request on every reconcile: compare the old and new conditions \(equality\.Semantic\.DeepEqual\) and write only when they differ$`
	if err := r.Status().Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.compared(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.checked(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.flagged(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.flaggedDeepEqual(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.flaggedAlways(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.dereffed(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.helper(ctx, &w)
}

// compared writes only when the conditions differ: not reported.
func (r *WidgetReconciler) compared(ctx context.Context, w *Widget) error {
	old := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	if equality.Semantic.DeepEqual(old.Status.Conditions, w.Status.Conditions) {
		return nil
	}
	return r.Status().Update(ctx, w)
}

// checked sets and writes only when the condition is not already so: not
// reported.
func (r *WidgetReconciler) checked(ctx context.Context, w *Widget) error {
	if meta.IsStatusConditionPresentAndEqual(w.Status.Conditions, "Ready", metav1.ConditionTrue) {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.Status().Update(ctx, w)
}

// helper sets and writes unconditionally: reported with the path.
func (r *WidgetReconciler) helper(ctx context.Context, w *Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written after SetStatusCondition whether or not a condition changed; .*equality\.Semantic\.DeepEqual`
	return r.Status().Update(ctx, w)
}

// flagged sets a flag where the condition is not already so, and writes
// when the flag is set: not reported.
func (r *WidgetReconciler) flagged(ctx context.Context, w *Widget) error {
	needsUpdate := false
	if cur := meta.FindStatusCondition(w.Status.Conditions, "Ready"); cur == nil || cur.Status != ready.Status {
		meta.SetStatusCondition(&w.Status.Conditions, ready)
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// flaggedDeepEqual sets the flag from a comparison: not reported.
func (r *WidgetReconciler) flaggedDeepEqual(ctx context.Context, w *Widget) error {
	old := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	needsUpdate := false
	if !equality.Semantic.DeepEqual(old.Status.Conditions, w.Status.Conditions) {
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// flaggedAlways sets the flag whatever changed: reported.
func (r *WidgetReconciler) flaggedAlways(ctx context.Context, w *Widget) error {
	needsUpdate := false
	if w.Generation > 0 {
		meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written after SetStatusCondition whether or not a condition changed`
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// dereffed compares the found condition through ptr.Deref: not reported.
func (r *WidgetReconciler) dereffed(ctx context.Context, w *Widget) error {
	cur := ptr.Deref(meta.FindStatusCondition(w.Status.Conditions, "Ready"), metav1.Condition{})
	if cur.Status == ready.Status {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.Status().Update(ctx, w)
}

// SimpleReconciler sets and writes once: the fix guards the write with a
// comparison of the status with a copy taken after the load, since the set
// reports nothing.
type SimpleReconciler struct {
	client.Client
}

func (r *SimpleReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written after SetStatusCondition whether or not a condition changed; that is an API request on every reconcile: compare the old and new conditions \(equality\.Semantic\.DeepEqual\) and write only when they differ$`
	return reconcile.Result{}, r.Status().Update(ctx, w)
}
