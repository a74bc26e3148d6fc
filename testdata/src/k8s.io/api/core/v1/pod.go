package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Container is a minimal stub.
type Container struct {
	Name  string `json:"name"`
	Image string `json:"image,omitempty"`
}

// PodSpec is a minimal stub.
type PodSpec struct {
	Containers []Container `json:"containers"`
	NodeName   string      `json:"nodeName,omitempty"`
}

// PodPhase is a label for the condition of a pod at the current time.
type PodPhase string

// Pod phases.
const (
	PodPending   PodPhase = "Pending"
	PodRunning   PodPhase = "Running"
	PodSucceeded PodPhase = "Succeeded"
	PodFailed    PodPhase = "Failed"
)

// PodConditionType is a valid value for PodCondition.Type.
type PodConditionType string

// PodReady means the pod is able to service requests.
const PodReady PodConditionType = "Ready"

// PodCondition contains details for the current condition of this pod.
type PodCondition struct {
	Type               PodConditionType `json:"type"`
	ObservedGeneration int64            `json:"observedGeneration,omitempty"`
	Status             ConditionStatus  `json:"status"`
	LastProbeTime      metav1.Time      `json:"lastProbeTime,omitempty"`
	LastTransitionTime metav1.Time      `json:"lastTransitionTime,omitempty"`
	Reason             string           `json:"reason,omitempty"`
	Message            string           `json:"message,omitempty"`
}

// PodStatus is a subset of the real pod status.
type PodStatus struct {
	ObservedGeneration int64          `json:"observedGeneration,omitempty"`
	Phase              PodPhase       `json:"phase,omitempty"`
	Conditions         []PodCondition `json:"conditions,omitempty"`
	Message            string         `json:"message,omitempty"`
	Reason             string         `json:"reason,omitempty"`
	PodIP              string         `json:"podIP,omitempty"`
	StartTime          *metav1.Time   `json:"startTime,omitempty"`
}

// Pod is a collection of containers that can run on a host.
type Pod struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PodSpec   `json:"spec,omitempty"`
	Status            PodStatus `json:"status,omitempty"`
}

// PodList is a list of Pods.
type PodList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Pod `json:"items"`
}

// DeepCopyInto copies the receiver into out.
func (in *Pod) DeepCopyInto(out *Pod) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Pod) DeepCopy() *Pod {
	if in == nil {
		return nil
	}
	out := new(Pod)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Pod) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *PodList) DeepCopyInto(out *PodList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PodList) DeepCopy() *PodList {
	if in == nil {
		return nil
	}
	out := new(PodList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *PodList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
