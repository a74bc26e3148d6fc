// Package reconcile is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/reconcile (v0.6: Reconcile takes no
// context, no generics), for analyzer tests.
package reconcile

import (
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// Result contains the result of a Reconciler invocation.
type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

// IsZero returns true if this result is empty.
func (r *Result) IsZero() bool { return r == nil || *r == Result{} }

// Request contains the information necessary to reconcile a Kubernetes object.
type Request struct {
	types.NamespacedName
}

// Reconciler implements a Kubernetes API for a specific Resource.
type Reconciler interface {
	Reconcile(Request) (Result, error)
}

// Func is a function that implements the reconcile interface.
type Func func(Request) (Result, error)

var _ Reconciler = Func(nil)

// Reconcile implements Reconciler.
func (r Func) Reconcile(o Request) (Result, error) { return r(o) }
