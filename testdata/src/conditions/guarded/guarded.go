// Package guarded holds writes that depend on whether anything changed,
// which are not reported, and near misses, which are.
package guarded

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

type R struct {
	client.Client
}

var ready = metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}

func (r *R) load(ctx context.Context, req ctrl.Request) (*api.Widget, error) {
	w := &api.Widget{}
	return w, r.Get(ctx, req.NamespacedName, w)
}

// The bool, directly.
func (r *R) direct(ctx context.Context, w *api.Widget) error {
	if meta.SetStatusCondition(&w.Status.Conditions, ready) {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// The bool through a variable and an early return.
func (r *R) variable(ctx context.Context, w *api.Widget) error {
	changed := meta.SetStatusCondition(&w.Status.Conditions, ready)
	if !changed {
		return nil
	}
	return r.Status().Update(ctx, w)
}

// The bool accumulated over several calls.
func (r *R) accumulated(ctx context.Context, w *api.Widget) error {
	changed := false
	changed = meta.SetStatusCondition(&w.Status.Conditions, ready) || changed
	changed = meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Degraded", Status: metav1.ConditionFalse}) || changed
	if changed {
		if err := r.Status().Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// The bool captured by a closure that sets the conditions.
func (r *R) captured(ctx context.Context, w *api.Widget) error {
	changed := false
	set := func(c metav1.Condition) {
		if meta.SetStatusCondition(&w.Status.Conditions, c) {
			changed = true
		}
	}
	set(ready)
	if changed {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// A same-package helper that returns the bool.
func setReady(w *api.Widget) bool {
	return meta.SetStatusCondition(&w.Status.Conditions, ready)
}

func (r *R) helperBool(ctx context.Context, w *api.Widget) error {
	if !setReady(w) {
		return nil
	}
	return r.Status().Update(ctx, w)
}

// The bool passed to the helper that writes.
func (r *R) writeIf(ctx context.Context, w *api.Widget, changed bool) error {
	if !changed {
		return nil
	}
	return r.Status().Update(ctx, w)
}

func (r *R) passed(ctx context.Context, w *api.Widget) error {
	changed := meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.writeIf(ctx, w, changed)
}

// equality.Semantic.DeepEqual of the old and new status.
func (r *R) semantic(ctx context.Context, w *api.Widget) error {
	old := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	if equality.Semantic.DeepEqual(old.Status, w.Status) {
		return nil
	}
	return r.Status().Update(ctx, w)
}

// reflect.DeepEqual of the old and new conditions.
func (r *R) reflectEqual(ctx context.Context, w *api.Widget) error {
	old := append([]metav1.Condition(nil), w.Status.Conditions...)
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	if !reflect.DeepEqual(old, w.Status.Conditions) {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// IsStatusConditionPresentAndEqual before setting, around set and write.
func (r *R) presentAndEqual(ctx context.Context, w *api.Widget) error {
	if !meta.IsStatusConditionPresentAndEqual(w.Status.Conditions, "Ready", metav1.ConditionTrue) {
		meta.SetStatusCondition(&w.Status.Conditions, ready)
		return r.Status().Update(ctx, w)
	}
	return nil
}

// IsStatusConditionTrue before setting, as an early return.
func (r *R) isTrue(ctx context.Context, w *api.Widget) error {
	if meta.IsStatusConditionTrue(w.Status.Conditions, "Ready") {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.Status().Update(ctx, w)
}

// FindStatusCondition before setting.
func (r *R) find(ctx context.Context, w *api.Widget) error {
	if c := meta.FindStatusCondition(w.Status.Conditions, "Ready"); c != nil && c.Status == metav1.ConditionTrue {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue})
	return r.Status().Update(ctx, w)
}

// A check of another condition type guards nothing.
func (r *R) otherType(ctx context.Context, w *api.Widget) error {
	if !meta.IsStatusConditionPresentAndEqual(w.Status.Conditions, "Degraded", metav1.ConditionFalse) {
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) // want `status written although SetStatusCondition reported no change`
		return r.Status().Update(ctx, w)
	}
	return nil
}

// A check that does not confine the write guards nothing either.
func (r *R) notConfined(ctx context.Context, w *api.Widget) error {
	if !meta.IsStatusConditionTrue(w.Status.Conditions, "Ready") {
		meta.SetStatusCondition(&w.Status.Conditions, ready) // want `status written although SetStatusCondition reported no change`
	}
	return r.Status().Update(ctx, w)
}

// A guard that both branches get past guards nothing.
func (r *R) logged(ctx context.Context, w *api.Widget, log func(string)) error {
	changed := false
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `status written although SetStatusCondition reported no change`
	if changed {
		log("changed")
	}
	return r.Status().Update(ctx, w)
}

// A local slice is never written as status.
func (r *R) local(ctx context.Context, w *api.Widget) error {
	var conds []metav1.Condition
	meta.SetStatusCondition(&conds, ready)
	w.Status.ReadyReplicas = int32(len(conds))
	return r.Status().Update(ctx, w)
}

// A different object is written.
func (r *R) other(ctx context.Context, w, other *api.Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.Status().Update(ctx, other)
}

// A write before the call does not follow it.
func (r *R) before(ctx context.Context, w *api.Widget) error {
	err := r.Status().Update(ctx, w)
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return err
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, err := r.load(ctx, req)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, f := range []func(context.Context, *api.Widget) error{
		r.direct, r.variable, r.accumulated, r.captured, r.helperBool, r.passed,
		r.semantic, r.reflectEqual, r.presentAndEqual, r.isTrue, r.find, r.otherType,
		r.notConfined, r.local, r.before,
	} {
		if err := f(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.other(ctx, w, w.DeepCopy())
}
