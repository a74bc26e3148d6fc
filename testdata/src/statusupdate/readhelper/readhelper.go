// Package readhelper reads its objects through a helper that returns the
// object it has just read with a Get (cloudnative-pg's getCluster): the
// call is the load, cached like the Get, so the write is reported and the
// copy goes right after the call's error check, threaded into the helper
// that writes. A helper that changes the object before it returns it is
// not such a read.
package readhelper

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) getWidget(ctx context.Context, req reconcile.Request) (*api.Widget, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return w, nil
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w, err := r.getWidget(ctx, req)
	if err != nil {
		return reconcile.Result{}, err
	}
	if w == nil {
		return reconcile.Result{}, nil
	}
	if w.DeletionTimestamp != nil {
		w.Status.Ready = false
		return reconcile.Result{}, r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
	}
	return r.reconcile(ctx, w)
}

func (r *R) reconcile(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}

// getChanged sets the status before it returns the object: a patch from a
// copy taken after the call would leave that change out, so there is none.
func (r *R) getChanged(ctx context.Context, req reconcile.Request) (*api.Widget, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return nil, err
	}
	w.Status.Ready = true
	return w, nil
}

type Changed struct{ *R }

func (c *Changed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w, err := c.getChanged(ctx, req)
	if err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, c.Status().Update(ctx, w) // want `\(no suggested fix: w is not loaded from the API server earlier in this function\)$`
}

// getFromInstance returns the address of the object it has just read,
// with the Get's error for the caller to check, and GetWidget hands on its
// result (cloudnative-pg's getClusterFromInstance and
// InstanceReconciler.GetCluster): a call of either is the load.
func getFromInstance(ctx context.Context, c client.Client, key client.ObjectKey) (*api.Widget, error) {
	var w api.Widget
	err := c.Get(ctx, key, &w)
	return &w, err
}

type Instance struct{ *R }

func (i *Instance) GetWidget(ctx context.Context, key client.ObjectKey) (*api.Widget, error) {
	return getFromInstance(ctx, i.Client, key)
}

func (i *Instance) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w, err := i.GetWidget(ctx, req.NamespacedName)
	if err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, i.Status().Update(ctx, w) // want `reconcile path; .*: patch the status instead$`
}
