package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// TypeMeta describes an individual object in an API response or request.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// GetObjectKind implements runtime.Object's first half.
func (obj *TypeMeta) GetObjectKind() schema.ObjectKind { return obj }

// SetGroupVersionKind implements schema.ObjectKind.
func (obj *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {}

// GroupVersionKind implements schema.ObjectKind.
func (obj *TypeMeta) GroupVersionKind() schema.GroupVersionKind { return schema.GroupVersionKind{} }

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	Name                       string               `json:"name,omitempty"`
	GenerateName               string               `json:"generateName,omitempty"`
	Namespace                  string               `json:"namespace,omitempty"`
	SelfLink                   string               `json:"selfLink,omitempty"`
	UID                        types.UID            `json:"uid,omitempty"`
	ResourceVersion            string               `json:"resourceVersion,omitempty"`
	Generation                 int64                `json:"generation,omitempty"`
	CreationTimestamp          Time                 `json:"creationTimestamp,omitempty"`
	DeletionTimestamp          *Time                `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64               `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string    `json:"labels,omitempty"`
	Annotations                map[string]string    `json:"annotations,omitempty"`
	OwnerReferences            []OwnerReference     `json:"ownerReferences,omitempty"`
	Finalizers                 []string             `json:"finalizers,omitempty"`
	ManagedFields              []ManagedFieldsEntry `json:"managedFields,omitempty"`
}

// ListMeta describes metadata that synthetic resources must have.
type ListMeta struct {
	SelfLink           string `json:"selfLink,omitempty"`
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
}

// GetResourceVersion implements ListInterface.
func (meta *ListMeta) GetResourceVersion() string { return meta.ResourceVersion }

// SetResourceVersion implements ListInterface.
func (meta *ListMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

// GetSelfLink implements ListInterface.
func (meta *ListMeta) GetSelfLink() string { return meta.SelfLink }

// SetSelfLink implements ListInterface.
func (meta *ListMeta) SetSelfLink(selfLink string) { meta.SelfLink = selfLink }

// GetContinue implements ListInterface.
func (meta *ListMeta) GetContinue() string { return meta.Continue }

// SetContinue implements ListInterface.
func (meta *ListMeta) SetContinue(c string) { meta.Continue = c }

// GetRemainingItemCount implements ListInterface.
func (meta *ListMeta) GetRemainingItemCount() *int64 { return meta.RemainingItemCount }

// SetRemainingItemCount implements ListInterface.
func (meta *ListMeta) SetRemainingItemCount(c *int64) { meta.RemainingItemCount = c }

// DeepCopyInto copies the receiver into out.
func (in *ListMeta) DeepCopyInto(out *ListMeta) { *out = *in }

// OwnerReference identifies an owning object.
type OwnerReference struct {
	APIVersion         string    `json:"apiVersion"`
	Kind               string    `json:"kind"`
	Name               string    `json:"name"`
	UID                types.UID `json:"uid"`
	Controller         *bool     `json:"controller,omitempty"`
	BlockOwnerDeletion *bool     `json:"blockOwnerDeletion,omitempty"`
}

// ManagedFieldsOperationType is the type of operation which lead to a ManagedFieldsEntry being created.
type ManagedFieldsOperationType string

// FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.
type FieldsV1 struct {
	Raw []byte `json:"-"`
}

// ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource.
type ManagedFieldsEntry struct {
	Manager     string                     `json:"manager,omitempty"`
	Operation   ManagedFieldsOperationType `json:"operation,omitempty"`
	APIVersion  string                     `json:"apiVersion,omitempty"`
	Time        *Time                      `json:"time,omitempty"`
	FieldsType  string                     `json:"fieldsType,omitempty"`
	FieldsV1    *FieldsV1                  `json:"fieldsV1,omitempty"`
	Subresource string                     `json:"subresource,omitempty"`
}

// ConditionStatus is the status of a condition.
type ConditionStatus string

// Condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// Condition contains details for one aspect of the current state of an API resource.
type Condition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	LastTransitionTime Time            `json:"lastTransitionTime"`
	Reason             string          `json:"reason"`
	Message            string          `json:"message"`
}

// DeepCopyInto copies the receiver into out.
func (in *Condition) DeepCopyInto(out *Condition) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Condition) DeepCopy() *Condition {
	if in == nil {
		return nil
	}
	out := new(Condition)
	in.DeepCopyInto(out)
	return out
}
