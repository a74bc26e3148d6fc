// Package source is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/source (v0.6, subset), for analyzer
// tests.
package source

import "k8s.io/apimachinery/pkg/runtime"

// Source is a source of events.
type Source interface {
	String() string
}

// Kind is used to provide a source of events originating inside the cluster from Watches.
type Kind struct {
	// Type is the type of object to watch.
	Type runtime.Object
}

func (ks *Kind) String() string { return "kind source" }
