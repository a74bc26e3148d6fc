package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// StatefulSetSpec is a subset of the real spec.
type StatefulSetSpec struct {
	Replicas *int32          `json:"replicas,omitempty"`
	Template PodTemplateSpec `json:"template"`
}

// StatefulSetStatus is a subset of the real status.
type StatefulSetStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	ReadyReplicas      int32 `json:"readyReplicas,omitempty"`
}

// StatefulSet represents a set of pods with consistent identities.
type StatefulSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StatefulSetSpec   `json:"spec,omitempty"`
	Status            StatefulSetStatus `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *StatefulSet) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}
