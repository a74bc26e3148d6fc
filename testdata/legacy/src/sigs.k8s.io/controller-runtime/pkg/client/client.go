package client

import (
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// Options are creation options for a Client (v0.6: no FieldOwner).
type Options struct {
	Scheme *runtime.Scheme
	Mapper meta.RESTMapper
}

// New returns a new Client using the provided config and Options.
func New(config *rest.Config, options Options) (Client, error) { return nil, nil }
