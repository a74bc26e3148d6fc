// Package getterctor is KEDA's eventing controller: the reconciler embeds
// the client, set by an exported constructor that main calls, and its
// finalizer helper writes through r.GetClient() on an interface of the
// package. The writes are named where main hands its client over.
package getterctor

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type sourceReconciler interface {
	GetClient() client.Client
}

type R struct {
	client.Client // want Client:`^writes through the field: 1 \(Update of client\.Object at getterctor\.go:\d+\)$`
}

func NewR(c client.Client) *R { // want NewR:`^writes through its client parameters: param 0: 1 writes \(Update of client\.Object at getterctor\.go:\d+\)$`
	return &R{Client: c}
}

func (r *R) GetClient() client.Client { return r.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, ensureFinalizer(ctx, r, nil)
}

func ensureFinalizer(ctx context.Context, r sourceReconciler, obj client.Object) error {
	obj.SetFinalizers(append(obj.GetFinalizers(), "example.com/finalizer"))
	return r.GetClient().Update(ctx, obj)
}
