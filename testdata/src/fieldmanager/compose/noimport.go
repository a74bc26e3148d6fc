package compose

import (
	"context"

	"fieldmanager/api/v1alpha1"
)

func (r *R) noImport(ctx context.Context, w *v1alpha1.Widget) error {
	base := w.DeepCopy()
	w.Status.Ready = true
	_ = base
	return r.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`
}
