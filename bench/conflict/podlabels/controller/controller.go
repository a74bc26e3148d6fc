// Package controller is the Pod labeller the podlabels benchmark measures:
// it copies the value of a Pod's annotation into one of its labels, after a
// Get from the informer cache, with a whole-object Update. That is the shape
// statuslint's objectupdate pass reports (labels are the only change between
// the Get and the Update), and the case that prompted it: a controller
// updating a Pod's labels while the kubelet updates the Pod's status.
//
// The benchmark copies this package at run time into a module of its own,
// once as written and once after statuslint -fix, and runs each copy; the
// code here is never changed by the benchmark.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
)

const (
	// WantAnnotation holds the value the labeller copies into Label. The
	// benchmark's load changes it to wake the labeller again.
	WantAnnotation = "podlabels.bench/want"
	// Label is the label the labeller sets.
	Label = "podlabels.bench/seen"
)

// PodLabeler sets Label on every Pod to the value of its WantAnnotation.
type PodLabeler struct {
	client.Client
}

// Reconcile labels one Pod.
func (r *PodLabeler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	want := pod.Annotations[WantAnnotation]
	if want == "" || pod.Labels[Label] == want {
		return ctrl.Result{}, nil
	}
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels[Label] = want
	if err := r.Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Setup registers the labeller with mgr, with workers concurrent
// reconciles.
func Setup(mgr ctrl.Manager, workers int) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Pod{}).
		Named("podlabeler").
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(&PodLabeler{Client: mgr.GetClient()})
}
