// Package retry is a stub of k8s.io/client-go/util/retry (signatures of
// v0.30): functions that call the function literal they are given, perhaps
// several times, until it stops failing.
package retry

import "time"

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

var DefaultRetry = Backoff{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}

var DefaultBackoff = Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

func RetryOnConflict(backoff Backoff, fn func() error) error { return fn() }

func OnError(backoff Backoff, retriable func(error) bool, fn func() error) error { return fn() }
