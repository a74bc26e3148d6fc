// Package ownifaces keeps its client in fields of interfaces it declares
// itself, with the methods of controller-runtime's writers it needs: a
// call is a write by the method's signature (controller-runtime's object,
// patch and option types), whatever interface declares it.
package ownifaces

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

// Writer has two of client.Writer's methods.
type Writer interface {
	Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.PatchOption) error
	Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error
}

// StatusWriter has the status writer's Update.
type StatusWriter interface {
	Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error
}

// Lookalike has a Patch of the same name and other parameters: no write.
type Lookalike interface {
	Patch(ctx context.Context, obj client.Object, data []byte) error
}

// WidgetReconciler's fields are set in cmd/main.go.
type WidgetReconciler struct {
	Reader client.Reader
	Writer Writer
	Status StatusWriter
	Other  Lookalike
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1alpha1.Widget{}
	if err := r.Reader.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := r.Writer.Create(ctx, cm); err != nil { // want `^Create of \*corev1\.ConfigMap names no field manager`
		return ctrl.Result{}, err
	}
	if err := r.Writer.Patch(ctx, cm, client.Merge, client.FieldOwner("widget-controller")); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Other.Patch(ctx, cm, nil); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status.Update(ctx, w) // want `^subresource Update of \*v1alpha1\.Widget names no field manager`
}

// Applier is generic over what it applies: instantiated with
// runtime.ApplyConfiguration, or called in a generic function where the
// object is a type parameter of that constraint, its Apply is the
// writer's.
type Applier[T runtime.ApplyConfiguration] interface {
	Apply(ctx context.Context, obj T, opts ...client.ApplyOption) error
}

type ApplyReconciler struct {
	Applier Applier[runtime.ApplyConfiguration]
}

func (r *ApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Applier.Apply(ctx, v1alpha1.WidgetApply(req.Name)); err != nil { // want `^Apply of \*v1alpha1\.WidgetApplyConfiguration names no field manager`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, apply[runtime.ApplyConfiguration](ctx, r.Applier, v1alpha1.WidgetApply(req.Name))
}

func apply[T runtime.ApplyConfiguration](ctx context.Context, a Applier[T], obj T) error {
	return a.Apply(ctx, obj) // want `^Apply of T names no field manager`
}
