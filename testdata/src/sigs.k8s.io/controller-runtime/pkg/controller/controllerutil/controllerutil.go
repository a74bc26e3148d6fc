// Package controllerutil is a signature-only stub of controller-runtime's
// pkg/controller/controllerutil (v0.25), for analyzer tests: the owner
// reference and finalizer helpers.
package controllerutil

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// OwnerReferenceOption is a function that can modify a `metav1.OwnerReference`.
type OwnerReferenceOption func(*metav1.OwnerReference)

// WithBlockOwnerDeletion allows configuring the BlockOwnerDeletion field on the `metav1.OwnerReference`.
func WithBlockOwnerDeletion(blockOwnerDeletion bool) OwnerReferenceOption { return nil }

// SetControllerReference sets owner as a Controller OwnerReference on controlled.
func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

// SetOwnerReference is a helper method to make sure the given object contains an object reference to the object provided.
func SetOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

// RemoveOwnerReference is a helper method to make sure the given object removes an owner reference to the object provided.
func RemoveOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme) error { return nil }

// HasControllerReference returns true if the object has an owner ref with controller equal to true.
func HasControllerReference(object metav1.Object) bool { return false }

// RemoveControllerReference removes an owner reference where the controller equals true.
func RemoveControllerReference(owner, object metav1.Object, scheme *runtime.Scheme) error { return nil }

// AddFinalizer accepts an Object and adds the provided finalizer if not present.
func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

// RemoveFinalizer accepts an Object and removes the provided finalizer if present.
func RemoveFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

// ContainsFinalizer checks an Object that the provided finalizer is present.
func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
