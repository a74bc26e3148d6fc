// Package log is a signature-only stub of sigs.k8s.io/controller-runtime/pkg/log
// (v0.25, logr v1), for analyzer tests.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

// Log is the base logger used by controller-runtime.
var Log = logr.Logger{}

// SetLogger sets a concrete logging implementation.
func SetLogger(l logr.Logger) {}

// FromContext returns a logger with predefined values from a context.Context.
func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger { return Log }

// IntoContext takes a context and sets the logger as one of its values.
func IntoContext(ctx context.Context, log logr.Logger) context.Context { return ctx }
