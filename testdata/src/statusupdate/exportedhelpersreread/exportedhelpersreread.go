// Package exportedhelpersreread defers an exported status helper and then
// reads the object again: the copy taken where the call is deferred would
// be older than the object it runs with, so there is no fix, and the
// finding says which call blocks it.
package exportedhelpersreread

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

// UpdateStatus is deferred by the reconciler.
func UpdateStatus(ctx context.Context, cl client.Client, cr *api.Widget) { // want UpdateStatus:"writes status fresh when the objects in parameters 2 are fresh" UpdateStatus:"patches from a snapshot as UpdateStatusFrom, parameter 2"
	cr.Status.Ready = true
	_ = cl.Status().Update(ctx, cr) // want `\(no suggested fix: cr is a parameter, loaded by the caller; snapshot it there and patch with client\.MergeFrom \(the deferred call at exportedhelpersreread\.go:\d+: cr is read again in the function before the call runs\)\)$`
}

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cr := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, cr); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	defer UpdateStatus(ctx, r.Client, cr)
	if err := r.Get(ctx, req.NamespacedName, cr); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
