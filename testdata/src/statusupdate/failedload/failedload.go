// Package failedload reaches one status writer both from the handling of a
// failed Get and from the path that loaded the object: the message names
// the path that loaded it.
package failedload

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, r.fail(ctx, &w)
	}
	return ctrl.Result{}, r.work(ctx, &w)
}

func (r *R) fail(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = false
	return r.setStatus(ctx, w)
}

func (r *R) work(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.setStatus(ctx, w)
}

func (r *R) setStatus(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `^status written with Update in the reconcile path;`
}

// OnlyFailed reaches its writer only when the Get failed: the path is
// still named, since it is the only one.
type OnlyFailed struct{ client.Client }

func (r *OnlyFailed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	err := r.Get(ctx, req.NamespacedName, &w)
	if err == nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.report(ctx, &w)
}

func (r *OnlyFailed) report(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `^status written with Update in the reconcile path;`
}

// Both calls the writer from both branches: the path's step is the call
// that runs after the load.
type Both struct{ client.Client }

func (r *Both) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, r.write(ctx, &w)
	}
	return ctrl.Result{}, r.write(ctx, &w)
}

func (r *Both) write(ctx context.Context, w *api.Widget) error {
	return r.Status().Update(ctx, w) // want `^status written with Update in the reconcile path;`
}
