//go:build !unix

package main

// lock is a no-op where flock is unavailable: concurrent builds sharing one
// cache dir must then be avoided by the caller (or given -cache dirs of their own).
func lock(path string) (unlock func(), err error) { return func() {}, nil }
