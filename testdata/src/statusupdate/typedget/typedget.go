// Package typedget reads its objects with a client-go typed client, the
// Get client-gen writes for every API type, which goes to the API server:
// the object carries the server's resourceVersion, as after a read through
// the manager's APIReader, and a status Update of it right after is not
// reported (rook's cephStatusChecker.updateCephStatus). A lister's Get,
// which reads a cache, is not such a read.
package typedget

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/siblinghelpers"
)

// WidgetInterface is the typed client client-gen writes for Widget.
type WidgetInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*api.Widget, error)
}

// WidgetLister is the lister informer-gen writes: it reads a cache.
type WidgetLister interface {
	Get(name string) (*api.Widget, error)
}

type R struct {
	client.Client
	Widgets WidgetInterface
	Lister  WidgetLister
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w, err := r.Widgets.Get(ctx, req.Name, metav1.GetOptions{})
	if err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	// Assigned again, not declared: a read from the API server too.
	w, err = r.Widgets.Get(ctx, req.Name, metav1.GetOptions{})
	if err != nil {
		return reconcile.Result{}, err
	}
	if err := siblinghelpers.UpdateStatus(r, w); err != nil {
		return reconcile.Result{}, err
	}
	cached, err := r.Lister.Get(req.Name)
	if err != nil {
		return reconcile.Result{}, err
	}
	cached.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, cached) // want `reconcile path; .*\(no suggested fix: cached is not loaded from the API server earlier in this function\)$`
}
