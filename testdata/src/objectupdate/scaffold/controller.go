// Package scaffold is kubebuilder's layout: the package's tests call the
// helper that updates a Pod with a Pod they made themselves. The tests'
// calls say nothing about production code: the finding is the same in
// the package and in its test variant.
package scaffold

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type PodReconciler struct {
	client.Client
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.annotate(ctx, pod)
}

func (r *PodReconciler) annotate(ctx context.Context, pod *corev1.Pod) error {
	metav1.SetMetaDataAnnotation(&pod.ObjectMeta, "example.com/seen", "true")
	return r.Update(ctx, pod) // want `annotations changed and sent with Update`
}
