package client

import "k8s.io/apimachinery/pkg/types"

var (
	// Apply uses server-side apply to patch the given object.
	//
	// Deprecated: Use client.Client.Apply() and client.Client.SubResource("subrsource").Apply() instead.
	Apply Patch = applyPatch{}

	// Merge uses the raw object as a merge patch, without modifications.
	Merge Patch = mergePatch{}
)

type patch struct {
	patchType types.PatchType
	data      []byte
}

func (s *patch) Type() types.PatchType           { return s.patchType }
func (s *patch) Data(obj Object) ([]byte, error) { return s.data, nil }

// RawPatch constructs a new Patch with the given PatchType and data.
func RawPatch(patchType types.PatchType, data []byte) Patch {
	return &patch{patchType, data}
}

// MergeFromWithOptimisticLock can be used if clients want to make sure a patch
// is being applied to the latest resource version of an object.
type MergeFromWithOptimisticLock struct{}

// ApplyToMergeFrom applies this configuration to the given patch options.
func (m MergeFromWithOptimisticLock) ApplyToMergeFrom(in *MergeFromOptions) {}

// MergeFromOption is some configuration that modifies options for a merge-from patch data.
type MergeFromOption interface {
	ApplyToMergeFrom(*MergeFromOptions)
}

// MergeFromOptions contains options to generate a merge-from patch data.
type MergeFromOptions struct {
	OptimisticLock bool
}

type mergeFromPatch struct {
	patchType types.PatchType
	from      Object
	opts      MergeFromOptions
}

func (s *mergeFromPatch) Type() types.PatchType           { return s.patchType }
func (s *mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

// MergeFrom creates a Patch that patches using the merge-patch strategy with the given object as base.
func MergeFrom(obj Object) Patch {
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj}
}

// MergeFromWithOptions creates a Patch that patches using the merge-patch strategy with the given object as base.
func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch {
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj}
}

// StrategicMergeFrom creates a Patch that patches using the strategic-merge-patch strategy with the given object as base.
func StrategicMergeFrom(obj Object, opts ...MergeFromOption) Patch {
	return &mergeFromPatch{patchType: types.StrategicMergePatchType, from: obj}
}

type mergePatch struct{}

func (p mergePatch) Type() types.PatchType           { return types.MergePatchType }
func (p mergePatch) Data(obj Object) ([]byte, error) { return nil, nil }

type applyPatch struct{}

func (p applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (p applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }
