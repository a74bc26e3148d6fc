package controller

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"

	"github.com/statuslint/statuslint/bench/conflict/claimop/api/v1alpha1"
)

// SandboxWarmPoolReconciler keeps spec.replicas unclaimed Sandboxes per pool.
type SandboxWarmPoolReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile creates or deletes warm Sandboxes and patches the pool's status.
func (r *SandboxWarmPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pool := &v1alpha1.SandboxWarmPool{}
	if err := r.Get(ctx, req.NamespacedName, pool); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := pool.DeepCopy()
	if !pool.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}

	var list v1alpha1.SandboxList
	if err := r.List(ctx, &list, client.InNamespace(pool.Namespace), client.MatchingLabels{WarmPoolLabel: pool.Name}); err != nil {
		return ctrl.Result{}, err
	}
	var warm []*v1alpha1.Sandbox
	for i := range list.Items {
		sb := &list.Items[i]
		if sb.DeletionTimestamp.IsZero() && metav1.IsControlledBy(sb, pool) && sb.Labels[ClaimLabel] == "" {
			warm = append(warm, sb)
		}
	}

	want := int(pool.Spec.Replicas)
	if len(warm) < want {
		tmpl := &v1alpha1.SandboxTemplate{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: pool.Namespace, Name: pool.Spec.SandboxTemplateRef.Name}, tmpl); err != nil {
			return ctrl.Result{}, fmt.Errorf("sandbox template: %w", err)
		}
		for len(warm) < want {
			sb := newSandbox(pool.Namespace, tmpl, map[string]string{WarmPoolLabel: pool.Name})
			sb.GenerateName = pool.Name + "-"
			if err := ctrl.SetControllerReference(pool, sb, r.Scheme); err != nil {
				return ctrl.Result{}, err
			}
			if err := r.Create(ctx, sb); err != nil {
				return ctrl.Result{}, err
			}
			cached := &v1alpha1.Sandbox{}
			if err := waitForCache(ctx, r, client.ObjectKeyFromObject(sb), cached, func() bool { return true }); err != nil {
				return ctrl.Result{}, err
			}
			warm = append(warm, sb)
		}
	}
	for len(warm) > want {
		sb := warm[len(warm)-1]
		// The precondition keeps a Sandbox that a claim adopted since the read.
		err := r.Delete(ctx, sb, client.Preconditions{UID: &sb.UID, ResourceVersion: &sb.ResourceVersion})
		if err != nil && !apierrors.IsNotFound(err) && !apierrors.IsConflict(err) {
			return ctrl.Result{}, err
		}
		warm = warm[:len(warm)-1]
	}

	pool.Status.Replicas = int32(len(warm))
	pool.Status.ReadyReplicas = 0
	for _, sb := range warm {
		if meta.IsStatusConditionTrue(sb.Status.Conditions, v1alpha1.ConditionReady) {
			pool.Status.ReadyReplicas++
		}
	}
	if equality.Semantic.DeepEqual(base.Status, pool.Status) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Patch(ctx, pool, client.MergeFrom(base))
}

// SetupWithManager registers the reconciler with workers concurrent reconciles.
func (r *SandboxWarmPoolReconciler) SetupWithManager(mgr ctrl.Manager, workers int) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1alpha1.SandboxWarmPool{}).
		Owns(&v1alpha1.Sandbox{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(r)
}
