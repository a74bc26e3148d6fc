package v1

import "k8s.io/apimachinery/pkg/types"

// GetObjectMeta returns the receiver as an Object.
func (obj *ObjectMeta) GetObjectMeta() Object { return obj }

// GetNamespace implements Object.
func (meta *ObjectMeta) GetNamespace() string { return meta.Namespace }

// SetNamespace implements Object.
func (meta *ObjectMeta) SetNamespace(namespace string) { meta.Namespace = namespace }

// GetName implements Object.
func (meta *ObjectMeta) GetName() string { return meta.Name }

// SetName implements Object.
func (meta *ObjectMeta) SetName(name string) { meta.Name = name }

// GetGenerateName implements Object.
func (meta *ObjectMeta) GetGenerateName() string { return meta.GenerateName }

// SetGenerateName implements Object.
func (meta *ObjectMeta) SetGenerateName(generateName string) { meta.GenerateName = generateName }

// GetUID implements Object.
func (meta *ObjectMeta) GetUID() types.UID { return meta.UID }

// SetUID implements Object.
func (meta *ObjectMeta) SetUID(uid types.UID) { meta.UID = uid }

// GetResourceVersion implements Object.
func (meta *ObjectMeta) GetResourceVersion() string { return meta.ResourceVersion }

// SetResourceVersion implements Object.
func (meta *ObjectMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

// GetGeneration implements Object.
func (meta *ObjectMeta) GetGeneration() int64 { return meta.Generation }

// SetGeneration implements Object.
func (meta *ObjectMeta) SetGeneration(generation int64) { meta.Generation = generation }

// GetSelfLink implements Object.
func (meta *ObjectMeta) GetSelfLink() string { return meta.SelfLink }

// SetSelfLink implements Object.
func (meta *ObjectMeta) SetSelfLink(selfLink string) { meta.SelfLink = selfLink }

// GetCreationTimestamp implements Object.
func (meta *ObjectMeta) GetCreationTimestamp() Time { return meta.CreationTimestamp }

// SetCreationTimestamp implements Object.
func (meta *ObjectMeta) SetCreationTimestamp(creationTimestamp Time) {
	meta.CreationTimestamp = creationTimestamp
}

// GetDeletionTimestamp implements Object.
func (meta *ObjectMeta) GetDeletionTimestamp() *Time { return meta.DeletionTimestamp }

// SetDeletionTimestamp implements Object.
func (meta *ObjectMeta) SetDeletionTimestamp(deletionTimestamp *Time) {
	meta.DeletionTimestamp = deletionTimestamp
}

// GetDeletionGracePeriodSeconds implements Object.
func (meta *ObjectMeta) GetDeletionGracePeriodSeconds() *int64 {
	return meta.DeletionGracePeriodSeconds
}

// SetDeletionGracePeriodSeconds implements Object.
func (meta *ObjectMeta) SetDeletionGracePeriodSeconds(deletionGracePeriodSeconds *int64) {
	meta.DeletionGracePeriodSeconds = deletionGracePeriodSeconds
}

// GetLabels implements Object.
func (meta *ObjectMeta) GetLabels() map[string]string { return meta.Labels }

// SetLabels implements Object.
func (meta *ObjectMeta) SetLabels(labels map[string]string) { meta.Labels = labels }

// GetAnnotations implements Object.
func (meta *ObjectMeta) GetAnnotations() map[string]string { return meta.Annotations }

// SetAnnotations implements Object.
func (meta *ObjectMeta) SetAnnotations(annotations map[string]string) { meta.Annotations = annotations }

// GetFinalizers implements Object.
func (meta *ObjectMeta) GetFinalizers() []string { return meta.Finalizers }

// SetFinalizers implements Object.
func (meta *ObjectMeta) SetFinalizers(finalizers []string) { meta.Finalizers = finalizers }

// GetOwnerReferences implements Object.
func (meta *ObjectMeta) GetOwnerReferences() []OwnerReference { return meta.OwnerReferences }

// SetOwnerReferences implements Object.
func (meta *ObjectMeta) SetOwnerReferences(references []OwnerReference) {
	meta.OwnerReferences = references
}

// GetManagedFields implements Object.
func (meta *ObjectMeta) GetManagedFields() []ManagedFieldsEntry { return meta.ManagedFields }

// SetManagedFields implements Object.
func (meta *ObjectMeta) SetManagedFields(managedFields []ManagedFieldsEntry) {
	meta.ManagedFields = managedFields
}

// DeepCopyInto copies the receiver into out.
func (in *ObjectMeta) DeepCopyInto(out *ObjectMeta) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ObjectMeta) DeepCopy() *ObjectMeta {
	if in == nil {
		return nil
	}
	out := new(ObjectMeta)
	in.DeepCopyInto(out)
	return out
}
