// Package api holds API types for the statuswrites tests, shaped like
// kubebuilder's generated types.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetStatus struct {
	Ready      bool
	Conditions []metav1.Condition
	Phase      WidgetPhase
	Message    string
}

// WidgetPhase is a step of a widget's life.
type WidgetPhase string

const (
	PhasePending WidgetPhase = "Pending"
	PhaseRunning WidgetPhase = "Running"
)

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
