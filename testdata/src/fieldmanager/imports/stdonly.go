package imports

import (
	"context"
	"fmt"
)

func (r *R) stdonly(ctx context.Context) error {
	if err := r.Create(ctx, newObject()); err != nil { // want `Create of \*v1\.ConfigMap names no field manager`
		return fmt.Errorf("create: %w", err)
	}
	return nil
}
