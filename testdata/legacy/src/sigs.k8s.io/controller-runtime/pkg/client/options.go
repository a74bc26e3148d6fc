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

// ListOption is some configuration that modifies options for a list request.
type ListOption interface{ ApplyToList(*ListOptions) }

// UpdateOption is some configuration that modifies options for a update request.
type UpdateOption interface{ ApplyToUpdate(*UpdateOptions) }

// PatchOption is some configuration that modifies options for a patch request.
type PatchOption interface{ ApplyToPatch(*PatchOptions) }

// DeleteAllOfOption is some configuration that modifies options for a delete request.
type DeleteAllOfOption interface{ ApplyToDeleteAllOf(*DeleteAllOfOptions) }

// DryRunAll sets the "dry run" option to "all".
var DryRunAll = dryRunAll{}

type dryRunAll struct{}

func (dryRunAll) ApplyToCreate(opts *CreateOptions)           {}
func (dryRunAll) ApplyToUpdate(opts *UpdateOptions)           {}
func (dryRunAll) ApplyToPatch(opts *PatchOptions)             {}
func (dryRunAll) ApplyToDelete(opts *DeleteOptions)           {}
func (dryRunAll) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// FieldOwner set the field manager name for the given server-side apply patch.
// In v0.6 it implements PatchOption, CreateOption and UpdateOption only.
type FieldOwner string

// ApplyToPatch applies this configuration to the given patch options.
func (f FieldOwner) ApplyToPatch(opts *PatchOptions) { opts.FieldManager = string(f) }

// ApplyToCreate applies this configuration to the given create options.
func (f FieldOwner) ApplyToCreate(opts *CreateOptions) { opts.FieldManager = string(f) }

// ApplyToUpdate applies this configuration to the given update options.
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) { opts.FieldManager = string(f) }

// CreateOptions contains options for create requests.
type CreateOptions struct {
	DryRun       []string
	FieldManager string
	Raw          *metav1.CreateOptions
}

// AsCreateOptions returns these options as a metav1.CreateOptions.
func (o *CreateOptions) AsCreateOptions() *metav1.CreateOptions { return &metav1.CreateOptions{} }

// ApplyOptions applies the given create options on these options.
func (o *CreateOptions) ApplyOptions(opts []CreateOption) *CreateOptions { return o }

// ApplyToCreate implements CreateOption.
func (o *CreateOptions) ApplyToCreate(co *CreateOptions) {}

// DeleteOptions contains options for delete requests.
type DeleteOptions struct {
	GracePeriodSeconds *int64
	Preconditions      *metav1.Preconditions
	PropagationPolicy  *metav1.DeletionPropagation
	Raw                *metav1.DeleteOptions
	DryRun             []string
}

// AsDeleteOptions returns these options as a metav1.DeleteOptions.
func (o *DeleteOptions) AsDeleteOptions() *metav1.DeleteOptions { return &metav1.DeleteOptions{} }

// ApplyOptions applies the given delete options on these options.
func (o *DeleteOptions) ApplyOptions(opts []DeleteOption) *DeleteOptions { return o }

// ApplyToDelete implements DeleteOption.
func (o *DeleteOptions) ApplyToDelete(do *DeleteOptions) {}

// ListOptions contains options for limiting or filtering results.
type ListOptions struct {
	LabelSelector labels.Selector
	FieldSelector fields.Selector
	Namespace     string
	Limit         int64
	Continue      string
	Raw           *metav1.ListOptions
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
	DryRun       []string
	FieldManager string
	Raw          *metav1.UpdateOptions
}

// AsUpdateOptions returns these options as a metav1.UpdateOptions.
func (o *UpdateOptions) AsUpdateOptions() *metav1.UpdateOptions { return &metav1.UpdateOptions{} }

// ApplyOptions applies the given update options on these options.
func (o *UpdateOptions) ApplyOptions(opts []UpdateOption) *UpdateOptions { return o }

// ApplyToUpdate implements UpdateOption.
func (o *UpdateOptions) ApplyToUpdate(uo *UpdateOptions) {}

// PatchOptions contains options for patch requests.
type PatchOptions struct {
	DryRun       []string
	Force        *bool
	FieldManager string
	Raw          *metav1.PatchOptions
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

func (forceOwnership) ApplyToPatch(opts *PatchOptions) {}

// DeleteAllOfOptions contains options for deletecollection (deleteallof) requests.
type DeleteAllOfOptions struct {
	ListOptions
	DeleteOptions
}

// ApplyOptions applies the given deleteallof options on these options.
func (o *DeleteAllOfOptions) ApplyOptions(opts []DeleteAllOfOption) *DeleteAllOfOptions { return o }

// ApplyToDeleteAllOf implements DeleteAllOfOption.
func (o *DeleteAllOfOptions) ApplyToDeleteAllOf(do *DeleteAllOfOptions) {}
