package crosspkg

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
	"statuswrites/helpers"
)

// Applied writes the status of w as apply patches built from it, through
// another package's helper and with its patch builder: each is a write of
// w.
type Applied struct{ client.Client }

func (r *Applied) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Labels["a"] != "" {
		_ = helpers.ApplyStatus(ctx, r, &w)
	}
	if w.Labels["b"] != "" {
		_ = helpers.ApplyStatus(ctx, r, &w) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through helpers\.ApplyStatus\)`
	}
	p := helpers.BasePatch(&w)
	p.Status.Ready = true
	return reconcile.Result{}, r.Status().Patch(ctx, p, client.Apply, client.FieldOwner("widgets")) // want `^status of p written a second time in one reconcile \(first write at :[0-9]+ through helpers\.ApplyStatus\)`
}

// AppliedOther writes the status of another object, named after w, and
// of w once.
type AppliedOther struct{ client.Client }

func (r *AppliedOther) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	_ = helpers.ApplyOther(ctx, r, &w)
	_ = helpers.ApplyStatus(ctx, r, &w)
	p := helpers.StatusPatch(&w)
	_ = r.Status().Patch(ctx, p, client.Apply, client.FieldOwner("widgets"))
	// Named as w but in another namespace: another object.
	q := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: req.Namespace + "-mirror"}}
	_ = r.Status().Patch(ctx, q, client.Apply, client.FieldOwner("widgets"))
	// Named as w, then renamed.
	s := helpers.BasePatch(&w)
	s.Name = "other"
	return reconcile.Result{}, r.Status().Patch(ctx, s, client.Apply, client.FieldOwner("widgets"))
}
