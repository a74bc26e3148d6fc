//statuslint:file-ignore statusupdate this package's objects have a single writer

package fileignored

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}
