// Package labels is a signature-only stub of k8s.io/apimachinery/pkg/labels, for analyzer tests.
package labels

// Labels allows lookup of label values.
type Labels interface {
	Has(label string) (exists bool)
	Get(label string) (value string)
	Lookup(label string) (value string, exists bool)
}

// Set is a map of labels.
type Set map[string]string

// Has reports whether the label is in the set.
func (ls Set) Has(label string) bool { _, ok := ls[label]; return ok }

// Get returns the label's value.
func (ls Set) Get(label string) string { return ls[label] }

// Selector matches labels.
type Selector interface {
	Matches(Labels) bool
	Empty() bool
	String() string
}
