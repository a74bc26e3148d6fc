// Package mfhelper is a package of exported helpers that take a client,
// as cluster-api's internal/util/ssa: the writes that send nothing but
// managed fields count in no fact, so a helper with only those has none,
// and a helper with others counts those alone.
package mfhelper

import (
	"context"
	"encoding/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MitigateManagedFields replaces the managed fields and the resource
// version with a JSON patch: no fact.
func MitigateManagedFields(ctx context.Context, c client.Client, obj client.Object) error {
	jsonPatch := []map[string]interface{}{
		{"op": "replace", "path": "/metadata/managedFields", "value": obj.GetManagedFields()},
		{"op": "replace", "path": "/metadata/resourceVersion", "value": obj.GetResourceVersion()},
	}
	patch, err := json.Marshal(jsonPatch)
	if err != nil {
		return err
	}
	return c.Patch(ctx, obj, client.RawPatch(types.JSONPatchType, patch))
}

// MigrateManagedFields sets the managed fields and merge-patches them with
// the optimistic lock: no fact.
func MigrateManagedFields(ctx context.Context, c client.Client, obj client.Object, entry metav1.ManagedFieldsEntry) error {
	base := obj.DeepCopyObject().(client.Object)
	obj.SetManagedFields(append(obj.GetManagedFields(), entry))
	return c.Patch(ctx, obj, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
}

// Relabel changes a label with the managed fields: a fact.
func Relabel(ctx context.Context, c client.Client, obj client.Object) error { // want Relabel:`^writes through its client parameters: param 1: 1 writes \(Patch of client\.Object at mfhelper\.go:43\)$`
	base := obj.DeepCopyObject().(client.Object)
	obj.SetManagedFields(nil)
	obj.SetLabels(map[string]string{"team": "a"})
	return c.Patch(ctx, obj, client.MergeFrom(base))
}

// Both counts the one write that changes more than managed fields.
func Both(ctx context.Context, c client.Client, obj client.Object) error { // want Both:`^writes through its client parameters: param 1: 1 writes \(Update of client\.Object at mfhelper\.go:51\)$`
	if err := MitigateManagedFields(ctx, c, obj); err != nil {
		return err
	}
	return c.Update(ctx, obj)
}
