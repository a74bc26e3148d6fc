package client

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
)

// CreateOption is some configuration that modifies options for a create request.
type CreateOption interface{ ApplyToCreate(*CreateOptions) }

// DeleteOption is some configuration that modifies options for a delete request.
type DeleteOption interface{ ApplyToDelete(*DeleteOptions) }

// GetOption is some configuration that modifies options for a get request.
type GetOption interface{ ApplyToGet(*GetOptions) }

// ListOption is some configuration that modifies options for a list request.
type ListOption interface{ ApplyToList(*ListOptions) }

// UpdateOption is some configuration that modifies options for a update request.
type UpdateOption interface{ ApplyToUpdate(*UpdateOptions) }

// PatchOption is some configuration that modifies options for a patch request.
type PatchOption interface{ ApplyToPatch(*PatchOptions) }

// ApplyOption is some configuration that modifies options for an apply request.
type ApplyOption interface{ ApplyToApply(*ApplyOptions) }

// DeleteAllOfOption is some configuration that modifies options for a delete request.
type DeleteAllOfOption interface{ ApplyToDeleteAllOf(*DeleteAllOfOptions) }

// SubResourceGetOption modifies options for a SubResource Get request.
type SubResourceGetOption interface {
	ApplyToSubResourceGet(*SubResourceGetOptions)
}

// SubResourceUpdateOption is some configuration that modifies options for a update request.
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}

// SubResourceCreateOption is some configuration that modifies options for a create request.
type SubResourceCreateOption interface {
	ApplyToSubResourceCreate(*SubResourceCreateOptions)
}

// SubResourcePatchOption configures a subresource patch request.
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}

// SubResourceApplyOption configures a subresource apply request.
type SubResourceApplyOption interface {
	ApplyToSubResourceApply(*SubResourceApplyOptions)
}

// DryRunAll sets the "dry run" option to "all".
var DryRunAll = dryRunAll{}

type dryRunAll struct{}

func (dryRunAll) ApplyToCreate(opts *CreateOptions)                       {}
func (dryRunAll) ApplyToUpdate(opts *UpdateOptions)                       {}
func (dryRunAll) ApplyToPatch(opts *PatchOptions)                         {}
func (dryRunAll) ApplyToApply(opts *ApplyOptions)                         {}
func (dryRunAll) ApplyToDelete(opts *DeleteOptions)                       {}
func (dryRunAll) ApplyToDeleteAllOf(opts *DeleteAllOfOptions)             {}
func (dryRunAll) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {}
func (dryRunAll) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {}
func (dryRunAll) ApplyToSubResourcePatch(opts *SubResourcePatchOptions)   {}
func (dryRunAll) ApplyToSubResourceApply(opts *SubResourceApplyOptions)   {}

// FieldOwner set the field manager name for the given server-side apply patch.
// As in v0.25 it implements Create, Update, Patch, Apply and the four
// SubResource option interfaces, but not DeleteOption or DeleteAllOfOption.
type FieldOwner string

// ApplyToPatch applies this configuration to the given patch options.
func (f FieldOwner) ApplyToPatch(opts *PatchOptions) { opts.FieldManager = string(f) }

// ApplyToCreate applies this configuration to the given create options.
func (f FieldOwner) ApplyToCreate(opts *CreateOptions) { opts.FieldManager = string(f) }

// ApplyToUpdate applies this configuration to the given update options.
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) { opts.FieldManager = string(f) }

// ApplyToApply applies this configuration to the given apply options.
func (f FieldOwner) ApplyToApply(opts *ApplyOptions) { opts.FieldManager = string(f) }

// ApplyToSubResourcePatch applies this configuration to the given patch options.
func (f FieldOwner) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {
	opts.FieldManager = string(f)
}

// ApplyToSubResourceCreate applies this configuration to the given create options.
func (f FieldOwner) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {
	opts.FieldManager = string(f)
}

// ApplyToSubResourceUpdate applies this configuration to the given update options.
func (f FieldOwner) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {
	opts.FieldManager = string(f)
}

// ApplyToSubResourceApply applies this configuration to the given apply options.
func (f FieldOwner) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {
	opts.FieldManager = string(f)
}

// FieldValidation configures field validation for the given requests
// (Create, Update, Patch and their SubResource variants; not Apply).
type FieldValidation string

func (f FieldValidation) ApplyToPatch(opts *PatchOptions)                         {}
func (f FieldValidation) ApplyToCreate(opts *CreateOptions)                       {}
func (f FieldValidation) ApplyToUpdate(opts *UpdateOptions)                       {}
func (f FieldValidation) ApplyToSubResourcePatch(opts *SubResourcePatchOptions)   {}
func (f FieldValidation) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {}
func (f FieldValidation) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {}

// CreateOptions contains options for create requests.
type CreateOptions struct {
	DryRun                           []string
	FieldManager                     string
	FieldValidation                  string
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.CreateOptions
}

// AsCreateOptions returns these options as a metav1.CreateOptions.
func (o *CreateOptions) AsCreateOptions() *metav1.CreateOptions { return &metav1.CreateOptions{} }

// ApplyOptions applies the given create options on these options.
func (o *CreateOptions) ApplyOptions(opts []CreateOption) *CreateOptions { return o }

// ApplyToCreate implements CreateOption.
func (o *CreateOptions) ApplyToCreate(co *CreateOptions) {}

// DeleteOptions contains options for delete requests.
type DeleteOptions struct {
	GracePeriodSeconds               *int64
	Preconditions                    *metav1.Preconditions
	PropagationPolicy                *metav1.DeletionPropagation
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.DeleteOptions
	DryRun                           []string
}

// AsDeleteOptions returns these options as a metav1.DeleteOptions.
func (o *DeleteOptions) AsDeleteOptions() *metav1.DeleteOptions { return &metav1.DeleteOptions{} }

// ApplyOptions applies the given delete options on these options.
func (o *DeleteOptions) ApplyOptions(opts []DeleteOption) *DeleteOptions { return o }

// ApplyToDelete implements DeleteOption.
func (o *DeleteOptions) ApplyToDelete(do *DeleteOptions) {}

// GetOptions contains options for get operation.
type GetOptions struct {
	Raw                              *metav1.GetOptions
	UnsafeDisableDeepCopy            *bool
	DisableReadYourWritesConsistency bool
}

// ApplyToGet implements GetOption.
func (o *GetOptions) ApplyToGet(lo *GetOptions) {}

// AsGetOptions returns these options as a metav1.GetOptions.
func (o *GetOptions) AsGetOptions() *metav1.GetOptions { return &metav1.GetOptions{} }

// ApplyOptions applies the given get options on these options.
func (o *GetOptions) ApplyOptions(opts []GetOption) *GetOptions { return o }

// ListOptions contains options for limiting or filtering results.
type ListOptions struct {
	LabelSelector                    labels.Selector
	FieldSelector                    fields.Selector
	Namespace                        string
	Limit                            int64
	Continue                         string
	UnsafeDisableDeepCopy            *bool
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.ListOptions
}

// ApplyToList implements ListOption.
func (o *ListOptions) ApplyToList(lo *ListOptions) {}

// AsListOptions returns these options as a metav1.ListOptions.
func (o *ListOptions) AsListOptions() *metav1.ListOptions { return &metav1.ListOptions{} }

// ApplyOptions applies the given list options on these options.
func (o *ListOptions) ApplyOptions(opts []ListOption) *ListOptions { return o }

// MatchingLabels filters the list/delete operation on the given set of labels.
type MatchingLabels map[string]string

// ApplyToList applies this configuration to the given list options.
func (m MatchingLabels) ApplyToList(opts *ListOptions) {}

// ApplyToDeleteAllOf applies this configuration to the given delete options.
func (m MatchingLabels) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// InNamespace restricts the list/delete operation to the given namespace.
type InNamespace string

// ApplyToList applies this configuration to the given list options.
func (n InNamespace) ApplyToList(opts *ListOptions) { opts.Namespace = string(n) }

// ApplyToDeleteAllOf applies this configuration to the given delete options.
func (n InNamespace) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) { opts.Namespace = string(n) }

// UpdateOptions contains options for create requests.
type UpdateOptions struct {
	DryRun                           []string
	FieldManager                     string
	FieldValidation                  string
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.UpdateOptions
}

// AsUpdateOptions returns these options as a metav1.UpdateOptions.
func (o *UpdateOptions) AsUpdateOptions() *metav1.UpdateOptions { return &metav1.UpdateOptions{} }

// ApplyOptions applies the given update options on these options.
func (o *UpdateOptions) ApplyOptions(opts []UpdateOption) *UpdateOptions { return o }

// ApplyToUpdate implements UpdateOption.
func (o *UpdateOptions) ApplyToUpdate(uo *UpdateOptions) {}

// PatchOptions contains options for patch requests.
type PatchOptions struct {
	DryRun                           []string
	Force                            *bool
	FieldManager                     string
	FieldValidation                  string
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.PatchOptions
}

// ApplyOptions applies the given patch options on these options.
func (o *PatchOptions) ApplyOptions(opts []PatchOption) *PatchOptions { return o }

// AsPatchOptions returns these options as a metav1.PatchOptions.
func (o *PatchOptions) AsPatchOptions() *metav1.PatchOptions { return &metav1.PatchOptions{} }

// ApplyToPatch implements PatchOptions.
func (o *PatchOptions) ApplyToPatch(po *PatchOptions) {}

// ForceOwnership indicates that in case of conflicts with server-side apply,
// the client should acquire ownership of the conflicting field.
var ForceOwnership = forceOwnership{}

type forceOwnership struct{}

func (forceOwnership) ApplyToPatch(opts *PatchOptions)                       {}
func (forceOwnership) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {}
func (forceOwnership) ApplyToApply(opts *ApplyOptions)                       {}
func (forceOwnership) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {}

// DeleteAllOfOptions contains options for deletecollection (deleteallof) requests.
type DeleteAllOfOptions struct {
	ListOptions
	DeleteOptions
}

// ApplyOptions applies the given deleteallof options on these options.
func (o *DeleteAllOfOptions) ApplyOptions(opts []DeleteAllOfOption) *DeleteAllOfOptions { return o }

// ApplyToDeleteAllOf implements DeleteAllOfOption.
func (o *DeleteAllOfOptions) ApplyToDeleteAllOf(do *DeleteAllOfOptions) {}

// ApplyOptions are the options for an apply request (no Raw field, as in v0.25).
type ApplyOptions struct {
	DryRun                           []string
	Force                            *bool
	FieldManager                     string
	DisableReadYourWritesConsistency bool
}

// ApplyOptions applies the given opts onto the ApplyOptions.
func (o *ApplyOptions) ApplyOptions(opts []ApplyOption) *ApplyOptions { return o }

// ApplyToApply applies the given opts onto the ApplyOptions.
func (o *ApplyOptions) ApplyToApply(opts *ApplyOptions) {}

// AsPatchOptions constructs patch options from the given ApplyOptions.
func (o *ApplyOptions) AsPatchOptions() *metav1.PatchOptions { return &metav1.PatchOptions{} }
