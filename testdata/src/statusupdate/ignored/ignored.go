package ignored

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	// Each write has its own object: a status Update right after another
	// write of the same object is fresh and never reported.
	var w, w2, w3, w4, w5, w6 api.Widget
	//statuslint:ignore statusupdate this status has one writer and is never cached
	_ = r.Status().Update(ctx, &w)
	_ = r.Status().Update(ctx, &w2) //statuslint:ignore statusupdate,fieldmanager same: single writer
	_ = r.Status().Update(ctx, &w3) // want `status written with Update`
	//statuslint:ignore statusupdate // no reason: silences nothing (reported by the directive check, see testdata/src/directives)
	_ = r.Status().Update(ctx, &w4) // want `status written with Update`
	//statuslint:ignore statusupdat typo in the pass name // silences nothing (reported by the directive check)
	_ = r.Status().Update(ctx, &w5) // want `status written with Update`
	//statuslint:ignore conditions another pass's directive
	_ = r.Status().Update(ctx, &w6) // want `status written with Update`
	//statuslint:ignore statusupdate nothing to silence on the next line // want `statuslint:ignore for statusupdate silences nothing here; remove it`
	_ = r.Status().Patch(ctx, &w, client.MergeFrom(&w))
	return reconcile.Result{}, nil
}
