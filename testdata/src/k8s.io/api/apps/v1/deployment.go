// Package v1 is a signature-only stub of k8s.io/api/apps/v1 (v0.37), for
// analyzer tests: a workload kind whose status another controller writes.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PodTemplateSpec is a minimal stub of corev1.PodTemplateSpec's shape.
type PodTemplateSpec struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              corev1.PodSpec `json:"spec,omitempty"`
}

// DeploymentSpec is a subset of the real spec.
type DeploymentSpec struct {
	Replicas *int32          `json:"replicas,omitempty"`
	Template PodTemplateSpec `json:"template"`
}

// DeploymentStatus is a subset of the real status.
type DeploymentStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	Replicas           int32 `json:"replicas,omitempty"`
	ReadyReplicas      int32 `json:"readyReplicas,omitempty"`
}

// Deployment enables declarative updates for Pods and ReplicaSets.
type Deployment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              DeploymentSpec   `json:"spec,omitempty"`
	Status            DeploymentStatus `json:"status,omitempty"`
}

// DeploymentList is a list of Deployments.
type DeploymentList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Deployment `json:"items"`
}

// DeepCopyInto copies the receiver into out.
func (in *Deployment) DeepCopyInto(out *Deployment) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Deployment) DeepCopy() *Deployment {
	if in == nil {
		return nil
	}
	out := new(Deployment)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Deployment) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *DeploymentList) DeepCopyInto(out *DeploymentList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *DeploymentList) DeepCopy() *DeploymentList {
	if in == nil {
		return nil
	}
	out := new(DeploymentList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *DeploymentList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
