package scaffold_test

import (
	"context"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/scaffold"
)

// An external test package has no production files: nothing in it is
// reported without the tests setting, and it changes nothing of the
// package's findings. With it, the fake reads through the uncached client
// the test stores: not reported either.
type fake struct{ c client.Client }

func (r *fake) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	_ = r.c.Get(ctx, req.NamespacedName, w)
	return reconcile.Result{}, r.c.Status().Update(ctx, w)
}

var suiteClient, _ = client.New(nil, client.Options{})

func TestExternal(t *testing.T) {
	c, _ := client.New(nil, client.Options{})
	_ = &fake{c: c}
	r := &scaffold.MemcachedReconciler{Client: c}
	_, _ = r.Reconcile(context.Background(), reconcile.Request{})
}
