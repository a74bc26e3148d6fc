// Package lo is a stub of github.com/samber/lo for the tests: the
// functions the passes know, with their signatures.
package lo

// Must panics when err is not nil, and returns val otherwise.
func Must[T any](val T, err any, messageArgs ...any) T {
	if err != nil {
		panic(err)
	}
	return val
}
