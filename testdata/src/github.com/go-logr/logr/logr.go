// Package logr is a signature-only stub of github.com/go-logr/logr (v1, where
// Logger is a struct), for analyzer tests.
package logr

// Logger is a logging handle.
type Logger struct{}

// Info logs a non-error message with key/value pairs.
func (l Logger) Info(msg string, keysAndValues ...any) {}

// Error logs an error with key/value pairs.
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}

// V returns a Logger for the given verbosity level.
func (l Logger) V(level int) Logger { return l }

// WithValues returns a Logger with extra key/value pairs.
func (l Logger) WithValues(keysAndValues ...any) Logger { return l }

// WithName returns a Logger with a name element added.
func (l Logger) WithName(name string) Logger { return l }
