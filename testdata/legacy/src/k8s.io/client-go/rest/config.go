// Package rest is a signature-only stub of k8s.io/client-go/rest, for analyzer tests.
package rest

// Config holds the common attributes that can be passed to a Kubernetes client.
type Config struct {
	Host      string
	UserAgent string
	QPS       float32
	Burst     int
}
