// Package helpers has status helpers and no reconciler; its facts say
// which argument's object each one writes.
package helpers

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// SetReady writes the status of the object it is given.
func SetReady(ctx context.Context, c client.Client, w *api.Widget) error { // want SetReady:`writes status of argument 2 \(w\) 1 time\(s\): helpers.SetReady → helpers.update at helpers.go:23`
	w.Status.Ready = true
	return update(ctx, c, w)
}

func update(ctx context.Context, c client.Client, w *api.Widget) error {
	if err := c.Status().Update(ctx, w); err != nil {
		return err
	}
	return nil
}

// UpdateCondition loads the object by its key and writes its status, as
// rook's controller.UpdateCondition does.
func UpdateCondition(ctx context.Context, c client.Client, key client.ObjectKey, ready bool) { // want UpdateCondition:`writes status of the object loaded by the key in argument 2 \(w\) 1 time\(s\): helpers.UpdateCondition at helpers.go:37`
	w := &api.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return
	}
	w.Status.Ready = ready
	_ = c.Status().Patch(ctx, w, client.MergeFrom(w.DeepCopy()))
}

// ReportFailure writes the status only to report the error it returns:
// its callers return too, so it gets no fact.
func ReportFailure(ctx context.Context, c client.Client, w *api.Widget, err error) error {
	w.Status.Ready = false
	_ = c.Status().Update(ctx, w)
	return err
}

// UpdateStatus writes only when the condition it is given is not there
// yet, as pulp-operator's controllers.UpdateStatus does: a second call with
// the same type and status finds the first call's condition and writes
// nothing.
func UpdateStatus(ctx context.Context, c client.Client, w *api.Widget, status metav1.ConditionStatus, typ, reason string) { // want UpdateStatus:`writes status of argument 2 \(w\) 1 time\(s\): helpers.UpdateStatus at helpers.go:55 unless the condition of arguments \[3 4\] is there`
	if !meta.IsStatusConditionPresentAndEqual(w.Status.Conditions, typ, status) {
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: typ, Status: status, Reason: reason})
		_ = c.Status().Update(ctx, w)
	}
}

// WaitForReady writes the status only on the paths that tell its caller
// to stop: false, and a reconcile.Result that requeues.
func WaitForReady(ctx context.Context, c client.Client, w *api.Widget) (bool, reconcile.Result, error) { // want WaitForReady:`writes status of argument 2 \(w\) 1 time\(s\): helpers.WaitForReady at helpers.go:[0-9]+ only when result 0 answers false only when result 1 answers false`
	if w.Name == "" {
		w.Status.Ready = false
		return false, reconcile.Result{Requeue: true}, c.Status().Update(ctx, w)
	}
	return true, reconcile.Result{}, nil
}
