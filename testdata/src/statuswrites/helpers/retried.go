package helpers

import (
	"context"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// UpdateRetried loads the object by its key and writes its status in a
// function literal retried on conflict, which captures the key.
func UpdateRetried(ctx context.Context, c client.Client, key client.ObjectKey, ready bool) error { // want UpdateRetried:`^writes status of the object loaded by the key in argument 2 \(w\) 1 time\(s\): helpers.UpdateRetried → a function literal in helpers.UpdateRetried at retried.go:[0-9]+$`
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := c.Get(ctx, key, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return c.Status().Update(ctx, w)
	})
}

// MarkRequest loads the object by the request's key and writes its status.
func MarkRequest(ctx context.Context, c client.Client, req reconcile.Request) { // want MarkRequest:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\): helpers.MarkRequest at retried.go:[0-9]+$`
	w := &api.Widget{}
	if err := c.Get(ctx, req.NamespacedName, w); err != nil {
		return
	}
	w.Status.Ready = true
	_ = c.Status().Update(ctx, w)
}
