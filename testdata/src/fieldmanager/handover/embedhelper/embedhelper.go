// Package embedhelper's finalizer helper takes the reconciler as an
// interface that embeds the client (keda's authenticationReconciler) and
// writes through it: the fact names the parameter.
package embedhelper

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reconciler is what the helper needs of a reconciler: its client, and a
// name for its logs.
type Reconciler interface {
	client.Client
	Name() string
}

func EnsureFinalizer(ctx context.Context, r Reconciler, obj client.Object) error { // want EnsureFinalizer:`^writes through its client parameters: param 1: 1 writes \(Update of client\.Object at embedhelper\.go:21\)$`
	obj.SetFinalizers(append(obj.GetFinalizers(), "example.com/finalizer"))
	return r.Update(ctx, obj)
}
