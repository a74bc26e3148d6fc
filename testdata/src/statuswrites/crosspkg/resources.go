package crosspkg

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
	"statuswrites/helpers"
)

// Synced hands the object over in a field of a struct argument to a
// helper that writes only where it tells its caller to stop, and stops
// there (pulp-operator's controllers.ReconcileObject).
type Synced struct{ client.Client }

func (r *Synced) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	fr := helpers.Resources{Context: ctx, Client: r.Client, Widget: &w}
	var a, b corev1.ConfigMap
	if rq, err := helpers.Sync(fr, &a); err != nil || rq {
		return reconcile.Result{Requeue: rq}, err
	}
	if rq, err := helpers.Sync(fr, &b); err != nil || rq {
		return reconcile.Result{Requeue: rq}, err
	}
	n := &helpers.Named{C: r.Client, Obj: &w}
	if rq, err := helpers.SyncNamed(ctx, n, &a); err != nil || rq {
		return reconcile.Result{Requeue: rq}, err
	}
	if rq, err := helpers.SyncNamed(ctx, n, &b); err != nil || rq {
		return reconcile.Result{Requeue: rq}, err
	}
	return reconcile.Result{}, nil
}

// SyncedGoesOn does not stop on requeue, or calls a helper that writes
// where it says to go on: the second call writes again.
type SyncedGoesOn struct{ client.Client }

func (r *SyncedGoesOn) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	fr := helpers.Resources{Context: ctx, Client: r.Client, Widget: &w}
	var a, b corev1.ConfigMap
	if _, err := helpers.Sync(fr, &a); err != nil {
		return reconcile.Result{}, err
	}
	if rq, err := helpers.Sync(fr, &b); err != nil || rq { // want `^status of fr\.Widget written a second time in one reconcile \(first write at :[0-9]+ through helpers\.Sync\)`
		return reconcile.Result{Requeue: rq}, err
	}
	if rq, err := helpers.SyncGoesOn(fr, &a); err != nil || rq { // want `^status of fr\.Widget written a second time in one reconcile \(first write at :[0-9]+ through helpers\.Sync\)`
		return reconcile.Result{Requeue: rq}, err
	}
	return reconcile.Result{}, nil
}
