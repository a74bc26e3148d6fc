package basic

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// Versioned runs its reconcile through a method value kept in a variable,
// as moco's MySQLCluster reconciler does: the variable is assigned the
// same method on every branch, so the call runs it. Stopped, it writes the
// status twice: once for each stop step.
type Versioned struct{ client.Client }

func (r *Versioned) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\): \(\*basic\.Versioned\)\.Reconcile → \(\*basic\.Versioned\)\.reconcileV1 → \(\*basic\.Versioned\)\.stop`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	reconciler := r.reconcileV1
	if w.Generation > 1 {
		reconciler = r.reconcileV1
	}
	return reconciler(ctx, req, w)
}

func (r *Versioned) reconcileV1(ctx context.Context, req reconcile.Request, w *api.Widget) (reconcile.Result, error) {
	if w.Labels["stopped"] == "true" {
		if err := r.stop(ctx, w, "ClusteringActive"); err != nil {
			return reconcile.Result{}, err
		}
		if err := r.stop(ctx, w, "ReconciliationActive"); err != nil { // want `^status of w written a second time in one reconcile \(first write at :35 through \(\*Versioned\)\.stop\)`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// stop marks a condition false, writing only when the status changed.
func (r *Versioned) stop(ctx context.Context, w *api.Widget, condition string) error {
	orig := w.DeepCopy()
	if meta.IsStatusConditionFalse(w.Status.Conditions, condition) {
		return nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: condition, Status: metav1.ConditionFalse})
	if !equality.Semantic.DeepEqual(orig, w) {
		if err := r.Status().Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// Chosen keeps one of two methods in the variable: which one runs is not
// known, and neither is followed.
type Chosen struct{ Versioned }

func (r *Chosen) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	reconciler := r.reconcileV1
	if w.Generation > 1 {
		reconciler = r.reconcileV2
	}
	return reconciler(ctx, req, w)
}

func (r *Chosen) reconcileV2(ctx context.Context, req reconcile.Request, w *api.Widget) (reconcile.Result, error) {
	return r.reconcileV1(ctx, req, w)
}
