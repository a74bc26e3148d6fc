// Package writeruse hands another package's helper the writer it updates
// through: the status writer makes the call a status Update of the object
// it read from the cache; another subresource's writer, or a patch, not.
package writeruse

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/writerhelper"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := writerhelper.Update(ctx, r.SubResource("scale"), &w, true); err != nil {
		return reconcile.Result{}, err
	}
	if err := writerhelper.Patch(ctx, r.Status(), &w, w.DeepCopy()); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, writerhelper.Update(ctx, r.Status(), &w, true) // want `^status written with Update in the reconcile path, in another package; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status in writerhelper\.Update instead \(no suggested fix: writerhelper\.Update updates through the writer it is handed, which its own package cannot tell to be the status writer\)$`
}
