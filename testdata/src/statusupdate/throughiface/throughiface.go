package throughiface

// The status is written by another package's type, reached through an
// interface that a field of the reconciler holds, set from that package's
// constructor (Constructs).

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/updaters"
)

type R struct {
	client.Client
	updater updaters.Updater
}

func NewR(c client.Client) *R {
	return &R{Client: c, updater: updaters.NewWidgetUpdater(c)}
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.updater.SetReady(ctx, &w) // want `status written with Update in the reconcile path, in another package; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status in \(\*updaters\.widgetUpdater\)\.SetReady instead \(statuslint -fix makes \(\*updaters\.widgetUpdater\)\.SetReady patch from a copy it takes after its own read\)$`
}

// Logged keeps the updater that writes nothing.
type Logged struct {
	client.Client
	updater updaters.Updater
}

func NewLogged(c client.Client) *Logged {
	return &Logged{Client: c, updater: updaters.NewLogger()}
}

func (r *Logged) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.updater.SetReady(ctx, &w)
}

// Handed gets its updater from whoever calls it: which one is not known.
type Handed struct {
	client.Client
}

func (r *Handed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, r.run(ctx, req, nil)
}

func (r *Handed) run(ctx context.Context, req reconcile.Request, u updaters.Updater) error {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return err
	}
	return u.SetReady(ctx, &w)
}
