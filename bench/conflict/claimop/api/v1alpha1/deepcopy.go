package v1alpha1

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/runtime"
)

// Hand-written deep copies, field by field as controller-gen writes them;
// the generic helpers only save repeating the same three lines per type.

type copier[T any] interface {
	*T
	DeepCopyInto(*T)
}

func copyOf[T any, P copier[T]](in P) P {
	if in == nil {
		return nil
	}
	out := P(new(T))
	in.DeepCopyInto(out)
	return out
}

// object returns p as a runtime.Object, nil for a nil pointer (not an
// interface holding one).
func object[P interface {
	comparable
	runtime.Object
}](p P) runtime.Object {
	var zero P
	if p == zero {
		return nil
	}
	return p
}

func copyItems[T any, P copier[T]](in []T) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i := range in {
		P(&in[i]).DeepCopyInto(&out[i])
	}
	return out
}

func (in *PodTemplate) DeepCopyInto(out *PodTemplate) {
	*out = *in
	out.Metadata.Labels = maps.Clone(in.Metadata.Labels)
	in.Spec.DeepCopyInto(&out.Spec)
}

func (in *SandboxStatus) DeepCopyInto(out *SandboxStatus) {
	*out = *in
	out.Conditions = copyItems(in.Conditions)
	out.PodIPs = slices.Clone(in.PodIPs)
}

func (in *Sandbox) DeepCopyInto(out *Sandbox) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.PodTemplate.DeepCopyInto(&out.Spec.PodTemplate)
	in.Status.DeepCopyInto(&out.Status)
}

func (in *SandboxList) DeepCopyInto(out *SandboxList) {
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = copyItems(in.Items)
}

func (in *SandboxTemplate) DeepCopyInto(out *SandboxTemplate) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.PodTemplate.DeepCopyInto(&out.Spec.PodTemplate)
}

func (in *SandboxTemplateList) DeepCopyInto(out *SandboxTemplateList) {
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = copyItems(in.Items)
}

// DeepCopyInto copies the pool; its spec and status hold values only.
func (in *SandboxWarmPool) DeepCopyInto(out *SandboxWarmPool) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}

func (in *SandboxWarmPoolList) DeepCopyInto(out *SandboxWarmPoolList) {
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = copyItems(in.Items)
}

func (in *SandboxClaimStatus) DeepCopyInto(out *SandboxClaimStatus) {
	*out = *in
	out.Conditions = copyItems(in.Conditions)
	out.Sandbox.PodIPs = slices.Clone(in.Sandbox.PodIPs)
}

func (in *SandboxClaim) DeepCopyInto(out *SandboxClaim) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Status.DeepCopyInto(&out.Status)
}

func (in *SandboxClaimList) DeepCopyInto(out *SandboxClaimList) {
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = copyItems(in.Items)
}

func (in *SandboxClaimStatus) DeepCopy() *SandboxClaimStatus   { return copyOf(in) }
func (in *Sandbox) DeepCopy() *Sandbox                         { return copyOf(in) }
func (in *SandboxList) DeepCopy() *SandboxList                 { return copyOf(in) }
func (in *SandboxTemplate) DeepCopy() *SandboxTemplate         { return copyOf(in) }
func (in *SandboxTemplateList) DeepCopy() *SandboxTemplateList { return copyOf(in) }
func (in *SandboxWarmPool) DeepCopy() *SandboxWarmPool         { return copyOf(in) }
func (in *SandboxWarmPoolList) DeepCopy() *SandboxWarmPoolList { return copyOf(in) }
func (in *SandboxClaim) DeepCopy() *SandboxClaim               { return copyOf(in) }
func (in *SandboxClaimList) DeepCopy() *SandboxClaimList       { return copyOf(in) }
func (in *Sandbox) DeepCopyObject() runtime.Object             { return object(in.DeepCopy()) }
func (in *SandboxList) DeepCopyObject() runtime.Object         { return object(in.DeepCopy()) }
func (in *SandboxTemplate) DeepCopyObject() runtime.Object     { return object(in.DeepCopy()) }
func (in *SandboxTemplateList) DeepCopyObject() runtime.Object { return object(in.DeepCopy()) }
func (in *SandboxWarmPool) DeepCopyObject() runtime.Object     { return object(in.DeepCopy()) }
func (in *SandboxWarmPoolList) DeepCopyObject() runtime.Object { return object(in.DeepCopy()) }
func (in *SandboxClaim) DeepCopyObject() runtime.Object        { return object(in.DeepCopy()) }
func (in *SandboxClaimList) DeepCopyObject() runtime.Object    { return object(in.DeepCopy()) }
