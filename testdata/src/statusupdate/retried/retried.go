// Package retried has status Updates inside client-go's conflict retry
// that read the object through the cached client: still reported, saying
// that the retry softens the conflict without preventing it.
package retried

import (
	"context"

	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
	"statusupdate/helpers"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var w api.Widget
		if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
			return err
		}
		w.Status.Ready = true
		return r.Status().Update(ctx, &w) // want `^status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict \(the conflict retry around it reads the cache again, which softens this but does not prevent it\): patch the status instead`
	})
	return ctrl.Result{}, err
}

// Plain writes outside a retry say nothing of one.
type Plain struct{ client.Client }

func (r *Plain) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `^status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status instead$`
}

// OnError retries on any error the same way.
type OnErr struct{ client.Client }

func (r *OnErr) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error {
		w := &api.Widget{}
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		w.Status.Ready = false
		return r.Status().Update(ctx, w) // want `\(the conflict retry around it reads the cache again, which softens this but does not prevent it\): patch the status instead`
	})
}

// Helper writes through another package's helper inside the retry: the one
// finding for that write says so too, since every call of it here is in a
// retry.
type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		return helpers.SetReady(ctx, r, w) // want `in another package; a stale cached resourceVersion makes it fail with 409 Conflict \(the conflict retry around it reads the cache again, which softens this but does not prevent it\): patch the status in helpers\.SetReady instead \(statuslint -fix adds helpers\.SetReadyFrom beside it and calls it with a copy taken after the load\)$`
	})
}
