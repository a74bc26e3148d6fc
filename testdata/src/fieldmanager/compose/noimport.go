package compose

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/api/v1alpha1"
)

// NoImport's file does not import the client package, which both fixes
// need: it must be added once.
type NoImport struct {
	R
}

func (r *NoImport) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1alpha1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`
}
