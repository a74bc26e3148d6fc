package ignored

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	//statuslint:ignore statusupdate this status has one writer and is never cached
	_ = r.Status().Update(ctx, &w)
	_ = r.Status().Update(ctx, &w) //statuslint:ignore statusupdate,fieldmanager same: single writer
	_ = r.Status().Update(ctx, &w) // want `status written with Update`
	//statuslint:ignore statusupdate // want `statuslint:ignore needs a reason: write //statuslint:ignore statusupdate <why this is right>`
	_ = r.Status().Update(ctx, &w) // want `status written with Update`
	//statuslint:ignore statusupdat typo in the pass name // want `statuslint:ignore names unknown pass "statusupdat" \(did you mean statusupdate\? valid: statusupdate, fieldmanager, conditions\)`
	_ = r.Status().Update(ctx, &w) // want `status written with Update`
	//statuslint:ignore conditions another pass's directive
	_ = r.Status().Update(ctx, &w) // want `status written with Update`
	//statuslint:ignore statusupdate nothing to silence on the next line // want `statuslint:ignore for statusupdate silences nothing here; remove it`
	_ = r.Status().Patch(ctx, &w, client.MergeFrom(&w))
	return reconcile.Result{}, nil
}
