package controller

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/statuslint/statuslint/bench/conflict/claimop/api/v1alpha1"
)

// SandboxClaimReconciler gives each claim a Sandbox, adopted from a warm pool
// when one has a free Sandbox of the claim's template, made new otherwise.
type SandboxClaimReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile finds, adopts or creates the claim's Sandbox and writes the
// claim's status from it.
func (r *SandboxClaimReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	claim := &v1alpha1.SandboxClaim{}
	if err := r.Get(ctx, req.NamespacedName, claim); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !claim.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}

	// cache the original status of the claim
	oldStatus := claim.Status.DeepCopy()

	sandbox, err := r.getOrCreateSandbox(ctx, claim)
	r.computeStatus(claim, sandbox, err)
	if updateErr := r.updateStatus(ctx, oldStatus, claim); updateErr != nil {
		err = errors.Join(err, updateErr)
	}
	return ctrl.Result{}, err
}

func (r *SandboxClaimReconciler) updateStatus(ctx context.Context, oldStatus *v1alpha1.SandboxClaimStatus, claim *v1alpha1.SandboxClaim) error {
	if equality.Semantic.DeepEqual(oldStatus, &claim.Status) {
		return nil
	}
	if err := r.Status().Update(ctx, claim); err != nil {
		log.FromContext(ctx).Error(err, "Failed to update sandboxclaim status")
		return err
	}
	return nil
}

func (r *SandboxClaimReconciler) computeStatus(claim *v1alpha1.SandboxClaim, sandbox *v1alpha1.Sandbox, err error) {
	cond := metav1.Condition{
		Type:               v1alpha1.ConditionReady,
		Status:             metav1.ConditionFalse,
		ObservedGeneration: claim.Generation,
		Reason:             "SandboxNotReady",
		Message:            "Sandbox is not ready",
	}
	switch {
	case err != nil:
		cond.Reason, cond.Message = "ReconcilerError", err.Error()
	case sandbox != nil:
		claim.Status.Sandbox.Name = sandbox.Name
		claim.Status.Sandbox.PodIPs = sandbox.Status.PodIPs
		if c := meta.FindStatusCondition(sandbox.Status.Conditions, v1alpha1.ConditionReady); c != nil {
			cond.Status, cond.Reason, cond.Message = c.Status, c.Reason, c.Message
		}
	}
	meta.SetStatusCondition(&claim.Status.Conditions, cond)
}

// getOrCreateSandbox returns the claim's Sandbox: the one it already holds,
// else a warm one it adopts, else a new one named after the claim.
func (r *SandboxClaimReconciler) getOrCreateSandbox(ctx context.Context, claim *v1alpha1.SandboxClaim) (*v1alpha1.Sandbox, error) {
	var owned v1alpha1.SandboxList
	if err := r.List(ctx, &owned, client.InNamespace(claim.Namespace), client.MatchingLabels{ClaimLabel: claim.Name}); err != nil {
		return nil, err
	}
	for i := range owned.Items {
		if metav1.IsControlledBy(&owned.Items[i], claim) {
			return &owned.Items[i], nil
		}
	}

	candidates, err := r.warmCandidates(ctx, claim)
	if err != nil {
		return nil, err
	}
	for _, sb := range candidates {
		err := r.adopt(ctx, claim, sb)
		if apierrors.IsConflict(err) || apierrors.IsNotFound(err) {
			continue // another claim adopted it, or the pool deleted it
		}
		if err != nil {
			return nil, err
		}
		cached := &v1alpha1.Sandbox{}
		done := func() bool { return cached.Labels[ClaimLabel] == claim.Name }
		if err := waitForCache(ctx, r, client.ObjectKeyFromObject(sb), cached, done); err != nil {
			return nil, err
		}
		return sb, nil
	}

	tmpl := &v1alpha1.SandboxTemplate{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: claim.Namespace, Name: claim.Spec.SandboxTemplateRef.Name}, tmpl); err != nil {
		return nil, fmt.Errorf("sandbox template: %w", err)
	}
	sb := newSandbox(claim.Namespace, tmpl, map[string]string{ClaimLabel: claim.Name})
	sb.Name = claim.Name
	if err := ctrl.SetControllerReference(claim, sb, r.Scheme); err != nil {
		return nil, err
	}
	if err := r.Create(ctx, sb); err != nil {
		return nil, err // AlreadyExists: the cache is behind; the retry finds it
	}
	return sb, nil
}

// warmCandidates lists, from the cache, the unclaimed Sandboxes of the warm
// pools that use the claim's template. The cache lists them in no fixed
// order, so concurrent workers seldom try the same one first.
func (r *SandboxClaimReconciler) warmCandidates(ctx context.Context, claim *v1alpha1.SandboxClaim) ([]*v1alpha1.Sandbox, error) {
	var pools v1alpha1.SandboxWarmPoolList
	if err := r.List(ctx, &pools, client.InNamespace(claim.Namespace)); err != nil {
		return nil, err
	}
	var out []*v1alpha1.Sandbox
	for _, pool := range pools.Items {
		if pool.Spec.SandboxTemplateRef.Name != claim.Spec.SandboxTemplateRef.Name {
			continue
		}
		var list v1alpha1.SandboxList
		if err := r.List(ctx, &list, client.InNamespace(claim.Namespace), client.MatchingLabels{WarmPoolLabel: pool.Name}); err != nil {
			return nil, err
		}
		for i := range list.Items {
			sb := &list.Items[i]
			if sb.DeletionTimestamp.IsZero() && sb.Labels[ClaimLabel] == "" && metav1.IsControlledBy(sb, &pool) {
				out = append(out, sb)
			}
		}
	}
	return out, nil
}

// adopt moves a warm Sandbox from its pool to the claim. The Update keeps the
// optimistic lock on purpose: a 409 means another claim got there first.
func (r *SandboxClaimReconciler) adopt(ctx context.Context, claim *v1alpha1.SandboxClaim, sandbox *v1alpha1.Sandbox) error {
	delete(sandbox.Labels, WarmPoolLabel)
	sandbox.Labels[ClaimLabel] = claim.Name
	sandbox.OwnerReferences = nil
	if err := ctrl.SetControllerReference(claim, sandbox, r.Scheme); err != nil {
		return err
	}
	return r.Update(ctx, sandbox)
}

// sandboxToClaim maps a Sandbox to the claim that holds it.
func sandboxToClaim(_ context.Context, obj client.Object) []reconcile.Request {
	name := obj.GetLabels()[ClaimLabel]
	if owner := metav1.GetControllerOf(obj); name == "" && owner != nil && owner.Kind == "SandboxClaim" {
		name = owner.Name
	}
	if name == "" {
		return nil
	}
	return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: obj.GetNamespace(), Name: name}}}
}

// SetupWithManager registers the reconciler with workers concurrent reconciles.
func (r *SandboxClaimReconciler) SetupWithManager(mgr ctrl.Manager, workers int) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1alpha1.SandboxClaim{}).
		Watches(&v1alpha1.Sandbox{}, handler.EnqueueRequestsFromMapFunc(sandboxToClaim)).
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(r)
}
