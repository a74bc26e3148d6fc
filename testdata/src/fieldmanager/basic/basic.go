// Package basic is a kubebuilder-shaped reconciler whose writes name no
// field manager. No name is configured, so there is no suggested fix.
package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

// WidgetReconciler embeds the client; cmd/main.go (another package) sets it.
type WidgetReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &v1alpha1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	base := cm.DeepCopy()

	_ = r.Create(ctx, cm)                        // want `^Create of \*corev1\.ConfigMap names no field manager; managedFields will show the client's user agent: pass client\.FieldOwner\(\.\.\.\) \(set -fieldmanager\.name to get a suggested fix\)$`
	_ = r.Update(ctx, cm)                        // want `^Update of \*corev1\.ConfigMap names no field manager; managedFields`
	_ = r.Patch(ctx, cm, client.MergeFrom(base)) // want `^Patch of \*corev1\.ConfigMap names no field manager; managedFields`
	_ = r.Client.Create(ctx, cm)                 // want `^Create of \*corev1\.ConfigMap names no field manager`
	_ = r.Patch(ctx, cm, client.Apply)           // want `^Patch of \*corev1\.ConfigMap with client\.Apply names no field manager; the API server rejects an apply patch without one: pass client\.FieldOwner\(\.\.\.\)`

	_ = r.Apply(ctx, v1alpha1.WidgetApply("w"))          // want `^Apply of \*v1alpha1\.WidgetApplyConfiguration names no field manager; the API server rejects an Apply without one: pass client\.FieldOwner\(\.\.\.\) \(set -fieldmanager\.name to get a suggested fix\)$`
	_ = r.Status().Apply(ctx, v1alpha1.WidgetApply("w")) // want `^status Apply of \*v1alpha1\.WidgetApplyConfiguration names no field manager; the API server rejects an Apply without one`

	_ = r.Status().Update(ctx, w)                                  // want `^status Update of \*v1alpha1\.Widget names no field manager; managedFields will show the client's user agent: pass client\.FieldOwner\(\.\.\.\)`
	_ = r.Status().Patch(ctx, w, client.MergeFrom(w))              // want `^status Patch of \*v1alpha1\.Widget names no field manager`
	_ = r.Status().Create(ctx, w, cm)                              // want `^status Create of \*v1alpha1\.Widget names no field manager`
	_ = r.SubResource("scale").Update(ctx, w)                      // want `^scale Update of \*v1alpha1\.Widget names no field manager`
	_ = r.Client.SubResource("status").Patch(ctx, w, client.Merge) // want `^status Patch of \*v1alpha1\.Widget names no field manager`

	sw := r.Status()
	_ = sw.Update(ctx, w) // want `^status Update of \*v1alpha1\.Widget names no field manager`

	var obj client.Object = cm
	_ = r.Create(ctx, obj, client.DryRunAll) // want `^Create of client\.Object names no field manager`

	// Options that name no manager.
	_ = r.Patch(ctx, cm, client.Merge, client.ForceOwnership, client.FieldValidation("Strict"))                            // want `^Patch of \*corev1\.ConfigMap names no field manager`
	_ = r.Update(ctx, cm, &client.UpdateOptions{DryRun: []string{"All"}})                                                  // want `^Update of \*corev1\.ConfigMap names no field manager`
	_ = r.Create(ctx, cm, client.FieldOwner(""))                                                                           // want `^Create of \*corev1\.ConfigMap names no field manager`
	_ = r.Status().Update(ctx, w, &client.SubResourceUpdateOptions{UpdateOptions: client.UpdateOptions{FieldManager: ""}}) // want `^status Update of \*v1alpha1\.Widget names no field manager`

	// Deletes take no field manager.
	_ = r.Delete(ctx, cm)
	_ = r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace("ns"))
	return ctrl.Result{}, nil
}

// Spread option slices built here that name no manager: reported, but the
// owner cannot be appended after opts...
func (r *WidgetReconciler) spread(ctx context.Context, cm *corev1.ConfigMap, dry bool) error {
	opts := []client.PatchOption{client.ForceOwnership}
	if dry {
		opts = append(opts, client.DryRunAll)
	}
	if err := r.Patch(ctx, cm, client.Apply, opts...); err != nil { // want `^Patch of \*corev1\.ConfigMap with client\.Apply names no field manager; the API server rejects an apply patch without one: pass client\.FieldOwner\(\.\.\.\) \(no suggested fix: the options are spread from a slice; add the owner to it\)$`
		return err
	}
	var copts []client.CreateOption
	return r.Create(ctx, cm, copts...) // want `^Create of \*corev1\.ConfigMap names no field manager.*no suggested fix`
}
