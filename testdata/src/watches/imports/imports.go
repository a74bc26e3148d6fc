// want package:"reads no status"

// Package imports owns Deployments in a file that imports neither the
// builder nor the predicate package, and names a local builder: the fix
// adds both imports, the builder's under a free name.
package imports

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"watches/api"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	builder := ctrl.NewControllerManagedBy(mgr).For(&api.Widget{})
	builder = builder.Owns(&appsv1.Deployment{}) // want `every status update of an owned Deployment wakes`
	return builder.Complete(r)
}
