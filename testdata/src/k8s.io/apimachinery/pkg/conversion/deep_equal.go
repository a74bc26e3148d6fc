// Package conversion is a signature-only stub of
// k8s.io/apimachinery/pkg/conversion (only Equalities), for analyzer tests.
package conversion

import "k8s.io/apimachinery/third_party/forked/golang/reflect"

// Equalities embeds the forked reflect.Equalities, as in the real package.
type Equalities struct {
	reflect.Equalities
}

// EqualitiesOrDie returns an Equalities.
func EqualitiesOrDie(funcs ...interface{}) Equalities {
	return Equalities{reflect.Equalities{}}
}
