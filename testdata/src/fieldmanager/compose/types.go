// Package compose has status writes that both the statusupdate pass
// (Update to Patch) and this pass (add a field owner) fix; the fixes must
// merge.
package compose

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type R struct {
	client.Client
}

func (r *R) withOptions(ctx context.Context, w *v1alpha1.Widget) error {
	base := w.DeepCopy()
	var opt client.SubResourceUpdateOption = client.DryRunAll
	_ = base
	return r.Status().Update(ctx, // want `status Update of \*v1alpha1\.Widget names no field manager`
		w,
		opt,
	)
}
