// want package:"reads no status"

// Package wrap wraps reconcilers, as crossplane-runtime's
// errors.WithSilentRequeueOnConflict does: the wrapped one runs through an
// interface, which this package's facts do not follow.
package wrap

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Quiet returns a reconciler that runs r.
func Quiet(r reconcile.Reconciler) *Quieted { return &Quieted{r: r} }

// Quieted runs a reconciler.
type Quieted struct{ r reconcile.Reconciler }

func (q *Quieted) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return q.r.Reconcile(ctx, req)
}
