// Package sets is a stub of k8s.io/apimachinery/pkg/util/sets (signatures
// of v0.30): the generic set.
package sets

type Empty struct{}

type Set[T comparable] map[T]Empty

func New[T comparable](items ...T) Set[T] {
	s := Set[T]{}
	for _, it := range items {
		s[it] = Empty{}
	}
	return s
}
