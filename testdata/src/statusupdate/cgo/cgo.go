// Package cgo is a reconciler in a package that uses cgo: the analysis
// sees the cgo-processed files and must neither crash nor misplace its
// findings.
package cgo

/*
static int answer(void) { return 42; }
*/
import "C"

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

func Answer() int { return int(C.answer()) }

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = Answer() == 42
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with Update in the reconcile path; .* \(no suggested fix: the file uses cgo, whose rewrite of it is what is analysed; fix it by hand\)`
}
