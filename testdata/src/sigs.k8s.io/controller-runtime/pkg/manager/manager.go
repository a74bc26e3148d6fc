// Package manager is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/manager (v0.25, subset), for analyzer tests.
package manager

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
)

// Manager initializes shared dependencies and runs controllers (subset).
type Manager interface {
	cluster.Cluster
	Start(ctx context.Context) error
}

// Options are the arguments for creating a new Manager (subset).
type Options struct {
	Scheme *runtime.Scheme

	// Client is the client.Options that will be used to create the default Client.
	Client client.Options

	// NewClient is the func that creates the client to be used by the manager.
	NewClient client.NewClientFunc

	// LeaderElection determines whether or not to use leader election.
	LeaderElection bool

	// HealthProbeBindAddress is the TCP address the health probes are served on.
	HealthProbeBindAddress string
}

// New returns a new Manager for creating Controllers.
func New(config *rest.Config, options Options) (Manager, error) { return nil, nil }
