// Package siblingrelaycaller calls helpers that write through another
// package's helpers: the sibling of the one handed the object calls the
// sibling of the helper it hands it to, both added; the one that reads its
// object itself patches in place, however it is called (here in a
// goroutine), a method of an unexported type too; both reach one write.
package siblingrelaycaller

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/siblingrelay"
)

type Relay struct{ client.Client }

func (r *Relay) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	go func() { _ = siblingrelay.NewChecker(r).Check(ctx, req.NamespacedName) }()

	go siblingrelay.UpdateCondition(ctx, r, req.NamespacedName) // want `\(2 calls in this package reach it\); .*: patch the status in siblingrelay\.UpdateCondition instead \(statuslint -fix makes \(\*siblingrelay\.checker\)\.Check, siblingrelay\.UpdateCondition patch from a copy it takes after its own read\)$`

	return reconcile.Result{}, siblingrelay.MarkReady(ctx, r, &w) // want `patch the status in siblingrelay\.MarkReady instead \(statuslint -fix adds siblingrelay\.MarkReadyFrom beside it and calls it with a copy taken after the load\)$`
}
