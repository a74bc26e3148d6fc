// Package event is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/event (v0.25, subset), for analyzer tests.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

// UpdateEvent is an event where a Kubernetes object was updated.
type UpdateEvent = TypedUpdateEvent[client.Object]

// TypedCreateEvent is an event where a Kubernetes object was created.
type TypedCreateEvent[object any] struct{ Object object }

// TypedUpdateEvent is an event where a Kubernetes object was updated.
type TypedUpdateEvent[object any] struct {
	ObjectOld object
	ObjectNew object
}

// TypedDeleteEvent is an event where a Kubernetes object was deleted.
type TypedDeleteEvent[object any] struct{ Object object }

// TypedGenericEvent is an event of unknown type.
type TypedGenericEvent[object any] struct{ Object object }
