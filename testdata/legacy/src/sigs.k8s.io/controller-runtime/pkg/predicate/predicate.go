// Package predicate is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/predicate (v0.6, subset), for analyzer
// tests: before the predicates were generic, and before Or and the label
// and annotation predicates.
package predicate

// Predicate filters events before enqueuing the keys (the events' types
// are left out of the stub).
type Predicate interface {
	Update(e interface{}) bool
}

// Funcs is a function that implements Predicate.
type Funcs struct {
	UpdateFunc func(interface{}) bool
}

// Update implements Predicate.
func (p Funcs) Update(e interface{}) bool { return true }

// GenerationChangedPredicate implements a default update predicate function on Generation change.
type GenerationChangedPredicate struct {
	Funcs
}
