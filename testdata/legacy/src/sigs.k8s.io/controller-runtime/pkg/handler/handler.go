// Package handler is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/handler (v0.6, subset), for analyzer
// tests.
package handler

import "k8s.io/apimachinery/pkg/runtime"

// EventHandler enqueues reconcile.Requests in response to events.
type EventHandler interface {
	Generic(obj runtime.Object)
}

// EnqueueRequestForObject enqueues a Request containing the Name and Namespace of the object.
type EnqueueRequestForObject struct{}

func (e *EnqueueRequestForObject) Generic(obj runtime.Object) {}

// EnqueueRequestForOwner enqueues Requests for the Owners of an object.
type EnqueueRequestForOwner struct {
	// OwnerType is the type of the Owner object to look for in OwnerReferences.
	OwnerType runtime.Object
	// IsController if set will only look at the first OwnerReference with Controller: true.
	IsController bool
}

func (e *EnqueueRequestForOwner) Generic(obj runtime.Object) {}
