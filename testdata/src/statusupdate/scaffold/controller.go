package scaffold

// The layout kubebuilder scaffolds: the reconciler's client is set by
// cmd/main.go (another package) from mgr.GetClient(), and the package's
// own _test.go files build the reconciler with the uncached client of an
// envtest suite. Test code is no evidence about production code, so the
// writes are reported in the package and in its test variant alike (go
// vet, golangci-lint and gopls analyse the test variant).

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	if err := r.reconcileParts(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// reconcileParts calls a condition helper from every sub-reconcile; the
// tests call the helper too, with an object they made themselves.
func (r *MemcachedReconciler) reconcileParts(ctx context.Context, w *api.Widget) error {
	if err := r.updateCondition(ctx, w, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue}); err != nil {
		return err
	}
	return r.updateCondition(ctx, w, metav1.Condition{Type: "Progressing", Status: metav1.ConditionFalse})
}

func (r *MemcachedReconciler) updateCondition(ctx context.Context, w *api.Widget, cond metav1.Condition) error {
	meta.SetStatusCondition(&w.Status.Conditions, cond)
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// WrittenReconciler writes the status, then hands the object, fresh from
// the API server's answer, to a helper that writes it again: the helper's
// write is not reported. The tests use the helper as a value, which says
// nothing about the calls production code makes.
type WrittenReconciler struct {
	client.Client
}

func (r *WrittenReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, w); err != nil { // want `status written with Update in the reconcile path`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.markDone(ctx, w)
}

func (r *WrittenReconciler) markDone(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = false
	return r.Status().Update(ctx, w)
}

// BusyboxReconciler keeps its reader in an exported field. The package
// stores the API reader there, but another package can store any reader:
// what this package stores says nothing certain about it.
type BusyboxReconciler struct {
	client.Client
	Reader client.Reader
}

func NewBusyboxReconciler(mgr manager.Manager) *BusyboxReconciler {
	return &BusyboxReconciler{Client: mgr.GetClient(), Reader: mgr.GetAPIReader()}
}

func (r *BusyboxReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Reader.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// direct is unexported: only this package stores it, and its production
// code stores only an uncached client. The test's cached client is no
// evidence either way: not reported.
type direct struct {
	client.Client
	reader client.Reader
}

func newDirect(c client.Client) (*direct, error) {
	u, err := client.New(nil, client.Options{})
	if err != nil {
		return nil, err
	}
	return &direct{Client: c, reader: u}, nil
}

func (r *direct) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.reader.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

var _ = newDirect
