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

func (r *WidgetReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 1\.0 \(w\) 2 time\(s\)`
	ctx := context.Background()
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.refresh(ctx, &w) // want `^status of w written a second time in one reconcile \(first write at :37\): collect the changes and write the status once, at the end of \(\*WidgetReconciler\)\.Reconcile$`
}

// refresh loads the object again by its own key, and writes it: the same
// object.
func (r *WidgetReconciler) refresh(ctx context.Context, w *Widget) error {
	key, err := client.ObjectKeyFromObject(w)
	if err != nil {
		return err
	}
	var latest Widget
	if err := r.Get(ctx, key, &latest); err != nil {
		return err
	}
	var sw client.StatusWriter = r.Status()
	return sw.Update(ctx, &latest)
}

// An object write with the same signature is not a status write.
func (r *WidgetReconciler) update(ctx context.Context, w *Widget) error {
	_ = r.Update(ctx, w)
	return r.Update(ctx, w)
}
