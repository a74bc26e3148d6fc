// Package reconcile is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/reconcile (v0.25: generic TypedReconciler,
// ObjectReconciler and AsReconciler), for analyzer tests.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Result contains the result of a Reconciler invocation.
type Result struct {
	// Deprecated: Use `RequeueAfter` instead.
	Requeue      bool
	RequeueAfter time.Duration
	Priority     *int
}

// IsZero returns true if this result is empty.
func (r *Result) IsZero() bool { return r == nil || *r == Result{} }

// Request contains the information necessary to reconcile a Kubernetes object.
type Request struct {
	types.NamespacedName
}

// Reconciler implements a Kubernetes API for a specific Resource.
type Reconciler = TypedReconciler[Request]

// TypedReconciler implements an API for a specific Resource.
type TypedReconciler[request comparable] interface {
	Reconcile(context.Context, request) (Result, error)
}

// Func is a function that implements the reconcile interface.
type Func = TypedFunc[Request]

// TypedFunc is a function that implements the reconcile interface.
type TypedFunc[request comparable] func(context.Context, request) (Result, error)

var _ Reconciler = Func(nil)

// Reconcile implements Reconciler.
func (r TypedFunc[request]) Reconcile(ctx context.Context, req request) (Result, error) {
	return r(ctx, req)
}

// ObjectReconciler is a specialized version of Reconciler that acts on instances of client.Object.
type ObjectReconciler[object client.Object] interface {
	Reconcile(context.Context, object) (Result, error)
}

// AsReconciler creates a Reconciler based on the given ObjectReconciler.
func AsReconciler[object client.Object](client client.Client, rec ObjectReconciler[object]) Reconciler {
	return &objectReconcilerAdapter[object]{objReconciler: rec, client: client}
}

type objectReconcilerAdapter[object client.Object] struct {
	objReconciler ObjectReconciler[object]
	client        client.Client
}

func (a *objectReconcilerAdapter[object]) Reconcile(ctx context.Context, req Request) (Result, error) {
	return Result{}, nil
}

// TerminalError is an error that will not be retried.
func TerminalError(wrapped error) error { return wrapped }
