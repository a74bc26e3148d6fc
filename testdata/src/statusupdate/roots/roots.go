package roots

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// Loop is a framework's reconcile loop, named by the roots setting.
type Loop struct{ c client.Client }

func (l *Loop) Run(ctx context.Context, w *api.Widget) error { // want Run:"leaves parameters 1 written"
	return l.c.Status().Update(ctx, w) // want `reconcile path;`
}

func (l *Loop) Other(ctx context.Context, w *api.Widget) error { // want Other:"leaves parameters 1 written" Other:"patches from a snapshot as OtherFrom, parameter 1"
	return l.c.Status().Update(ctx, w)
}
