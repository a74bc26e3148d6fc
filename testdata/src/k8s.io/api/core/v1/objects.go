// PodTemplateSpec, ServiceAccount, PersistentVolumeClaim and
// PersistentVolume, with their lists: kinds whose metadata controllers label.

package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PodTemplateSpec describes the data a pod should have when created from a
// template.
type PodTemplateSpec struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PodSpec `json:"spec,omitempty"`
}

// ServiceAccount binds together a name, a principal and a set of secrets.
type ServiceAccount struct {
	metav1.TypeMeta              `json:",inline"`
	metav1.ObjectMeta            `json:"metadata,omitempty"`
	AutomountServiceAccountToken *bool `json:"automountServiceAccountToken,omitempty"`
}

// ServiceAccountList is a list of ServiceAccounts.
type ServiceAccountList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ServiceAccount `json:"items"`
}

// PersistentVolumeClaimSpec is a subset of the real spec.
type PersistentVolumeClaimSpec struct {
	VolumeName       string  `json:"volumeName,omitempty"`
	StorageClassName *string `json:"storageClassName,omitempty"`
}

// PersistentVolumeClaimStatus is a subset of the real status.
type PersistentVolumeClaimStatus struct {
	Phase string `json:"phase,omitempty"`
}

// PersistentVolumeClaim is a user's request for and claim to a persistent
// volume.
type PersistentVolumeClaim struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PersistentVolumeClaimSpec   `json:"spec,omitempty"`
	Status            PersistentVolumeClaimStatus `json:"status,omitempty"`
}

// PersistentVolumeClaimList is a list of PersistentVolumeClaims.
type PersistentVolumeClaimList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []PersistentVolumeClaim `json:"items"`
}

// PersistentVolumeSpec is a subset of the real spec.
type PersistentVolumeSpec struct {
	StorageClassName              string `json:"storageClassName,omitempty"`
	PersistentVolumeReclaimPolicy string `json:"persistentVolumeReclaimPolicy,omitempty"`
}

// PersistentVolumeStatus is a subset of the real status.
type PersistentVolumeStatus struct {
	Phase string `json:"phase,omitempty"`
}

// PersistentVolume is a storage resource provisioned by an administrator.
type PersistentVolume struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PersistentVolumeSpec   `json:"spec,omitempty"`
	Status            PersistentVolumeStatus `json:"status,omitempty"`
}

// PersistentVolumeList is a list of PersistentVolumes.
type PersistentVolumeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []PersistentVolume `json:"items"`
}

// DeepCopyInto copies the receiver into out.
func (in *PodTemplateSpec) DeepCopyInto(out *PodTemplateSpec) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PodTemplateSpec) DeepCopy() *PodTemplateSpec {
	if in == nil {
		return nil
	}
	out := new(PodTemplateSpec)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *ServiceAccount) DeepCopyInto(out *ServiceAccount) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ServiceAccount) DeepCopy() *ServiceAccount {
	if in == nil {
		return nil
	}
	out := new(ServiceAccount)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *ServiceAccount) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *ServiceAccountList) DeepCopyInto(out *ServiceAccountList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ServiceAccountList) DeepCopy() *ServiceAccountList {
	if in == nil {
		return nil
	}
	out := new(ServiceAccountList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *ServiceAccountList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *PersistentVolumeClaim) DeepCopyInto(out *PersistentVolumeClaim) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PersistentVolumeClaim) DeepCopy() *PersistentVolumeClaim {
	if in == nil {
		return nil
	}
	out := new(PersistentVolumeClaim)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *PersistentVolumeClaim) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *PersistentVolumeClaimList) DeepCopyInto(out *PersistentVolumeClaimList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PersistentVolumeClaimList) DeepCopy() *PersistentVolumeClaimList {
	if in == nil {
		return nil
	}
	out := new(PersistentVolumeClaimList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *PersistentVolumeClaimList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *PersistentVolume) DeepCopyInto(out *PersistentVolume) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PersistentVolume) DeepCopy() *PersistentVolume {
	if in == nil {
		return nil
	}
	out := new(PersistentVolume)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *PersistentVolume) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *PersistentVolumeList) DeepCopyInto(out *PersistentVolumeList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PersistentVolumeList) DeepCopy() *PersistentVolumeList {
	if in == nil {
		return nil
	}
	out := new(PersistentVolumeList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *PersistentVolumeList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
