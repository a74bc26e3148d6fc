package callees

// A status Update right after a call of a helper that wrote the object on
// every path to every return (an Update, a Patch, a status Update) writes
// the server's answer back: not reported.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var a, b, c, d, e api.Widget
	_ = r.Get(ctx, req.NamespacedName, &a)
	if err := r.addLabel(ctx, &a); err != nil {
		return reconcile.Result{}, err
	}
	a.Status.Ready = true
	_ = r.Status().Update(ctx, &a)

	// Through a helper of the helper.
	_ = r.Get(ctx, req.NamespacedName, &b)
	_ = r.prepare(ctx, &b)
	_ = r.Status().Update(ctx, &b)

	// The write in the helper's if header.
	_ = r.Get(ctx, req.NamespacedName, &c)
	_ = r.checked(ctx, &c)
	_ = r.Status().Update(ctx, &c)

	// A helper that returns early without writing: reported.
	_ = r.Get(ctx, req.NamespacedName, &d)
	_ = r.ensureLabel(ctx, &d)
	_ = r.Status().Update(ctx, &d) // want `status written with Update in the reconcile path`

	// A helper that reads the object again after writing it: reported.
	_ = r.Get(ctx, req.NamespacedName, &e)
	_ = r.writeThenRead(ctx, req, &e)
	_ = r.Status().Update(ctx, &e) // want `status written with Update in the reconcile path`
	return reconcile.Result{}, nil
}

// prepare comes first in the file: its callee is summarised after it.
func (r *R) prepare(ctx context.Context, w *api.Widget) error {
	return r.addLabel(ctx, w)
}

func (r *R) addLabel(ctx context.Context, w *api.Widget) error {
	w.Labels = map[string]string{"a": "b"}
	return r.Update(ctx, w)
}

func (r *R) checked(ctx context.Context, w *api.Widget) error {
	if err := r.Patch(ctx, w, client.MergeFrom(w.DeepCopy())); err != nil {
		return err
	}
	return nil
}

func (r *R) ensureLabel(ctx context.Context, w *api.Widget) error {
	if w.Labels != nil {
		return nil
	}
	w.Labels = map[string]string{"a": "b"}
	return r.Update(ctx, w)
}

func (r *R) writeThenRead(ctx context.Context, req reconcile.Request, w *api.Widget) error {
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	return r.Get(ctx, req.NamespacedName, w)
}
