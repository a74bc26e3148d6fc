// Package watch is a signature-only stub of k8s.io/apimachinery/pkg/watch, for analyzer tests.
package watch

import "k8s.io/apimachinery/pkg/runtime"

// EventType is the type of a watch event.
type EventType string

// Event is a watch event.
type Event struct {
	Type   EventType
	Object runtime.Object
}

// Interface is a watch.
type Interface interface {
	Stop()
	ResultChan() <-chan Event
}
