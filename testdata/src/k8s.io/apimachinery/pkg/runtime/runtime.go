// Package runtime is a signature-only stub of k8s.io/apimachinery/pkg/runtime
// (apimachinery v0.29+), for analyzer tests.
package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Object mirrors the real runtime.Object interface.
type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

// ApplyConfiguration mirrors the real interface for apply configurations.
type ApplyConfiguration interface {
	IsApplyConfiguration()
}

// Scheme is an opaque stub.
type Scheme struct{}

// NewScheme returns a new Scheme.
func NewScheme() *Scheme { return &Scheme{} }
