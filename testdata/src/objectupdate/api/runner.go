package api

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// RunnerSetSpec holds the template of the Pods a RunnerSet owns.
type RunnerSetSpec struct {
	Selector map[string]string      `json:"selector,omitempty"`
	Template corev1.PodTemplateSpec `json:"template"`
}

// RunnerSet owns Pods made from its template: a custom resource shaped
// like kubebuilder's generated types.
type RunnerSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RunnerSetSpec `json:"spec,omitempty"`
}

func (in *RunnerSet) DeepCopyInto(out *RunnerSet) { *out = *in }

func (in *RunnerSet) DeepCopy() *RunnerSet {
	out := new(RunnerSet)
	in.DeepCopyInto(out)
	return out
}

func (in *RunnerSet) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// RunnerSetList is a list of RunnerSets.
type RunnerSetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []RunnerSet `json:"items"`
}

func (in *RunnerSetList) DeepCopyInto(out *RunnerSetList) { *out = *in }

func (in *RunnerSetList) DeepCopy() *RunnerSetList {
	out := new(RunnerSetList)
	in.DeepCopyInto(out)
	return out
}

func (in *RunnerSetList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
