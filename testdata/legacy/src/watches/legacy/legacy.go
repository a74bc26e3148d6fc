// want package:"reads no status"

// Package legacy sets up controllers against controller-runtime v0.6: For
// and Owns take runtime.Object, Reconcile takes no context, and the
// predicate package has neither Or nor the label and annotation
// predicates: before v0.18 the child's finding has no fix.
package legacy

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type WidgetStatus struct {
	Ready    bool
	LastSync metav1.Time
}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   struct{ Size int }
	Status WidgetStatus
}

func (in *Widget) DeepCopy() *Widget              { out := *in; return &out }
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type Part struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   struct{ Size int }
	Status struct{ Phase string }
}

func (in *Part) DeepCopyObject() runtime.Object { out := *in; return &out }

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.LastSync = metav1.Now()
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with the clock on every pass, and the Widget watch has no predicate`
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Owns(&Part{}). // want `every status update of an owned Part wakes this controller's reconcile, which never reads a Part's status: filter the watch with a predicate that drops status-only updates \(no suggested fix: before controller-runtime v0.18 which predicates there are cannot be told; add them by hand\)$`
		Complete(r)
}

// LinkReconciler watches its children through source.Kind and an owner
// handler, the form before v0.15, and a kind with a handler of its own.
type LinkReconciler struct{ WidgetReconciler }

func (r *LinkReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Watches(&source.Kind{Type: &Part{}}, &handler.EnqueueRequestForOwner{OwnerType: &Widget{}, IsController: true}). // want `every status update of an owned Part wakes this controller's reconcile`
		Watches(&source.Kind{Type: &Part{}}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}
