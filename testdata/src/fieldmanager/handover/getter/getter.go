// Package getter is KEDA's eventing layout: a kubebuilder reconciler (its
// Client field set in cmd/main.go, so assumed to name no field manager)
// whose finalizer helpers take it as an interface of the package and
// write through r.GetClient(); and a step whose getter returns a client
// that names one.
package getter

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type reconcilerInterface interface {
	GetClient() client.Client
	Name() string
}

type R struct {
	Client client.Client
}

func (r *R) GetClient() client.Client { return r.Client }

func (r *R) Name() string { return "getter" }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.GetClient().Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := EnsureFinalizer(ctx, r, &cm); err != nil {
		return reconcile.Result{}, err
	}
	cm.Data = map[string]string{"ready": "true"}
	return reconcile.Result{}, r.GetClient().Update(ctx, &cm) // want `^Update of \*corev1\.ConfigMap names no field manager`
}

// EnsureFinalizer is exported, as KEDA's is: a caller in another package
// may hand it another reconciler, whose client is not known here.
func EnsureFinalizer(ctx context.Context, r reconcilerInterface, obj client.Object) error {
	obj.SetFinalizers(append(obj.GetFinalizers(), "example.com/finalizer"))
	return r.GetClient().Update(ctx, obj) // want `^Update of client\.Object names no field manager`
}

// Owned's getter returns a client that names a field manager: its writes
// are not reported.
type Owned struct {
	c client.Client
}

func NewOwned(c client.Client) *Owned {
	return &Owned{c: client.WithFieldOwner(c, "owned")}
}

func (o *Owned) GetClient() client.Client { return o.c }

func (o *Owned) Name() string { return "owned" }

func (o *Owned) apply(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := o.GetClient().Update(ctx, cm); err != nil {
		return err
	}
	return finalize(ctx, o, cm)
}

func finalize(ctx context.Context, r reconcilerInterface, obj client.Object) error {
	return r.GetClient().Update(ctx, obj)
}
