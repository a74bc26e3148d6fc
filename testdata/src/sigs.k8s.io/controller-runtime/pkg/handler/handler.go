// Package handler is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/handler (v0.25, subset), for analyzer
// tests.
package handler

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// EventHandler enqueues reconcile.Requests in response to events.
type EventHandler = TypedEventHandler[client.Object, reconcile.Request]

// TypedEventHandler enqueues reconcile.Requests in response to events.
type TypedEventHandler[object any, request comparable] interface {
	Update(context.Context, event.TypedUpdateEvent[object])
}

// EnqueueRequestForObject enqueues a Request containing the Name and Namespace of the object.
type EnqueueRequestForObject = TypedEnqueueRequestForObject[client.Object]

// TypedEnqueueRequestForObject enqueues a Request containing the Name and Namespace of the object.
type TypedEnqueueRequestForObject[object client.Object] struct{}

func (e *TypedEnqueueRequestForObject[T]) Update(context.Context, event.TypedUpdateEvent[T]) {}

// OwnerOption modifies an EnqueueRequestForOwner EventHandler.
type OwnerOption func(e enqueueRequestForOwnerInterface)

type enqueueRequestForOwnerInterface interface{ setIsController(bool) }

// OnlyControllerOwner if provided will only look at the first OwnerReference with Controller: true.
func OnlyControllerOwner() OwnerOption { return nil }

// EnqueueRequestForOwner enqueues Requests for the Owners of an object.
func EnqueueRequestForOwner(scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) EventHandler {
	return nil
}

// TypedEnqueueRequestForOwner enqueues Requests for the Owners of an object.
func TypedEnqueueRequestForOwner[object client.Object](scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) TypedEventHandler[object, reconcile.Request] {
	return nil
}

// MapFunc is the signature required for enqueueing requests from a generic function.
type MapFunc = TypedMapFunc[client.Object, reconcile.Request]

// TypedMapFunc is the signature required for enqueueing requests from a generic function.
type TypedMapFunc[object any, request comparable] func(context.Context, object) []request

// EnqueueRequestsFromMapFunc enqueues Requests by running a transformation function.
func EnqueueRequestsFromMapFunc(fn MapFunc) EventHandler { return nil }
