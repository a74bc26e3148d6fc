// Package labels is a signature-only stub of k8s.io/apimachinery/pkg/labels, for analyzer tests.
package labels

// Labels allows lookup of label values.
type Labels interface {
	Has(label string) (exists bool)
	Get(label string) (value string)
}

// Set is a map of labels.
type Set map[string]string

// Selector matches labels.
type Selector interface {
	Matches(Labels) bool
	Empty() bool
	String() string
}
