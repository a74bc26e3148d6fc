package imports

import "context"

func (r *R) single(ctx context.Context) error {
	return r.Patch(ctx, newObject(), nil) // want `Patch of \*v1\.ConfigMap names no field manager`
}
