// Package ownifaces writes through interfaces it declares itself, with
// the methods of controller-runtime's writers it needs: a call is a write
// by the method's signature, whatever interface declares it.
package ownifaces

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

// StatusWriter has the status writer's Update and Patch.
type StatusWriter interface {
	Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error
	Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error
}

type WidgetReconciler struct {
	Reader client.Reader
	Status StatusWriter
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.Reader = mgr.GetClient()
	r.Status = mgr.GetClient().Status()
	return nil
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Reader.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status.Update(ctx, &w) // want `status written with Update in the reconcile path`
}

// Updater is generic: instantiated with client.Object, its Update has the
// status writer's signature, and a call is that write.
type Updater[T client.Object] interface {
	Update(ctx context.Context, obj T, opts ...client.SubResourceUpdateOption) error
}

type GenericReconciler struct {
	Reader client.Reader
	Status Updater[client.Object]
}

func (r *GenericReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.Reader = mgr.GetClient()
	r.Status = mgr.GetClient().Status()
	return nil
}

func (r *GenericReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Reader.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status.Update(ctx, &w) // want `status written with Update in the reconcile path`
}

// InGeneric writes through a generic helper, where Updater's method is
// Updater[T]'s, its object a type parameter whose constraint is
// client.Object: still the status writer's Update.
type InGeneric struct {
	Reader client.Reader
	Status Updater[client.Object]
}

func (r *InGeneric) SetupWithManager(mgr ctrl.Manager) error {
	r.Reader = mgr.GetClient()
	r.Status = mgr.GetClient().Status()
	return nil
}

func (r *InGeneric) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Reader.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	return reconcile.Result{}, writeStatus[client.Object](ctx, r.Status, &w)
}

func writeStatus[T client.Object](ctx context.Context, s Updater[T], obj T) error {
	return s.Update(ctx, obj) // want `status written with Update in the reconcile path`
}
