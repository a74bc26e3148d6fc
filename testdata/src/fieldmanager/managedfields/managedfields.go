// Package managedfields holds writes that send nothing but
// metadata.managedFields (and metadata.resourceVersion, the optimistic
// lock): the API server records a request's manager only for the fields
// it changed, and these change none, so they are not reported. The near
// misses, which send something else too or cannot be seen to send only
// that, are.
package managedfields

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/util/csaupgrade"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type R struct {
	client.Client
	APIReader client.Reader
}

var seed = metav1.ManagedFieldsEntry{Manager: "manager", Operation: "Update"}

// ---- JSON patches.

// The shape of cluster-api's MitigateManagedFieldsIssue: a new list of
// managed fields and the resource version, replaced.
func (r *R) mitigate(ctx context.Context, obj client.Object) error {
	managedFields := append(obj.GetManagedFields(), seed)
	jsonPatch := []map[string]interface{}{
		{
			"op":    "replace",
			"path":  "/metadata/managedFields",
			"value": managedFields,
		},
		{
			"op":    "replace",
			"path":  "/metadata/resourceVersion",
			"value": obj.GetResourceVersion(),
		},
	}
	patch, err := json.Marshal(jsonPatch)
	if err != nil {
		return err
	}
	return r.Patch(ctx, obj, client.RawPatch(types.JSONPatchType, patch))
}

// The documented way to strip managed fields, as a constant; an entry of
// the list; a test of the resource version.
func (r *R) strip(ctx context.Context, pod *corev1.Pod) error {
	if err := r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, []byte(`[{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}]`))); err != nil {
		return err
	}
	ops := []interface{}{
		map[string]string{"op": "test", "path": "/metadata/resourceVersion", "value": pod.ResourceVersion},
		map[string]any{"op": "remove", "path": "/metadata/managedFields/0"},
	}
	data, _ := json.Marshal(ops)
	return r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, data))
}

// client-go's upgrade from client-side apply, as cert-manager's cainjector
// sends it; on the status subresource too.
func (r *R) upgrade(ctx context.Context, w *v1alpha1.Widget) error {
	p, err := csaupgrade.UpgradeManagedFieldsPatch(w, sets.New("manager"), "widget-controller")
	if err != nil || len(p) == 0 {
		return err
	}
	if err := r.Patch(ctx, w, client.RawPatch(types.JSONPatchType, p)); err != nil {
		return err
	}
	return r.Status().Patch(ctx, w, client.RawPatch(types.JSONPatchType, p))
}

// Operations as structs, under their JSON names.
type jsonOp struct {
	Op    string      `json:"op"`
	Path  string      `json:"path"`
	Value interface{} `json:"value,omitempty"`
	note  string
}

func (r *R) structs(ctx context.Context, cm *corev1.ConfigMap) error {
	data, err := json.Marshal([]jsonOp{{Op: "replace", Path: "/metadata/managedFields", Value: cm.ManagedFields}})
	if err != nil {
		return err
	}
	return r.Patch(ctx, cm, client.RawPatch(types.JSONPatchType, data))
}

// ---- Merge patches from a copy, the managed fields alone changed since.

// The shape of cluster-api's MigrateManagedFields.
func (r *R) migrate(ctx context.Context, object client.Object) error {
	base := object.DeepCopyObject().(client.Object)
	original := object.GetManagedFields()
	managedFields := make([]metav1.ManagedFieldsEntry, 0, len(original))
	for _, mf := range original {
		if mf.Manager == "manager" {
			continue
		}
		managedFields = append(managedFields, mf)
	}
	managedFields = append(managedFields, seed)
	object.SetManagedFields(managedFields)
	return r.Patch(ctx, object, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
}

// The shape of RemoveManagedFieldsForLabelsAndAnnotations: in a closure
// retried on conflict, the object read again before the copy.
func (r *R) retried(ctx context.Context, object client.Object) error {
	reread := false
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if reread {
			if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(object), object); err != nil {
				return err
			}
		}
		reread = true
		base := object.DeepCopyObject().(client.Object)
		object.SetManagedFields(nil)
		return r.Patch(ctx, object, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
	})
}

// A copy made where the patch is, an entry changed through the getter,
// the field assigned, a strategic merge patch.
func (r *R) variants(ctx context.Context, pod *corev1.Pod, cm corev1.ConfigMap) error {
	patch := client.MergeFrom(pod.DeepCopy())
	pod.GetManagedFields()[0].Manager = "widget-controller"
	if err := r.Patch(ctx, pod, patch); err != nil {
		return err
	}
	base := cm.DeepCopy()
	cm.ManagedFields = []metav1.ManagedFieldsEntry{seed}
	return r.Patch(ctx, &cm, client.StrategicMergeFrom(base))
}

// ---- Near misses: reported.

// A label besides the managed fields.
func (r *R) jsonLabel(ctx context.Context, obj client.Object) error {
	data, _ := json.Marshal([]map[string]interface{}{
		{"op": "replace", "path": "/metadata/managedFields", "value": obj.GetManagedFields()},
		{"op": "add", "path": "/metadata/labels/team", "value": "a"},
	})
	return r.Patch(ctx, obj, client.RawPatch(types.JSONPatchType, data)) // want `Patch of client\.Object names no field manager`
}

// A move from the spec into the managed fields changes the spec.
func (r *R) jsonMove(ctx context.Context, pod *corev1.Pod) error {
	data, _ := json.Marshal([]map[string]string{{"op": "move", "from": "/spec/nodeName", "path": "/metadata/managedFields/0/manager"}})
	return r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, data)) // want `Patch of \*corev1\.Pod names no field manager`
}

// A path from a parameter; the list extended, or an operation changed,
// after the literal; a constant patch of the spec; a merge patch type.
func (r *R) jsonUnseen(ctx context.Context, pod *corev1.Pod, path string) error {
	data, _ := json.Marshal([]map[string]interface{}{{"op": "remove", "path": path}})
	_ = r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, data)) // want `Patch of \*corev1\.Pod names no field manager`

	ops := []map[string]interface{}{{"op": "replace", "path": "/metadata/managedFields", "value": nil}}
	ops = append(ops, map[string]interface{}{"op": "remove", "path": "/spec"})
	data, _ = json.Marshal(ops)
	_ = r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, data)) // want `Patch of \*corev1\.Pod names no field manager`

	ops2 := []map[string]interface{}{{"op": "replace", "path": "/metadata/managedFields", "value": nil}}
	ops2[0]["path"] = "/spec"
	data, _ = json.Marshal(ops2)
	_ = r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, data)) // want `Patch of \*corev1\.Pod names no field manager`

	_ = r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, []byte(`[{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}, {"op": "remove", "path": "/spec/nodeName"}]`))) // want `Patch of \*corev1\.Pod names no field manager`

	data, _ = json.Marshal([]map[string]interface{}{{"op": "replace", "path": "/metadata/managedFields", "value": nil}})
	return r.Patch(ctx, pod, client.RawPatch(types.MergePatchType, data)) // want `Patch of \*corev1\.Pod names no field manager`
}

// Struct operations whose names are not the members' (Go names), or with
// a from.
type goOp struct {
	Op, Path string
}

type fromOp struct {
	Op   string `json:"op"`
	From string `json:"from"`
	Path string `json:"path"`
}

func (r *R) structsUnseen(ctx context.Context, cm *corev1.ConfigMap) error {
	data, _ := json.Marshal([]goOp{{Op: "remove", Path: "/metadata/managedFields"}})
	_ = r.Patch(ctx, cm, client.RawPatch(types.JSONPatchType, data)) // want `Patch of \*corev1\.ConfigMap names no field manager`
	data, _ = json.Marshal([]fromOp{{Op: "replace", Path: "/metadata/managedFields"}})
	return r.Patch(ctx, cm, client.RawPatch(types.JSONPatchType, data)) // want `Patch of \*corev1\.ConfigMap names no field manager`
}

// The managed fields and a label.
func (r *R) mergeLabel(ctx context.Context, object client.Object) error {
	base := object.DeepCopyObject().(client.Object)
	object.SetManagedFields(nil)
	object.SetLabels(map[string]string{"team": "a"})
	return r.Patch(ctx, object, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})) // want `Patch of client\.Object names no field manager`
}

// A label removed from the copy is sent as set on the object.
func (r *R) mergeBaseChanged(ctx context.Context, pod *corev1.Pod) error {
	base := pod.DeepCopy()
	pod.SetManagedFields(nil)
	delete(base.Labels, "team")
	return r.Patch(ctx, pod, client.MergeFrom(base)) // want `Patch of \*corev1\.Pod names no field manager`
}

// The copy is of another object; made before the last read; nothing is
// seen to change (the rule asks to see the managed fields change).
func (r *R) mergeOtherBase(ctx context.Context, pod, other *corev1.Pod) error {
	base := other.DeepCopy()
	pod.SetManagedFields(nil)
	_ = r.Patch(ctx, pod, client.MergeFrom(base)) // want `Patch of \*corev1\.Pod names no field manager`

	base = pod.DeepCopy()
	if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(pod), pod); err != nil {
		return err
	}
	pod.SetManagedFields(nil)
	_ = r.Patch(ctx, pod, client.MergeFrom(base)) // want `Patch of \*corev1\.Pod names no field manager`

	base = pod.DeepCopy()
	return r.Patch(ctx, pod, client.MergeFrom(base)) // want `Patch of \*corev1\.Pod names no field manager`
}

// The object handed to a helper that changes its spec, then patched.
func (r *R) mergeHelper(ctx context.Context, pod *corev1.Pod) error {
	base := pod.DeepCopy()
	pod.SetManagedFields(nil)
	schedule(pod)
	return r.Patch(ctx, pod, client.MergeFrom(base)) // want `Patch of \*corev1\.Pod names no field manager`
}

func schedule(pod *corev1.Pod) { pod.Spec.NodeName = "a" }

// A patch in a loop the copy is not in sends, from its second pass on,
// whatever the rest of the loop did: reported.
func (r *R) mergeLoop(ctx context.Context, pods []*corev1.Pod) error {
	base := pods[0].DeepCopy()
	pod := pods[0]
	for range pods {
		pod.SetManagedFields(nil)
		if err := r.Patch(ctx, pod, client.MergeFrom(base)); err != nil { // want `Patch of \*corev1\.Pod names no field manager`
			return err
		}
		pod.Labels["seen"] = "yes"
	}
	return nil
}

// An Update sends the whole object, whatever changed: reported.
func (r *R) update(ctx context.Context, pod *corev1.Pod) error {
	pod.SetManagedFields(nil)
	return r.Update(ctx, pod) // want `Update of \*corev1\.Pod names no field manager`
}
