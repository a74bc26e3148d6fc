// Package predicate is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/predicate (v0.25, subset), for analyzer
// tests.
package predicate

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

// Predicate filters events before enqueuing the keys.
type Predicate = TypedPredicate[client.Object]

// TypedPredicate filters events before enqueuing the keys.
type TypedPredicate[object any] interface {
	Create(event.TypedCreateEvent[object]) bool
	Delete(event.TypedDeleteEvent[object]) bool
	Update(event.TypedUpdateEvent[object]) bool
	Generic(event.TypedGenericEvent[object]) bool
}

// Funcs is a function that implements Predicate.
type Funcs = TypedFuncs[client.Object]

// TypedFuncs is a function that implements TypedPredicate.
type TypedFuncs[object any] struct {
	CreateFunc  func(event.TypedCreateEvent[object]) bool
	DeleteFunc  func(event.TypedDeleteEvent[object]) bool
	UpdateFunc  func(event.TypedUpdateEvent[object]) bool
	GenericFunc func(event.TypedGenericEvent[object]) bool
}

func (p TypedFuncs[object]) Create(e event.TypedCreateEvent[object]) bool   { return true }
func (p TypedFuncs[object]) Delete(e event.TypedDeleteEvent[object]) bool   { return true }
func (p TypedFuncs[object]) Update(e event.TypedUpdateEvent[object]) bool   { return true }
func (p TypedFuncs[object]) Generic(e event.TypedGenericEvent[object]) bool { return true }

// NewPredicateFuncs returns a predicate funcs that applies the given filter function.
func NewPredicateFuncs(filter func(object client.Object) bool) Funcs { return Funcs{} }

// GenerationChangedPredicate implements a default update predicate function on Generation change.
type GenerationChangedPredicate = TypedGenerationChangedPredicate[client.Object]

// TypedGenerationChangedPredicate implements a default update predicate function on Generation change.
type TypedGenerationChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

// LabelChangedPredicate implements a default update predicate function on label change.
type LabelChangedPredicate = TypedLabelChangedPredicate[client.Object]

// TypedLabelChangedPredicate implements a default update predicate function on label change.
type TypedLabelChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

// AnnotationChangedPredicate implements a default update predicate function on annotation change.
type AnnotationChangedPredicate = TypedAnnotationChangedPredicate[client.Object]

// TypedAnnotationChangedPredicate implements a default update predicate function on annotation change.
type TypedAnnotationChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

// ResourceVersionChangedPredicate implements a default update predicate function on resource version change.
type ResourceVersionChangedPredicate = TypedResourceVersionChangedPredicate[client.Object]

// TypedResourceVersionChangedPredicate implements a default update predicate function on resource version change.
type TypedResourceVersionChangedPredicate[T metav1.Object] struct {
	TypedFuncs[T]
}

// And returns a composite predicate that implements a logical AND of the predicates passed to it.
func And[object any](predicates ...TypedPredicate[object]) TypedPredicate[object] { return nil }

// Or returns a composite predicate that implements a logical OR of the predicates passed to it.
func Or[object any](predicates ...TypedPredicate[object]) TypedPredicate[object] { return nil }

// Not returns a predicate that implements a logical NOT of the predicate passed to it.
func Not[object any](predicate TypedPredicate[object]) TypedPredicate[object] { return nil }
