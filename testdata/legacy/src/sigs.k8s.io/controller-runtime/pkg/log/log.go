// Package log is a signature-only stub of sigs.k8s.io/controller-runtime/pkg/log
// (v0.6, logr v0.1 interface), for analyzer tests.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

// DelegatingLogger is a logr.Logger that delegates to another logr.Logger.
type DelegatingLogger struct {
	logr.Logger
}

// WithName provides a new Logger with the name appended.
func (l *DelegatingLogger) WithName(name string) logr.Logger { return l }

// WithValues provides a new Logger with the tags appended.
func (l *DelegatingLogger) WithValues(tags ...interface{}) logr.Logger { return l }

// Fulfill switches the logger over to use the actual logger provided.
func (l *DelegatingLogger) Fulfill(actual logr.Logger) {}

// NewDelegatingLogger constructs a new DelegatingLogger.
func NewDelegatingLogger(initial logr.Logger) *DelegatingLogger {
	return &DelegatingLogger{Logger: initial}
}

// NullLogger is a logr.Logger that does nothing.
type NullLogger struct{}

func (NullLogger) Info(msg string, keysAndValues ...interface{})             {}
func (NullLogger) Enabled() bool                                             { return false }
func (NullLogger) Error(err error, msg string, keysAndValues ...interface{}) {}
func (l NullLogger) V(level int) logr.InfoLogger                             { return l }
func (l NullLogger) WithName(name string) logr.Logger                        { return l }
func (l NullLogger) WithValues(keysAndValues ...interface{}) logr.Logger     { return l }

// SetLogger sets a concrete logging implementation.
func SetLogger(l logr.Logger) {}

// Log is the base logger used by kubebuilder.
var Log = NewDelegatingLogger(NullLogger{})

// FromContext returns a logger with predefined values from a context.Context.
func FromContext(ctx context.Context, keysAndValues ...interface{}) logr.Logger { return Log }

// IntoContext takes a context and sets the logger as one of its values.
func IntoContext(ctx context.Context, log logr.Logger) context.Context { return ctx }
