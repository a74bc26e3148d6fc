package stored

// Status writers kept before they are used: in a struct field that a
// constructor sets, in a variable of the writer interface type, in a
// method value (reported at the call made through it, not in the
// constructor that keeps it), and handed to a helper. Each write is
// reported at the call that makes it.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct {
	client.Client
	status client.SubResourceWriter
	// update is the status writer's Update, kept as a method value.
	update func(context.Context, client.Object, ...client.SubResourceUpdateOption) error
}

// NewR keeps the status writer and its Update for later.
func NewR(c client.Client) *R {
	return &R{Client: c, status: c.Status(), update: c.Status().Update}
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var a, b, c, d api.Widget
	if err := r.Get(ctx, req.NamespacedName, &a); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.status.Update(ctx, &a); err != nil { // want `status written with Update in the reconcile path;`
		return reconcile.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, &b); err != nil {
		return reconcile.Result{}, err
	}
	var sw client.SubResourceWriter = r.Status()
	if err := sw.Update(ctx, &b); err != nil { // want `status written with Update in the reconcile path;`
		return reconcile.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.update(ctx, &c); err != nil { // want `status written with Update in the reconcile path; .*\(no suggested fix: the write goes through a method value\)`
		return reconcile.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, write(ctx, r.Status(), &d)
}

func write(ctx context.Context, sw client.SubResourceWriter, w *api.Widget) error {
	return sw.Update(ctx, w) // want `status written with Update in the reconcile path;`
}
