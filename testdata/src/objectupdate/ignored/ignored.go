// Package ignored covers //statuslint:ignore for objectupdate.
package ignored

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, err
	}
	pod.Labels["example.com/seen"] = "true"
	//statuslint:ignore objectupdate this Pod is ours alone: nothing else writes it
	if err := r.Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"changed": "yes"}
	//statuslint:ignore objectupdate the data changes too // want `silences nothing here`
	return ctrl.Result{}, r.Update(ctx, &cm)
}
