// Package v1alpha1 holds API types for the fieldmanager tests, shaped like
// kubebuilder's generated types and applyconfiguration-gen's output.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetStatus struct {
	Ready bool
}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   string
	Status WidgetStatus
}

func (in *Widget) DeepCopyInto(out *Widget) { *out = *in }

func (in *Widget) DeepCopy() *Widget {
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// WidgetApplyConfiguration is an apply configuration for Widget.
type WidgetApplyConfiguration struct {
	Name *string
}

func (*WidgetApplyConfiguration) IsApplyConfiguration() {}

// WidgetApply returns an apply configuration for the named Widget.
func WidgetApply(name string) *WidgetApplyConfiguration {
	return &WidgetApplyConfiguration{Name: &name}
}
