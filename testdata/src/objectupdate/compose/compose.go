// Package compose is fixed by objectupdate (Update to a metadata patch),
// statusupdate (a status patch) and fieldmanager (a field owner appended)
// at once: the edits must not overlap and the result must be gofmt-clean.
package compose

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"objectupdate/api"
)

type PodReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod.Labels["example.com/seen"] = "true"
	if err := ctrl.SetControllerReference(&pod, &pod, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.annotate(ctx, req)
}

func (r *PodReconciler) annotate(ctx context.Context, req ctrl.Request) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, svc); err != nil {
		return err
	}
	svc.Annotations["example.com/seen"] = "true"
	return r.Update(ctx,
		svc,
		client.DryRunAll,
	)
}

type WidgetReconciler struct {
	client.Client
}

// Reconcile labels a Pod and writes the Widget's status: two fixes copy two
// objects in one function, so their copies must have different names.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, err
	}
	pod.Labels["example.com/widget"] = w.Name
	if err := r.Update(ctx, pod); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
