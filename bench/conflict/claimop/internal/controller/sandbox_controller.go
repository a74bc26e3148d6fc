package controller

import (
	"context"
	"maps"
	"slices"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"

	"github.com/statuslint/statuslint/bench/conflict/claimop/api/v1alpha1"
)

// SandboxReconciler owns each Sandbox's Pod and mirrors its readiness.
type SandboxReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile creates the Sandbox's Pod, labels it for the claim that holds the
// Sandbox, and writes the Pod's readiness and IPs into the Sandbox's status.
func (r *SandboxReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sandbox := &v1alpha1.Sandbox{}
	if err := r.Get(ctx, req.NamespacedName, sandbox); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !sandbox.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}

	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		// The Pod's events bring the Sandbox back to mirror its status.
		return ctrl.Result{}, r.createPod(ctx, sandbox)
	}

	if claim := sandbox.Labels[ClaimLabel]; claim != "" && pod.Labels[ClaimLabel] != claim {
		if pod.Labels == nil {
			pod.Labels = map[string]string{}
		}
		pod.Labels[ClaimLabel] = claim
		if err := r.Update(ctx, pod); err != nil {
			return ctrl.Result{}, err
		}
	}

	cond := metav1.Condition{
		Type:               v1alpha1.ConditionReady,
		Status:             metav1.ConditionFalse,
		ObservedGeneration: sandbox.Generation,
		Reason:             "PodNotReady",
		Message:            "Pod is not ready",
	}
	for _, c := range pod.Status.Conditions {
		if c.Type == corev1.PodReady && c.Status == corev1.ConditionTrue {
			cond.Status, cond.Reason, cond.Message = metav1.ConditionTrue, "PodReady", "Pod is ready"
		}
	}
	var ips []string
	for _, ip := range pod.Status.PodIPs {
		ips = append(ips, ip.IP)
	}
	changed := meta.SetStatusCondition(&sandbox.Status.Conditions, cond)
	if !slices.Equal(sandbox.Status.PodIPs, ips) {
		sandbox.Status.PodIPs = ips
		changed = true
	}
	if !changed {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, sandbox)
}

func (r *SandboxReconciler) createPod(ctx context.Context, sandbox *v1alpha1.Sandbox) error {
	pod := &corev1.Pod{}
	pod.Namespace, pod.Name = sandbox.Namespace, sandbox.Name
	pod.Labels = maps.Clone(sandbox.Spec.PodTemplate.Metadata.Labels)
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels[SandboxLabel] = sandbox.Name
	if claim := sandbox.Labels[ClaimLabel]; claim != "" {
		pod.Labels[ClaimLabel] = claim
	}
	sandbox.Spec.PodTemplate.Spec.DeepCopyInto(&pod.Spec)
	if err := ctrl.SetControllerReference(sandbox, pod, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, pod)
}

// SetupWithManager registers the reconciler with workers concurrent reconciles.
func (r *SandboxReconciler) SetupWithManager(mgr ctrl.Manager, workers int) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1alpha1.Sandbox{}).
		Owns(&corev1.Pod{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(r)
}
