// Package retry stands in for client-go's util/retry: another package's
// function that calls the function literal it is given, perhaps several
// times, until it stops failing with a conflict.
package retry

type Backoff struct{ Steps int }

var DefaultRetry = Backoff{Steps: 5}

func RetryOnConflict(backoff Backoff, fn func() error) error { return fn() }
