package basic

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, &w); err != nil { // want `status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status instead$`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// PointerReconciler loads into a pointer and writes through SubResource("status").
type PointerReconciler struct {
	C client.Client
}

func (r *PointerReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	err := r.C.Get(ctx, req.NamespacedName, w)
	if err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.C.SubResource("status").Update(ctx, w, client.FieldOwner("widgets")) // want `status written with Update in the reconcile path;`
}

// SnapshotReconciler already takes a copy right after the Get: the fix reuses it.
type SnapshotReconciler struct {
	client.Client
}

func (r *SnapshotReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := new(api.Widget)
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	orig := w.DeepCopy()
	_ = orig
	w.Status.Ready = true
	err := r.Status().Update(ctx, w) // want `status written with Update`
	return reconcile.Result{}, err
}

// CollidingReconciler already uses the name base; the fix picks another.
type CollidingReconciler struct {
	client.Client
}

func (r *CollidingReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	base := "widgets"
	_ = base
	var g api.Gizmo
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return reconcile.Result{}, err
	}
	if !g.Status.Ready {
		g.Status.Ready = true
		if err := r.Status().Update(ctx, &g); err != nil { // want `status written with Update`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// UpdatedReconciler updates the object itself first: the status Update
// then carries the resourceVersion the API server just returned, not a
// cached one, so it is not reported.
type UpdatedReconciler struct {
	client.Client
}

func (r *UpdatedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Labels = map[string]string{"a": "b"}
	if err := r.Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

// TwiceReconciler writes the status twice: only the first write carries a
// cached resourceVersion.
type TwiceReconciler struct {
	client.Client
}

func (r *TwiceReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = false
	if err := r.Status().Update(ctx, &w); err != nil { // want `status written with Update`
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

// ReloadingReconciler loads the object twice: each write snapshots after
// its own load, under its own name, so both fixes apply together.
type ReloadingReconciler struct {
	client.Client
}

func (r *ReloadingReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = false
	if err := r.Status().Update(ctx, &w); err != nil { // want `status written with Update`
		return reconcile.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with Update`
}

// BranchingReconciler writes in two branches after one load: both fixes
// insert the same snapshot, which is applied once.
type BranchingReconciler struct {
	client.Client
}

func (r *BranchingReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if w.Labels["paused"] != "" {
		w.Status.Ready = false
		return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with Update`
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with Update`
}

// ParamReconciler reloads a parameter in a helper: the helper's own Get is
// the load, so the fix snapshots there.
type ParamReconciler struct {
	client.Client
}

func (r *ParamReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	return reconcile.Result{}, r.refresh(ctx, req, &w)
}

func (r *ParamReconciler) refresh(ctx context.Context, req reconcile.Request, w *api.Widget) error {
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path;`
}

// NestedReconciler writes again only after writes that left the object
// fresh, one of them in a nested branch that returns.
type NestedReconciler struct {
	client.Client
}

func (r *NestedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Status().Update(ctx, &w); err != nil { // want `status written with Update`
		return reconcile.Result{}, err
	}
	if w.Labels["mode"] != "" {
		if w.Labels["mode"] == "bad" {
			_ = r.Status().Update(ctx, &w)
			return reconcile.Result{}, nil
		}
		w.Status.Ready = true
	}
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}
