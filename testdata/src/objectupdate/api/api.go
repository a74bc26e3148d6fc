// Package api holds a custom resource for the objectupdate tests, shaped
// like kubebuilder's generated types.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetSpec struct {
	Size  int32
	Image string
	Args  []string
}

type WidgetStatus struct {
	Ready bool
}

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (in *Widget) DeepCopyInto(out *Widget) { *out = *in }

func (in *Widget) DeepCopy() *Widget {
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Default fills the spec: an API-types method the reconciler's package
// cannot see into.
func (in *Widget) Default() {
	if in.Spec.Size == 0 {
		in.Spec.Size = 1
	}
}

// IsReady is a getter.
func (in *Widget) IsReady() bool { return in.Status.Ready }

// SelectorFor reads a labels map: a function of another package, which the
// reconciler's package cannot see into.
func SelectorFor(labels map[string]string) string {
	out := ""
	for k, v := range labels {
		out += k + "=" + v + ","
	}
	return out
}
