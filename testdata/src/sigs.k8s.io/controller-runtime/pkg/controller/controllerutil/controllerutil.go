// Package controllerutil is a signature-only stub of controller-runtime's
// pkg/controller/controllerutil (v0.25), for analyzer tests: the owner
// reference and finalizer helpers.
package controllerutil

import (
	"context"

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

// OperationResult is the action result of a CreateOrUpdate or CreateOrPatch call.
type OperationResult string

const (
	OperationResultNone    OperationResult = "unchanged"
	OperationResultCreated OperationResult = "created"
	OperationResultUpdated OperationResult = "updated"
)

// MutateFn is a function which mutates the existing object into its desired state.
type MutateFn func() error

// CreateOrUpdate attempts to fetch the given object from the Kubernetes
// cluster; if it does not exist, it is created, else updated (simplified:
// the stub writes as the real one does, with no options).
func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	if err := f(); err != nil {
		return OperationResultNone, err
	}
	if err := c.Create(ctx, obj); err == nil {
		return OperationResultCreated, nil
	}
	return OperationResultUpdated, c.Update(ctx, obj)
}

// CreateOrPatch is CreateOrUpdate with a merge patch instead of an update.
func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	if err := f(); err != nil {
		return OperationResultNone, err
	}
	if err := c.Create(ctx, obj); err == nil {
		return OperationResultCreated, nil
	}
	return OperationResultUpdated, c.Patch(ctx, obj, client.Merge)
}
