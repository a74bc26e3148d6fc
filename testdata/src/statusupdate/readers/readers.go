package readers

// A status Update of an object that was just read from the API server, not
// from the informer cache, carries the current resourceVersion: no
// finding. The readers that count are the manager's API reader and a
// client made with client.New without a cache, held in a local, a field
// or an unexported function's parameter.

import (
	"context"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct {
	client.Client
	// apiReader reads from the API server, without the cache.
	apiReader client.Reader
	// direct is a client without cache.
	direct client.Client
	// cachedDirect is made by client.New, but reads through the cache.
	cachedDirect client.Client
	// mixed is the API reader or the cached client.
	mixed client.Reader
	mgr   manager.Manager
}

func Setup(mgr manager.Manager, cfg *rest.Config, uncached bool) (*R, error) {
	direct, err := client.New(cfg, client.Options{Scheme: nil})
	if err != nil {
		return nil, err
	}
	cachedDirect, err := client.New(cfg, client.Options{Cache: &client.CacheOptions{Reader: mgr.GetClient()}})
	if err != nil {
		return nil, err
	}
	r := &R{Client: mgr.GetClient(), apiReader: mgr.GetAPIReader(), direct: direct, cachedDirect: cachedDirect, mgr: mgr}
	if uncached {
		r.mixed = mgr.GetAPIReader()
	} else {
		r.mixed = mgr.GetClient()
	}
	return r, nil
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var a, b, c, d, e, f, g, h api.Widget

	// The manager's API reader, through a field.
	if err := r.apiReader.Get(ctx, req.NamespacedName, &a); err != nil {
		return reconcile.Result{}, err
	}
	a.Status.Ready = true
	_ = r.Status().Update(ctx, &a)

	// A client without cache, through a field.
	_ = r.direct.Get(ctx, req.NamespacedName, &b)
	_ = r.Status().Update(ctx, &b)

	// The API reader, asked of the manager right there.
	_ = r.mgr.GetAPIReader().Get(ctx, req.NamespacedName, &c)
	_ = r.Status().Update(ctx, &c)

	// Read again inside the retry closure that writes.
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.apiReader.Get(ctx, req.NamespacedName, &d); err != nil {
			return err
		}
		d.Status.Ready = true
		return r.Status().Update(ctx, &d)
	})

	// Handed to an unexported helper as a parameter.
	_ = r.setReady(ctx, r.direct, req, &e)

	// The cached client: reported.
	_ = r.Get(ctx, req.NamespacedName, &f)
	_ = r.Status().Update(ctx, &f) // want `status written with Update in the reconcile path`

	// client.New with a cache: reported.
	_ = r.cachedDirect.Get(ctx, req.NamespacedName, &g)
	_ = r.Status().Update(ctx, &g) // want `status written with Update in the reconcile path`

	// A field that holds the cached client on some paths: reported.
	_ = r.mixed.Get(ctx, req.NamespacedName, &h)
	_ = r.Status().Update(ctx, &h) // want `status written with Update in the reconcile path`

	// The object read fresh, then read again from the cache: reported.
	_ = r.apiReader.Get(ctx, req.NamespacedName, &a)
	_ = r.Get(ctx, req.NamespacedName, &a)
	_ = r.Status().Update(ctx, &a) // want `status written with Update in the reconcile path`

	_ = r.retried(ctx, req)
	_ = SetReady(ctx, r, r.apiReader, req)
	return reconcile.Result{}, nil
}

func (r *R) setReady(ctx context.Context, rd client.Reader, req reconcile.Request, w *api.Widget) error {
	if err := rd.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Ready = true
	return r.Status().Update(ctx, w)
}

// retried reads through the cached client inside the retry: a conflict
// is retried, but each try may read the same stale object. Reported.
func (r *R) retried(ctx context.Context, req reconcile.Request) error {
	var w api.Widget
	return retry.OnError(retry.DefaultRetry, func(error) bool { return true }, func() error {
		if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
			return err
		}
		return r.Status().Update(ctx, &w) // want `status written with Update in the reconcile path`
	})
}

// SetReady is exported: other packages may hand it any reader, so its
// parameter proves nothing here. Reported; its fact lets a call from
// another package that hands in an uncached reader go unreported.
func SetReady(ctx context.Context, c client.Client, rd client.Reader, req reconcile.Request) error { // want SetReady:"writes status fresh when parameters 2 read uncached" SetReady:"patches in place from copies after its own reads"
	var w api.Widget
	if err := rd.Get(ctx, req.NamespacedName, &w); err != nil {
		return err
	}
	return c.Status().Update(ctx, &w) // want `status written with Update in the reconcile path`
}

// lookalike has a GetAPIReader that is not the manager's.
type lookalike struct{ c client.Client }

func (l lookalike) GetAPIReader() client.Reader { return l.c }

type L struct {
	client.Client
	l lookalike
}

func (r *L) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	_ = r.l.GetAPIReader().Get(ctx, req.NamespacedName, &w)
	return reconcile.Result{}, r.Status().Update(ctx, &w) // want `status written with Update in the reconcile path`
}
