// Package csaupgrade is a stub of k8s.io/client-go/util/csaupgrade
// (signatures of v0.30): the JSON patch that moves managed fields from
// client-side apply managers to a server-side apply one.
package csaupgrade

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/sets"
)

type Option func(*options)

type options struct{ subresource string }

// UpgradeManagedFieldsPatch returns a JSON patch that replaces
// /metadata/managedFields and /metadata/resourceVersion, or nil bytes if
// there is no work to be done.
func UpgradeManagedFieldsPatch(obj runtime.Object, csaManagerNames sets.Set[string], ssaManagerName string, opts ...Option) ([]byte, error) {
	return nil, nil
}

// UpgradeManagedFields changes the managed fields of obj in place.
func UpgradeManagedFields(obj runtime.Object, csaManagerNames sets.Set[string], ssaManagerName string, opts ...Option) error {
	return nil
}
