// Package clientmakeruse keeps clients clientmaker makes: the facts decide
// them.
package clientmakeruse

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"fieldmanager/api/v1alpha1"
	"fieldmanager/handover/clientmaker"
)

type Plain struct{ client.Client }

func NewPlain(mgr manager.Manager) *Plain {
	return &Plain{Client: clientmaker.FromManager(mgr, "plain")}
}

func (r *Plain) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `^status Update of \*v1alpha1\.Widget names no field manager`
}

type Owned struct{ client.Client } // want Client:`^writes through the field: 1 \(status Update`

func NewOwned(mgr manager.Manager) *Owned {
	c, _ := clientmaker.Owned(mgr)
	return &Owned{Client: c}
}

func (r *Owned) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}

type Kept struct{ c client.Client }

func NewKept(mgr manager.Manager, m *clientmaker.Maker, o client.Options) *Kept {
	switch {
	case m != nil:
		return &Kept{c: m.Get()}
	case mgr == nil:
		return &Kept{c: clientmaker.Wrapped(m.Either(mgr, true))}
	}
	return &Kept{c: clientmaker.WithOptions(mgr, o)}
}

func (r *Kept) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w v1alpha1.Widget
	if err := r.c.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.c.Status().Update(ctx, &w)
}
