// Package helpers follows the object through closures and same-package
// helpers.
package helpers

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

var ready = metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}

// MutateReconciler calls a helper that only sets the condition, then
// writes unconditionally: reported in the helper, with the path.
type MutateReconciler struct {
	client.Client
}

func (r *MutateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	markReady(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func markReady(w *api.Widget) {
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); .*: write only when a condition changed \(no suggested fix: the status is written in the caller \(\*MutateReconciler\)\.Reconcile; return the result and write only when a condition changed\)$`
}

// OnlyMutateReconciler calls mutation-only helpers and never writes.
type OnlyMutateReconciler struct {
	client.Client
}

func (r *OnlyMutateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.MarkReady()
	setDegraded(&w)
	return ctrl.Result{}, nil
}

func setDegraded(w *api.Widget) {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Degraded", Status: metav1.ConditionFalse})
}

// WriterReconciler sets, then calls a helper that writes.
type WriterReconciler struct {
	client.Client
}

func (r *WriterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `\(no suggested fix: the status is written in \(\*WriterReconciler\)\.writeStatus; keep the result and call it only when a condition changed\)$`
	return ctrl.Result{}, r.writeStatus(ctx, w)
}

func (r *WriterReconciler) writeStatus(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w)
}

// ClosureSetReconciler sets the condition in a closure stored in a
// variable and writes after calling it.
type ClosureSetReconciler struct {
	client.Client
}

func (r *ClosureSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	setReady := func() {
		meta.SetStatusCondition(&w.Status.Conditions, ready) // want `reported no change \(result ignored\); .* \(no suggested fix: the status is written in the caller \(\*ClosureSetReconciler\)\.Reconcile; `
	}
	setReady()
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ClosureWriteReconciler writes through a closure stored in a variable.
type ClosureWriteReconciler struct {
	client.Client
}

func (r *ClosureWriteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	update := func() error { return r.Status().Update(ctx, w) }
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `\(no suggested fix: the status is written in a function literal; keep the result and call it only when a condition changed\)$`
	return ctrl.Result{}, update()
}

// DeferReconciler writes in a deferred call registered before setting.
type DeferReconciler struct {
	client.Client
}

func (r *DeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		if uerr := r.Status().Update(ctx, &w); err == nil {
			err = uerr
		}
	}()
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `\(no suggested fix: the status is written in a function literal deferred earlier; keep the result and make the deferred write depend on it\)$`
	return ctrl.Result{}, nil
}

// TangledReconciler sets other status fields too: the fix compares the
// status with a copy (see conditions/mutations for its text).
type TangledReconciler struct {
	client.Client
}

func (r *TangledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.ReadyReplicas = 3
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.ReadyReplicas is set to 3\)$`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// SwitchReconciler writes in several branches with an existing error
// variable: no fix.
type SwitchReconciler struct {
	client.Client
}

func (r *SwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	err := r.Get(ctx, req.NamespacedName, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `\(no suggested fix: the write's error is assigned to an existing variable, which would keep its old value\)$`
	switch w.Name {
	case "a":
		err = r.Status().Update(ctx, &w)
	default:
		err = r.Status().Patch(ctx, &w, client.Merge)
	}
	return ctrl.Result{}, err
}

// GenericReconciler sets through a generic helper and writes
// unconditionally.
type GenericReconciler struct {
	client.Client
}

func (r *GenericReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	setWith(&w, "Ready")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func setWith[T ~string](w *api.Widget, t T) {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: string(t), Status: metav1.ConditionTrue}) // want `reported no change \(result ignored\); .*\(no suggested fix: the status is written in the caller \(\*GenericReconciler\)\.Reconcile; `
}

// LoopVarReconciler picks the object in nested loops: the loops' phis refer
// to each other, which the search for the object behind a value must not
// follow forever (a stack overflow on a real operator).
type LoopVarReconciler struct {
	client.Client
}

func (r *LoopVarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	list := []*api.Widget{{}, {}}
	w := list[0]
	for i := range list {
		for j := range list {
			if i == j {
				w = list[j]
			}
		}
	}
	w.Status.ReadyReplicas = int32(len(list))
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `\(no suggested fix: Status\.ReadyReplicas is computed from local values on the way to the write \(line 203\); the guard would compare the status with a copy taken after the load, but w is loaded or assigned again on some paths before the write\)$`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// PickReconciler picks one of two objects of a list, and changes a status
// field of the one it picked: a change on the way to the write (once taken
// for another object's, and the write offered a guard by the conditions'
// result alone, which would drop it).
type PickReconciler struct {
	client.Client
}

func (r *PickReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	list := []*api.Widget{{}, {}}
	w := list[0]
	if req.Name == "b" {
		w = list[1]
	}
	w.Status.ReadyReplicas = int32(len(list))
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `\(in the steady state: Status\.ReadyReplicas is computed from local values\) \(no suggested fix: Status\.ReadyReplicas is computed from local values on the way to the write \(line 222\); .* but w is loaded or assigned again on some paths before the write\)$`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
