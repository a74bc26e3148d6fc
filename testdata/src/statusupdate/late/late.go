package late

// Status writes that run after the statement they are written at: in
// deferred calls and closures, and in closures a conflict retry runs. The
// snapshot belongs where the enclosing function loads the object, so long
// as nothing reads into the object again before the write runs.

import (
	"context"
	"errors"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

// Deferred records a failure in the status on the way out; the function
// already keeps a copy after the Get, which the fix reuses.
func (r *R) Deferred(ctx context.Context, req reconcile.Request) (_ reconcile.Result, retErr error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	defer func() {
		if retErr == nil {
			return
		}
		w.Status.Ready = false
		if err := r.Status().Update(ctx, &w); err != nil { // want `status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status instead$`
			retErr = errors.Join(retErr, err)
		}
	}()
	if w.Labels["broken"] != "" {
		return reconcile.Result{}, errors.New("broken")
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Patch(ctx, &w, client.MergeFrom(orig))
}

// DeferredCall defers the write itself.
func (r *R) DeferredCall(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	defer r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
	w.Status.Ready = true
	return reconcile.Result{}, nil
}

// Immediate calls its literal where it makes it.
func (r *R) Immediate(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	err := func() error {
		w.Status.Ready = true
		return r.Status().Update(ctx, &w) // want `status written with Update in the reconcile path;`
	}()
	return reconcile.Result{}, err
}

// Retried writes in a conflict retry that does not read the object again:
// each try sends the same stale resourceVersion. A patch has nothing to
// retry.
func (r *R) Retried(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Status().Update(ctx, &w) // want `status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict \(the conflict retry around it sends the same object again, so every try fails the same way\): patch the status instead$`
	})
	return reconcile.Result{}, err
}

// Reloaded reads the object again after the defer: a snapshot taken after
// the first Get would not match what the deferred write sends.
func (r *R) Reloaded(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	defer func() {
		_ = r.Status().Update(ctx, &w) // want `\(no suggested fix: w is read again in the function before this runs; no one snapshot fits every path\)`
	}()
	if w.Status.Ready {
		if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// Started runs its literal in a goroutine: it may run at any time.
func (r *R) Started(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	go func() {
		_ = r.Status().Update(ctx, &w) // want `\(no suggested fix: w is not loaded in the function literal that writes it; snapshot it where it is loaded and patch with client\.MergeFrom\)`
	}()
	return reconcile.Result{}, nil
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if _, err := r.Deferred(ctx, req); err != nil {
		return reconcile.Result{}, err
	}
	if _, err := r.DeferredCall(ctx, req); err != nil {
		return reconcile.Result{}, err
	}
	if _, err := r.Immediate(ctx, req); err != nil {
		return reconcile.Result{}, err
	}
	if _, err := r.Retried(ctx, req); err != nil {
		return reconcile.Result{}, err
	}
	if _, err := r.Reloaded(ctx, req); err != nil {
		return reconcile.Result{}, err
	}
	return r.Started(ctx, req)
}

// RetryReloading reads the object again after a failed try, for the next
// try to send (openkruise's job controllers): the retry reads the cache
// again, as one that reads before each try does.
type RetryReloading struct{ client.Client }

func (r *RetryReloading) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	status := w.Status
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Status().Update(ctx, w) // want `409 Conflict \(the conflict retry around it reads the cache again, which softens this but does not prevent it\)`
		if err == nil {
			return nil
		}
		latest := &api.Widget{}
		if err := r.Get(ctx, req.NamespacedName, latest); err == nil {
			w = latest.DeepCopy()
			w.Status = status
		}
		return err
	})
	return reconcile.Result{}, err
}

// RetryReloadingInto reads the object again into the variable it writes.
type RetryReloadingInto struct{ client.Client }

func (r *RetryReloadingInto) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w.Status.Ready = true
		err := r.Status().Update(ctx, &w) // want `409 Conflict \(the conflict retry around it reads the cache again, which softens this but does not prevent it\)`
		if err != nil {
			_ = r.Get(ctx, req.NamespacedName, &w)
		}
		return err
	})
	return reconcile.Result{}, err
}

// RetryReloadingLocal reads into a variable of its own after the write:
// the next try sends the captured object again.
type RetryReloadingLocal struct{ client.Client }

func (r *RetryReloadingLocal) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Status().Update(ctx, &w) // want `409 Conflict \(the conflict retry around it sends the same object again, so every try fails the same way\)`
		if err != nil {
			var latest api.Widget
			_ = r.Get(ctx, req.NamespacedName, &latest)
		}
		return err
	})
	return reconcile.Result{}, err
}

// RetryReloadingAssigned assigns the variable the object it reads again.
type RetryReloadingAssigned struct{ client.Client }

func (r *RetryReloadingAssigned) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w.Status.Ready = true
		err := r.Status().Update(ctx, w) // want `409 Conflict \(the conflict retry around it reads the cache again, which softens this but does not prevent it\)`
		if err != nil {
			latest := &api.Widget{}
			if r.Get(ctx, req.NamespacedName, latest) == nil {
				w = latest
			}
		}
		return err
	})
}
