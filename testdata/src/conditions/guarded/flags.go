package guarded

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

var degraded = metav1.Condition{Type: "Degraded", Status: metav1.ConditionFalse, Reason: "AsExpected"}

// A flag set where a FindStatusCondition check of the same type held, and
// the write guarded by the flag (kueue).
func (r *R) flagFind(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	if cur := meta.FindStatusCondition(w.Status.Conditions, "Ready"); cur == nil || cur.Status != ready.Status {
		meta.SetStatusCondition(&w.Status.Conditions, ready)
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Patch(ctx, w, client.Merge, client.FieldOwner("c"))
	}
	return nil
}

// The same over several conditions in a loop.
func (r *R) flagLoop(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	for _, c := range []metav1.Condition{ready, degraded} {
		if cur := meta.FindStatusCondition(w.Status.Conditions, c.Type); cur == nil || cur.Status != c.Status {
			meta.SetStatusCondition(&w.Status.Conditions, c)
			needsUpdate = true
		}
	}
	if !needsUpdate {
		return nil
	}
	return r.Status().Update(ctx, w)
}

// A flag set from the result of another SetStatusCondition.
func (r *R) flagFromBool(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	meta.SetStatusCondition(&w.Status.Conditions, degraded)
	if meta.SetStatusCondition(&w.Status.Conditions, ready) {
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// A flag set from a DeepEqual comparison of the old and new conditions.
func (r *R) flagFromDeepEqual(ctx context.Context, w *api.Widget) error {
	old := append([]metav1.Condition(nil), w.Status.Conditions...)
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	needsUpdate := false
	if !equality.Semantic.DeepEqual(old, w.Status.Conditions) {
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// A flag captured by a closure that sets it from a comparison.
func (r *R) flagCaptured(ctx context.Context, w *api.Widget) error {
	old := append([]metav1.Condition(nil), w.Status.Conditions...)
	needsUpdate := false
	compare := func() {
		if !reflect.DeepEqual(old, w.Status.Conditions) {
			needsUpdate = true
		}
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	compare()
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// The found condition through ptr.Deref before the comparison (kueue).
func (r *R) deref(ctx context.Context, w *api.Widget) error {
	cur := ptr.Deref(meta.FindStatusCondition(w.Status.Conditions, "Ready"), metav1.Condition{})
	if cur.Status != ready.Status {
		meta.SetStatusCondition(&w.Status.Conditions, ready)
		return r.Status().Patch(ctx, w, client.Merge, client.FieldOwner("c"))
	}
	return nil
}

// The same through a method of the found condition's copy.
func (r *R) derefCopy(ctx context.Context, w *api.Widget) error {
	cur := ptr.Deref(meta.FindStatusCondition(w.Status.Conditions, "Ready"), metav1.Condition{})
	if c := cur.DeepCopy(); c.Status == ready.Status {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready)
	return r.Status().Update(ctx, w)
}

// Near miss: the flag is set on every path.
func (r *R) flagEveryPath(ctx context.Context, w *api.Widget) error {
	var needsUpdate bool
	if cur := meta.FindStatusCondition(w.Status.Conditions, "Ready"); cur == nil || cur.Status != ready.Status {
		meta.SetStatusCondition(&w.Status.Conditions, ready) // want `status written although SetStatusCondition reported no change`
		needsUpdate = true
	} else {
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// Near miss: the flag is set unconditionally after the set.
func (r *R) flagUnconditional(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `status written although SetStatusCondition reported no change`
	needsUpdate = true
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// Near miss: the flag is guarded by a condition unrelated to any change.
func (r *R) flagUnrelated(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	if w.Status.ReadyReplicas > 0 {
		meta.SetStatusCondition(&w.Status.Conditions, ready) // want `status written although SetStatusCondition reported no change`
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// Near miss: the flag is guarded by a check of another condition type.
func (r *R) flagOtherType(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	if !meta.IsStatusConditionTrue(w.Status.Conditions, "Degraded") {
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) // want `status written although SetStatusCondition reported no change`
		needsUpdate = true
	}
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// Near miss: the flag set in a closure that sets it whatever changed.
func (r *R) flagCapturedAlways(ctx context.Context, w *api.Widget) error {
	needsUpdate := false
	set := func(c metav1.Condition) {
		meta.SetStatusCondition(&w.Status.Conditions, c) // want `status written although SetStatusCondition reported no change`
		needsUpdate = true
	}
	set(ready)
	if needsUpdate {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// Near miss: ptr.Deref of another condition type guards nothing.
func (r *R) derefOtherType(ctx context.Context, w *api.Widget) error {
	cur := ptr.Deref(meta.FindStatusCondition(w.Status.Conditions, "Degraded"), metav1.Condition{})
	if cur.Status != metav1.ConditionFalse {
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) // want `status written although SetStatusCondition reported no change`
		return r.Status().Update(ctx, w)
	}
	return nil
}

// The API type's accessor of its conditions stands for the object.
func (r *R) accessor(ctx context.Context, w *api.Widget) error {
	meta.SetStatusCondition(w.GetStatusConditions(), ready) // want `status written although SetStatusCondition reported no change .*\(no suggested fix: the conditions are not a field path of a variable\)$`
	return r.Status().Update(ctx, w)
}

// The accessor of another object's conditions.
func (r *R) accessorOther(ctx context.Context, w *api.Widget) error {
	other := w.DeepCopy()
	meta.SetStatusCondition(other.GetStatusConditions(), ready)
	return r.Status().Update(ctx, w)
}

// Gadget is an API type of this package: its accessors are checked by
// their bodies.
type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   GadgetSpec
	Status api.WidgetStatus
}

type GadgetSpec struct {
	Conditions []metav1.Condition
}

func (in *Gadget) DeepCopyObject() runtime.Object { out := *in; return &out }

func (in *Gadget) StatusConditions() *[]metav1.Condition { return &in.Status.Conditions }

// SpecConditions returns conditions that are not status.
func (in *Gadget) SpecConditions() *[]metav1.Condition { return &in.Spec.Conditions }

func (r *R) gadgets(ctx context.Context, g *Gadget) error {
	meta.SetStatusCondition(g.StatusConditions(), ready) // want `status written although SetStatusCondition reported no change`
	if err := r.Status().Update(ctx, g); err != nil {
		return err
	}
	meta.SetStatusCondition(g.SpecConditions(), ready)
	return r.Status().Update(ctx, g)
}

func (r *R) ReconcileFlags(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, err := r.load(ctx, req)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, f := range []func(context.Context, *api.Widget) error{
		r.flagFind, r.flagLoop, r.flagFromBool, r.flagFromDeepEqual, r.flagCaptured,
		r.deref, r.derefCopy, r.flagEveryPath, r.flagUnconditional, r.flagUnrelated,
		r.flagOtherType, r.flagCapturedAlways, r.derefOtherType, r.accessor, r.accessorOther,
	} {
		if err := f(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.gadgets(ctx, &Gadget{})
}
