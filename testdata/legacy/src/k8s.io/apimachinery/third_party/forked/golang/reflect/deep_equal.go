// Package reflect is a signature-only stub of
// k8s.io/apimachinery/third_party/forked/golang/reflect, where the real
// DeepEqual method behind equality.Semantic is declared; for analyzer tests.
package reflect

import "reflect"

// Equalities is a map from type to a function comparing two values of that type.
type Equalities map[reflect.Type]reflect.Value

// DeepEqual is like reflect.DeepEqual, but honours custom equality functions.
func (e Equalities) DeepEqual(a1, a2 interface{}) bool { return false }

// DeepDerivative is similar to DeepEqual except that unset fields in a1 are ignored.
func (e Equalities) DeepDerivative(a1, a2 interface{}) bool { return false }
