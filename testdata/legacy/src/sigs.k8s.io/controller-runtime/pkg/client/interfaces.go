// Package client is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/client (v0.6: methods take
// runtime.Object, StatusWriter is an interface, no SubResource, no Apply),
// for analyzer tests.
package client

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

// ObjectKey identifies a Kubernetes Object.
type ObjectKey = types.NamespacedName

// ObjectKeyFromObject returns the ObjectKey given a runtime.Object.
func ObjectKeyFromObject(obj runtime.Object) (ObjectKey, error) {
	return ObjectKey{}, nil
}

// Patch is a patch that can be applied to a Kubernetes object.
type Patch interface {
	Type() types.PatchType
	Data(obj runtime.Object) ([]byte, error)
}

// Reader knows how to read and list Kubernetes objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj runtime.Object) error
	List(ctx context.Context, list runtime.Object, opts ...ListOption) error
}

// Writer knows how to create, delete, and update Kubernetes objects.
type Writer interface {
	Create(ctx context.Context, obj runtime.Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj runtime.Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj runtime.Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj runtime.Object, patch Patch, opts ...PatchOption) error
	DeleteAllOf(ctx context.Context, obj runtime.Object, opts ...DeleteAllOfOption) error
}

// StatusClient knows how to create a client which can update status subresource.
type StatusClient interface {
	Status() StatusWriter
}

// StatusWriter knows how to update status subresource of a Kubernetes object.
type StatusWriter interface {
	Update(ctx context.Context, obj runtime.Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj runtime.Object, patch Patch, opts ...PatchOption) error
}

// Client knows how to perform CRUD operations on Kubernetes objects.
type Client interface {
	Reader
	Writer
	StatusClient
}

// IndexerFunc knows how to take an object and turn it into a series of non-namespaced keys.
type IndexerFunc func(runtime.Object) []string

// FieldIndexer knows how to index over a particular "field".
type FieldIndexer interface {
	IndexField(ctx context.Context, obj runtime.Object, field string, extractValue IndexerFunc) error
}

// IgnoreNotFound returns nil on NotFound errors.
func IgnoreNotFound(err error) error { return err }
