// Package threaded is the steady-state helper shape with every pass's fix
// applied together: statusupdate and conditions thread the same copy of
// the object into the helper, which then patches from it only when the
// status differs from it.
package threaded

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	api "conditions/steadyapi"
)

type AppReconciler struct {
	client.Client
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.reconcileDeployment(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *AppReconciler) reconcileDeployment(ctx context.Context, app *api.App) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(app), dep); err != nil {
		return r.updateCondition(ctx, app, metav1.Condition{Type: "Available", Status: metav1.ConditionFalse, Reason: "NotFound", Message: err.Error()})
	}
	app.Status.Version = api.VersionOf(app.Spec.Image)
	return r.updateCondition(ctx, app, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue, Reason: "UpToDate"})
}

func (r *AppReconciler) updateCondition(ctx context.Context, app *api.App, cond metav1.Condition) error {
	meta.SetStatusCondition(&app.Status.Conditions, cond)
	return r.Status().Update(ctx, app)
}
