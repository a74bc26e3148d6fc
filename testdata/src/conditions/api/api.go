// Package api holds API types for the conditions tests, shaped like
// kubebuilder's generated types.
package api

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetStatus struct {
	ReadyReplicas int32
	Conditions    []metav1.Condition
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
