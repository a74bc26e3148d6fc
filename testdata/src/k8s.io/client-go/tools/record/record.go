// Package record is a signature-only stub of client-go's tools/record, for
// analyzer tests: the event recorder controllers hand their objects to.
package record

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder knows how to record events on behalf of an EventSource.
type EventRecorder interface {
	Event(object runtime.Object, eventtype, reason, message string)
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
}
