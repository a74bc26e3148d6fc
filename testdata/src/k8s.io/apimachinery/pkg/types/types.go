// Package types is a signature-only stub of k8s.io/apimachinery/pkg/types
// (apimachinery v0.29+), for analyzer tests.
package types

// NamespacedName identifies an object.
type NamespacedName struct {
	Namespace string
	Name      string
}

// String returns "namespace/name".
func (n NamespacedName) String() string { return n.Namespace + "/" + n.Name }

// UID is a unique identifier.
type UID string

// PatchType is the content type of a patch.
type PatchType string

// Patch types, as in the real package.
const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          PatchType = ApplyYAMLPatchType
	ApplyYAMLPatchType      PatchType = "application/apply-patch+yaml"
	ApplyCBORPatchType      PatchType = "application/apply-patch+cbor"
)
