package writerhelper // want package:"has status writers"
// writerhelper updates an object through the writer its callers
// hand it, as mongodb-kubernetes-operator's status.Update does: whether
// that is the status writer is for each caller to tell, so its fact names
// the argument.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

func Update(ctx context.Context, sw client.SubResourceWriter, w *api.Widget, ready bool) error { // want Update:`^writes status: writerhelper\.Update at writerhelper\.go:17 when argument 1 is the status writer$`
	w.Status.Ready = ready
	return sw.Update(ctx, w)
}

// Patch patches: no fact.
func Patch(ctx context.Context, sw client.SubResourceWriter, w *api.Widget, base *api.Widget) error {
	return sw.Patch(ctx, w, client.MergeFrom(base))
}
