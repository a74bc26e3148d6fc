// want package:"reads status of k8s.io/api/apps/v1.Deployment, watches/api.Widget"

// Package stepped runs its reconcile through steps.Step, whose
// implementation (package steps/route) reads the Deployments' status: the
// Deployment watch is needed. No step reads a StatefulSet's.
package stepped

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"watches/api"
	"watches/steps"
)

type StepReconciler struct{ client.Client }

func (r *StepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of k8s.io/api/apps/v1.Deployment, watches/api.Widget"
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, steps.New(r.Client).Reconcile(ctx, &w)
}

func (r *StepReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		Owns(&appsv1.StatefulSet{}). // want `every status update of an owned StatefulSet wakes this controller's reconcile, which never reads a StatefulSet's status`
		Complete(r)
}
