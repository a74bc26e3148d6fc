// Package schema is a signature-only stub of k8s.io/apimachinery/pkg/runtime/schema
// (apimachinery v0.28), for analyzer tests.
package schema

// ObjectKind mirrors the real interface.
type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}

// GroupVersionKind identifies a kind.
type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

// GroupVersion identifies an API group and version.
type GroupVersion struct {
	Group   string
	Version string
}

// WithKind returns the GroupVersionKind for kind.
func (gv GroupVersion) WithKind(kind string) GroupVersionKind {
	return GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: kind}
}

// GroupResource identifies a resource in a group.
type GroupResource struct {
	Group    string
	Resource string
}

// GroupKind identifies a kind in a group.
type GroupKind struct {
	Group string
	Kind  string
}

// GroupVersionResource unambiguously identifies a resource.
type GroupVersionResource struct {
	Group    string
	Version  string
	Resource string
}
