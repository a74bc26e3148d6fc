package siblingchain

// A chain of helpers that tests of the package call: waitForPrerequisites
// (called by a test) hands the object to markInactive, which hands it to
// setReady (also called by a test), which writes it. No signature on the
// chain can change: the originals are what the tests call. Each gets a
// sibling that takes the snapshot, each sibling calls the next, and the
// reconcile's calls move to the siblings with a copy taken after the load.
// (cloudnative-pg's PoolerReconciler.)

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Labels["paused"] != "" {
		return reconcile.Result{}, r.markInactive(ctx, &w, "paused")
	}
	return reconcile.Result{}, r.waitForPrerequisites(ctx, &w)
}

func (r *R) waitForPrerequisites(ctx context.Context, w *api.Widget) error {
	if w.Labels["secret"] == "" {
		return r.markInactive(ctx, w, "no secret")
	}
	if w.Labels["cluster"] == "" {
		return r.markInactive(ctx, w, "no cluster")
	}
	return nil
}

func (r *R) markInactive(ctx context.Context, w *api.Widget, reason string) error {
	w.Annotations = map[string]string{"reason": reason}
	return r.setReady(ctx, w, false)
}

func (r *R) setReady(ctx context.Context, w *api.Widget, ready bool) error {
	if w.Status.Ready == ready {
		return nil
	}
	w.Status.Ready = ready
	return r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}
