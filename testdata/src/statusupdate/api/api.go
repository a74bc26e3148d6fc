// Package api holds API types for the statusupdate tests, shaped like
// kubebuilder's generated types.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetStatus struct {
	Ready      bool
	Conditions []metav1.Condition
}

func (in *WidgetStatus) DeepCopy() *WidgetStatus {
	out := new(WidgetStatus)
	*out = *in
	return out
}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status WidgetStatus
}

func (in *Widget) DeepCopyInto(out *Widget) { *out = *in }

func (in *Widget) DeepCopy() *Widget {
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Gizmo has DeepCopyObject but no typed DeepCopy.
type Gizmo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status WidgetStatus
}

func (in *Gizmo) DeepCopyObject() runtime.Object { c := *in; return &c }

// GetConditions returns the status conditions, as rook's objects do for
// its condition helpers.
func (in *Widget) GetConditions() *[]metav1.Condition { return &in.Status.Conditions }
