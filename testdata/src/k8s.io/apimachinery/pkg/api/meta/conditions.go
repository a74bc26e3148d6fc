// Package meta is a signature-only stub of k8s.io/apimachinery/pkg/api/meta
// (apimachinery v0.29+, where SetStatusCondition and RemoveStatusCondition
// report a bool), for analyzer tests.
package meta

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// RESTMapper is a subset of the real interface.
type RESTMapper interface {
	KindFor(resource schema.GroupVersionResource) (schema.GroupVersionKind, error)
	ResourceSingularizer(resource string) (singular string, err error)
}

// SetStatusCondition sets the corresponding condition in conditions to newCondition
// and reports whether conditions changed.
func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	return false
}

// RemoveStatusCondition removes the corresponding conditionType from conditions
// and reports whether it was present.
func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	return false
}

// FindStatusCondition finds the conditionType in conditions.
func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	return nil
}

// IsStatusConditionTrue returns true when the conditionType is present and set to True.
func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool {
	return false
}

// IsStatusConditionFalse returns true when the conditionType is present and set to False.
func IsStatusConditionFalse(conditions []metav1.Condition, conditionType string) bool {
	return false
}

// IsStatusConditionPresentAndEqual returns true when conditionType is present and equal to status.
func IsStatusConditionPresentAndEqual(conditions []metav1.Condition, conditionType string, status metav1.ConditionStatus) bool {
	return false
}
