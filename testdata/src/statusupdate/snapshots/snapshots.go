// Package snapshots covers where the status fix takes its copy and what
// it names it: after every check of the load's error, and one name per
// scope where the loads are in scopes apart.
package snapshots

import (
	"context"
	"reflect"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

// NotFoundFirst checks NotFound before the other errors: the copy goes
// after both checks, not between them.
type NotFoundFirst struct {
	client.Client
}

func (r *NotFoundFirst) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	err := r.Get(ctx, req.NamespacedName, w)
	if apierrors.IsNotFound(err) {
		return reconcile.Result{}, nil
	}
	if err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
}

// Branches loads a different object in each branch: each branch's copy
// is base, their scopes apart.
type Branches struct {
	client.Client
}

func (r *Branches) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if req.Name == "a" {
		a := &api.Widget{}
		if err := r.Get(ctx, req.NamespacedName, a); err != nil {
			return reconcile.Result{}, err
		}
		a.Status.Ready = true
		return reconcile.Result{}, r.Status().Update(ctx, a) // want `status written with Update in the reconcile path;`
	}
	b := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return reconcile.Result{}, err
	}
	b.Status.Ready = false
	return reconcile.Result{}, r.Status().Update(ctx, b) // want `status written with Update in the reconcile path;`
}

// TwoObjects writes two objects' statuses in one scope: the second copy
// is named after its object, not base2.
type TwoObjects struct {
	client.Client
}

func (r *TwoObjects) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, w); err != nil { // want `status written with Update in the reconcile path;`
		return reconcile.Result{}, err
	}
	peer := &api.Widget{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: req.Name + "-peer"}, peer); err != nil {
		return reconcile.Result{}, err
	}
	peer.Status.Ready = w.Status.Ready
	return reconcile.Result{}, r.Status().Update(ctx, peer) // want `status written with Update in the reconcile path;`
}

// Shadowing loads in an outer scope and again in an inner one: the inner
// copy must not shadow the outer one the outer write patches from.
type Shadowing struct {
	client.Client
}

func (r *Shadowing) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	if req.Name == "peer" {
		peer := &api.Widget{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "peer"}, peer); err != nil {
			return reconcile.Result{}, err
		}
		peer.Status.Ready = true
		if err := r.Status().Update(ctx, peer); err != nil { // want `status written with Update in the reconcile path;`
			return reconcile.Result{}, err
		}
		w.Status.Ready = true
		return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
	}
	return reconcile.Result{}, nil
}

// HandedCopy already copies after the load and hands the copy to a
// helper of the package that only compares with it: the fix patches from
// that copy.
type HandedCopy struct {
	client.Client
}

func (r *HandedCopy) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	orig := w.DeepCopy()
	w.Status.Ready = true
	if sameStatus(orig, w) {
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
}

func sameStatus(a, b *api.Widget) bool { return reflect.DeepEqual(a.Status, b.Status) }

// ChangedCopy hands its copy to a helper that changes it: the copy is no
// longer the object as loaded, and the fix takes its own.
type ChangedCopy struct {
	client.Client
}

func (r *ChangedCopy) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	orig := w.DeepCopy()
	markCopy(orig)
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
}

func markCopy(c *api.Widget) { c.Status.Ready = true }

// LaterHanded writes from an early branch, before its copy is handed to
// a function that may change it (kuberay's RayService reconcile hands its
// original to another package's comparison only after the validation
// branch writes): that write patches from the copy, which is still the
// object as loaded when it runs; the last write takes a copy of its own.
type LaterHanded struct {
	client.Client
	Compare func(a, b *api.Widget) bool
}

func (r *LaterHanded) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	orig := w.DeepCopy()
	if w.Labels["invalid"] != "" {
		w.Status.Ready = false
		return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
	}
	w.Status.Ready = true
	if r.Compare(orig, w) {
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
}

// ChangedInLoop changes its copy after the write, in the loop that
// writes: the next pass's write runs after the change, so the fix takes
// its own copy.
type ChangedInLoop struct {
	client.Client
}

func (r *ChangedInLoop) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	orig := w.DeepCopy()
	for i := 0; i < 2; i++ {
		w.Status.Ready = i == 0
		if err := r.Status().Update(ctx, w); err != nil { // want `status written with Update in the reconcile path;`
			return reconcile.Result{}, err
		}
		markCopy(orig)
	}
	return reconcile.Result{}, nil
}

// FoundInCopy changes its copy through the pointer FindStatusCondition
// returns into the copy's conditions: the copy is no longer the object as
// loaded, and the fix takes its own.
type FoundInCopy struct {
	client.Client
}

func (r *FoundInCopy) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	orig := w.DeepCopy()
	if c := meta.FindStatusCondition(orig.Status.Conditions, "Ready"); c != nil {
		c.Reason = "Seen"
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path;`
}
