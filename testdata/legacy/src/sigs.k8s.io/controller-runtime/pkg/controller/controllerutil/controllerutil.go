// Package controllerutil is a signature-only stub of controller-runtime's
// pkg/controller/controllerutil (v0.6), for analyzer tests: the controller
// reference and finalizer helpers, taking metav1.Object.
package controllerutil

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// SetControllerReference sets owner as a Controller OwnerReference on controlled.
func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme) error {
	return nil
}

// AddFinalizer accepts a metav1 object and adds the provided finalizer if not present.
func AddFinalizer(o metav1.Object, finalizer string) {}

// RemoveFinalizer accepts a metav1 object and removes the provided finalizer if present.
func RemoveFinalizer(o metav1.Object, finalizer string) {}
