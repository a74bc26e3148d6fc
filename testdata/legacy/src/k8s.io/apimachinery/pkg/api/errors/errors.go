// Package errors is a signature-only stub of k8s.io/apimachinery/pkg/api/errors,
// for analyzer tests.
package errors

// IsNotFound reports whether err is a NotFound API error.
func IsNotFound(err error) bool { return false }

// IsAlreadyExists reports whether err is an AlreadyExists API error.
func IsAlreadyExists(err error) bool { return false }

// IsConflict reports whether err is a Conflict API error.
func IsConflict(err error) bool { return false }
