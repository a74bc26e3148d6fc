// Package fields is a signature-only stub of k8s.io/apimachinery/pkg/fields, for analyzer tests.
package fields

// Set is a map of field values.
type Set map[string]string

// Selector matches fields.
type Selector interface {
	Empty() bool
	String() string
}
