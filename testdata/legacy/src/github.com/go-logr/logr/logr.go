// Package logr is a signature-only stub of github.com/go-logr/logr v0.1
// (where Logger is an interface), for analyzer tests.
package logr

// InfoLogger represents the ability to log non-error messages.
type InfoLogger interface {
	Info(msg string, keysAndValues ...interface{})
	Enabled() bool
}

// Logger represents the ability to log messages, both errors and not.
type Logger interface {
	InfoLogger
	Error(err error, msg string, keysAndValues ...interface{})
	V(level int) InfoLogger
	WithValues(keysAndValues ...interface{}) Logger
	WithName(name string) Logger
}
