package writtencaller

// A reconciler whose objects are written, or have their status written,
// by another package's helpers. After a helper that updated the object on
// every path, the object carries the server's resourceVersion.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/writtenhelpers"
	"statusupdate/writtenrelay"
)

type R struct {
	client.Client
	labeller *writtenhelpers.Labeller
	// direct reads and writes without cache.
	direct client.Client
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	switch w.Name {
	case "labelled":
		if err := writtenhelpers.EnsureLabel(ctx, r.Client, &w); err != nil {
			return reconcile.Result{}, err
		}
		w.Status.Ready = true
		return reconcile.Result{}, r.Status().Update(ctx, &w)
	case "adopted":
		if err := r.labeller.Adopt(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, writtenhelpers.SetReady(ctx, r.Client, &w)
	case "updated":
		if err := r.Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, writtenhelpers.SetReady(ctx, r.Client, &w)
	case "relayed":
		if err := r.Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, writtenrelay.MarkReady(ctx, r.Client, &w)
	case "reloaded":
		return reconcile.Result{}, writtenrelay.ReloadWith(ctx, r.direct, &w)
	case "reloaded from cache":
		return reconcile.Result{}, writtenrelay.ReloadWith(ctx, r.Client, &w) // want `status written with Update in the reconcile path, in another package`
	case "copied":
		if err := r.Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, writtenrelay.ReadyCopy(ctx, r.Client, &w) // want `status written with Update in the reconcile path, in another package \(4 calls in this package reach it\)`
	case "finalized":
		if err := writtenhelpers.EnsureFinalizer(ctx, r.Client, &w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with Update in the reconcile path;`
	case "replaced":
		if err := r.Update(ctx, &w); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, writtenhelpers.Replace(ctx, r.Client, &w) // want `status written with Update in the reconcile path, in another package`
	}
	// Related to the one finding for SetReady's write in this package, at
	// the "copied" case (the first of the calls nearest the root): the
	// cached object here, in Relay.ready and in Deferred's defer.
	return reconcile.Result{}, writtenhelpers.SetReady(ctx, r.Client, &w)
}

// Relay hands its parameter on; its callers pass the cached object.
type Relay struct{ client.Client }

// NewR builds R with a second client that reads the API server directly.
func NewR(mgr manager.Manager) (*R, error) {
	direct, err := client.New(mgr.GetConfig(), client.Options{})
	if err != nil {
		return nil, err
	}
	return &R{Client: mgr.GetClient(), direct: direct}, nil
}

func (r *Relay) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.ready(ctx, &w)
}

func (r *Relay) ready(ctx context.Context, w *api.Widget) error {
	return writtenhelpers.SetReady(ctx, r.Client, w) // related to the finding in R.Reconcile
}

// Deferred writes the status in a deferred call: the object there is
// whatever the function left, not what it held at the defer.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Update(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	defer writtenhelpers.SetReady(ctx, r.Client, &w) // related to the finding in R.Reconcile
	return reconcile.Result{}, nil
}
