package parts

// The kubebuilder shape of issue 34: the reconcile hands its object to
// reconcileParts, which sets one condition after another through
// setCondition, each a SetStatusCondition and a status Update. The fix
// threads the snapshot into both helpers; reconcileParts's later calls
// follow a write that left the object as the API server returned it, and
// copy it there. No copy may declare a name the helper's new parameter
// already has, and the later calls renew the parameter rather than
// declare a copy of their own.

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type WidgetReconciler struct{ client.Client }

func (r *WidgetReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.reconcileParts(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *WidgetReconciler) reconcileParts(ctx context.Context, w *api.Widget) error {
	// Another object's write, fixed on its own: its copy and the
	// parameter reconcileParts gains are in one scope, under two names.
	sibling := &api.Widget{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name + "-sibling"}, sibling); err != nil {
		return err
	}
	sibling.Status.Ready = w.Status.Ready
	if err := r.Status().Update(ctx, sibling); err != nil { // want `reconcile path;`
		return err
	}
	if err := r.setCondition(ctx, w, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue}); err != nil {
		return err
	}
	if err := r.setCondition(ctx, w, metav1.Condition{Type: "Progressing", Status: metav1.ConditionFalse}); err != nil {
		return err
	}
	return r.setCondition(ctx, w, metav1.Condition{Type: "Degraded", Status: metav1.ConditionFalse})
}

func (r *WidgetReconciler) setCondition(ctx context.Context, w *api.Widget, cond metav1.Condition) error {
	meta.SetStatusCondition(&w.Status.Conditions, cond)
	return r.Status().Update(ctx, w) // want `reconcile path;`
}
