// Package ptr is a signature-only stub of k8s.io/utils/ptr, for analyzer
// tests.
package ptr

// Deref dereferences ptr and returns the value it points to if not nil, or
// else returns def.
func Deref[T any](ptr *T, def T) T {
	return def
}

// To returns a pointer to the given value.
func To[T any](v T) *T {
	return nil
}
