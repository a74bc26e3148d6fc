// Package manager is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/manager (v0.6, subset), for analyzer tests.
package manager

import (
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Manager initializes shared dependencies and runs controllers (subset).
type Manager interface {
	Start(<-chan struct{}) error
	GetConfig() *rest.Config
	GetScheme() *runtime.Scheme
	GetClient() client.Client
	GetFieldIndexer() client.FieldIndexer
	GetRESTMapper() meta.RESTMapper
	GetAPIReader() client.Reader
}

// Options are the arguments for creating a new Manager (subset).
type Options struct {
	Scheme *runtime.Scheme
}

// New returns a new Manager for creating Controllers.
func New(config *rest.Config, options Options) (Manager, error) { return nil, nil }
