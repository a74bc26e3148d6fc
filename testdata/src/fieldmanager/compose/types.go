// Package compose has status writes that both the statusupdate pass
// (Update to Patch, with a snapshot of the object) and this pass (add a
// field owner) fix; the fixes must merge.
package compose

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type R struct {
	client.Client
}

// Reconcile writes with an option, one argument a line.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	opt := client.DryRunAll
	w.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, // want `status Update of \*v1alpha1\.Widget names no field manager`
		&w,
		opt,
	)
}
