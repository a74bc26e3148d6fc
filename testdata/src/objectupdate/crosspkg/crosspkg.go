// Package crosspkg calls another package's helpers between the load and
// the Update: their facts say what they change.
package crosspkg

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"objectupdate/helpers"
)

type SecretReconciler struct {
	client.Client
}

// Reconcile stamps the Secret with the hash of its data, as
// pulp-operator's reconcilers do.
func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, secret); err != nil {
		return ctrl.Result{}, err
	}
	hash := helpers.CalculateHash(secret.Data)
	if helpers.GetCurrentHash(secret) == hash || !helpers.HasScript(*secret) {
		return ctrl.Result{}, nil
	}
	helpers.SetHashLabel(hash, secret)
	helpers.MergeLabels(secret.Annotations, map[string]string{"example.com/by": "crosspkg"})
	if err := r.Update(ctx, secret); err != nil { // want `labels and annotations changed and sent with Update; another writer of this Secret makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.rotate(ctx, req)
}

// rotate changes the data through the helper: not reported.
func (r *SecretReconciler) rotate(ctx context.Context, req ctrl.Request) error {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, secret); err != nil {
		return err
	}
	helpers.SetHashLabel("rotated", secret)
	helpers.RotateData(secret)
	return r.Update(ctx, secret)
}
