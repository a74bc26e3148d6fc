// Package cluster is a signature-only stub of
// sigs.k8s.io/controller-runtime/pkg/cluster (v0.25, subset), for analyzer tests.
package cluster

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Cluster provides various methods to interact with a cluster (subset).
type Cluster interface {
	GetConfig() *rest.Config
	GetScheme() *runtime.Scheme
	GetClient() client.Client
	GetFieldIndexer() client.FieldIndexer
	GetRESTMapper() meta.RESTMapper
	GetAPIReader() client.Reader
	Start(ctx context.Context) error
}
