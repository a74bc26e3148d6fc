// Package imports writes from files that do not import the client
// package: the fix adds the import. The package has a function named
// fieldOwner, so the fixes pass the literal owner, not a constant of that
// name (see fieldmanager/ownerconst).
package imports

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
}

func newObject() *corev1.ConfigMap { return &corev1.ConfigMap{} }

func fieldOwner() string { return "" }
