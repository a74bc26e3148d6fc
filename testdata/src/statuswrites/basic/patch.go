package basic

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// Apply writes the status of w as a patch object its helper builds
// anew, named as w: each call writes w.
type Apply struct{ client.Client }

func (r *Apply) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\): \(\*basic\.Apply\)\.Reconcile → basic\.apply at patch\.go:[0-9]+`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Labels["a"] != "" {
		_ = apply(ctx, r.Client, &w)
	}
	if w.Labels["b"] != "" {
		_ = apply(ctx, r.Client, &w) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through apply\)`
	}
	if w.Labels["c"] != "" {
		_ = applyByGetters(ctx, r.Client, &w) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through apply\)`
	}
	return reconcile.Result{}, nil
}

func apply(ctx context.Context, c client.Client, w *api.Widget) error {
	p := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	p.Status = w.Status
	return c.Status().Patch(ctx, p, client.Apply, client.FieldOwner("x"))
}

func applyByGetters(ctx context.Context, c client.Client, w *api.Widget) error {
	p := &api.Widget{}
	p.Name = w.GetName()
	p.Namespace = w.GetNamespace()
	p.Status = w.Status
	return c.Status().Patch(ctx, p, client.Apply, client.FieldOwner("x"))
}

// ApplyOthers writes patch objects that are not w: named after it, named
// as w in another namespace, or named as w on one path only.
type ApplyOthers struct{ client.Client }

func (r *ApplyOthers) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w, other api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	_ = apply(ctx, r.Client, &w)
	a := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-copy", Namespace: w.Namespace}}
	_ = r.Status().Patch(ctx, a, client.Apply, client.FieldOwner("x"))
	b := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: other.Namespace}}
	_ = r.Status().Patch(ctx, b, client.Apply, client.FieldOwner("x"))
	c := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	if w.Labels["rename"] != "" {
		c.Name = w.Labels["rename"]
	}
	_ = r.Status().Patch(ctx, c, client.Apply, client.FieldOwner("x"))
	return reconcile.Result{}, nil
}
