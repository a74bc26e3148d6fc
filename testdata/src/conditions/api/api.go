// Package api holds API types for the conditions tests, shaped like
// kubebuilder's generated types.
package api

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetStatus struct {
	ReadyReplicas      int32
	ObservedGeneration int64
	LastRun            *metav1.Time
	Replicas           map[string]int32
	Base               BaseStatus
	Conditions         []metav1.Condition
	Reasons            []string
}

// BaseStatus is a status part shared by several kinds, reached through an
// accessor.
type BaseStatus struct {
	LastSeen metav1.Time
}

type WidgetSpec struct {
	Message string
}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

func (in *Widget) DeepCopyInto(out *Widget) { *out = *in }

func (in *Widget) DeepCopy() *Widget {
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// MarkReady is an API-types helper that only mutates: this package never
// writes anything, so it is not reported here.
func (in *Widget) MarkReady() {
	meta.SetStatusCondition(&in.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
}

// GetStatusConditions is the accessor that helm-controller's API types
// declare: the conditions it returns are the object's own.
func (in *Widget) GetStatusConditions() *[]metav1.Condition {
	return &in.Status.Conditions
}

// MarkRun stamps the time of the last run: a status change made by the API
// type's own method, which the reconciler's package cannot see into.
func (in *Widget) MarkRun(now metav1.Time) { in.Status.LastRun = &now }

// SetCondition sets a condition through the API type.
func (in *Widget) SetCondition(c metav1.Condition) {
	meta.SetStatusCondition(&in.Status.Conditions, c)
}

// StatusBase returns the shared part of the status.
func (in *Widget) StatusBase() *BaseStatus { return &in.Status.Base }

// IsReady reads the status.
func (in *Widget) IsReady() bool {
	return meta.IsStatusConditionTrue(in.Status.Conditions, "Ready")
}

// Default fills in a status from another package.
func Default(s *WidgetStatus) {
	if s.Replicas == nil {
		s.Replicas = map[string]int32{}
	}
}

// Run calls f: it stands for any function of another package that runs a
// mutate function (controllerutil.CreateOrUpdate).
func Run(f func() error) error { return f() }

// SprocketStatus has a generated DeepCopy of its own, as kubebuilder's
// types do: a comparison fix copies the status alone.
type SprocketStatus struct {
	ObservedGeneration int64
	Conditions         []metav1.Condition
}

func (in *SprocketStatus) DeepCopy() *SprocketStatus {
	out := *in
	return &out
}

type Sprocket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status SprocketStatus
}

func (in *Sprocket) DeepCopy() *Sprocket {
	out := *in
	return &out
}

func (in *Sprocket) DeepCopyObject() runtime.Object { return in.DeepCopy() }
