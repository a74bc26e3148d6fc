// Package cacheapi is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/cache/cacheapi (v0.25), where the type
// behind the client.Object alias is declared; for analyzer tests.
package cacheapi

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Object is a Kubernetes object: both a metav1.Object and a runtime.Object.
type Object interface {
	metav1.Object
	runtime.Object
}

// IndexerFunc turns an object into a series of index keys.
type IndexerFunc func(Object) []string

// FieldIndexer knows how to index over a particular field.
type FieldIndexer interface {
	IndexField(ctx context.Context, obj Object, field string, extractValue IndexerFunc) error
}
