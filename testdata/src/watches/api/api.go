// Package api holds API types for the watches tests, shaped like
// kubebuilder's generated types (the deep copies in a generated file).
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetSpec struct {
	Size int
}

type WidgetStatus struct {
	Ready      bool
	Attempts   int
	LastSync   metav1.Time
	LastSeen   *metav1.Time
	SyncedAt   string
	Events     []string
	Conditions []metav1.Condition
}

// Widget is the owner.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

type GadgetSpec struct {
	Replicas int
}

type GadgetStatus struct {
	Phase      string
	Conditions []metav1.Condition
}

// Gadget is a custom resource a Widget owns.
type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   GadgetSpec
	Status GadgetStatus
}

// Ready reads the owner's own status: a helper of the API package.
func (w *Widget) Ready() bool { return w.Status.Ready }

type EngineStatus struct {
	Running bool
}

// Engine is a custom resource whose name starts with a vowel.
type Engine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status EngineStatus
}

func (in *Engine) DeepCopyObject() runtime.Object { out := *in; return &out }
