// Package ignored covers the ignore directives for statuswrites.
package ignored

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	_ = r.Status().Update(ctx, &w)
	//statuslint:ignore statuswrites users watch this condition while the long step runs
	_ = r.Status().Update(ctx, &w)
	_ = r.Status().Update(ctx, &w) // want `status of w written a second time`
	//statuslint:ignore statuswrites nothing to silence here // want `statuslint:ignore for statuswrites silences nothing here; remove it`
	return reconcile.Result{}, nil
}
