// Package legacy is a reconciler written against controller-runtime v0.6:
// Reconcile takes no context, the client takes runtime.Object, and
// StatusWriter is an interface of its own.
package legacy

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status struct{ Ready bool }
}

func (in *Widget) DeepCopy() *Widget              { out := *in; return &out }
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type WidgetReconciler struct {
	client.Client
}

var _ reconcile.Reconciler = &WidgetReconciler{}

func (r *WidgetReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, &w); err != nil { // want `status written with Update in the reconcile path;`
		return reconcile.Result{}, err
	}
	// w was just written: setReady gets it fresh there. w2 comes from
	// the cache.
	var w2 Widget
	_ = r.Get(ctx, req.NamespacedName, &w2)
	_ = r.setReady(ctx, &w2)
	return reconcile.Result{}, r.setReady(ctx, &w)
}

func (r *WidgetReconciler) setReady(ctx context.Context, w *Widget) error {
	var sw client.StatusWriter = r.Status()
	return sw.Update(ctx, w) // want `reconcile path; [^()]*: patch the status instead$`
}

// An object write with the same signature is not a status write.
func (r *WidgetReconciler) update(ctx context.Context, w *Widget) error {
	return r.Update(ctx, w)
}
