// Package stubcheck uses the legacy-generation stubs the way an old
// (controller-runtime v0.6) operator does; it only has to type-check.
package stubcheck

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Facts about the real API that the stubs preserve.
var (
	_ runtime.Object = &corev1.Service{}
	_ runtime.Object = &corev1.ServiceList{}
	_ metav1.Object  = &corev1.Service{}

	_ client.CreateOption      = client.FieldOwner("x")
	_ client.UpdateOption      = client.FieldOwner("x")
	_ client.PatchOption       = client.FieldOwner("x")
	_ client.DeleteOption      = client.DryRunAll
	_ client.PatchOption       = client.ForceOwnership
	_ client.ListOption        = client.InNamespace("ns")
	_ client.DeleteAllOfOption = client.MatchingLabels{}

	_ reconcile.Reconciler = &ServiceReconciler{}
	_ reconcile.Reconciler = reconcile.Func(func(reconcile.Request) (reconcile.Result, error) {
		return reconcile.Result{}, nil
	})
)

// ServiceReconciler reconciles Services.
type ServiceReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *ServiceReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	logger := ctrl.Log.WithValues("service", req.NamespacedName)
	var svc corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := svc.DeepCopy()
	meta.SetStatusCondition(&svc.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		ObservedGeneration: svc.Generation,
		Reason:             "Reconciled",
		Message:            "ok",
	})
	if equality.Semantic.DeepEqual(before.Status, svc.Status) {
		return ctrl.Result{}, nil
	}
	if err := r.Status().Update(ctx, &svc); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		logger.Error(err, "status update failed")
		return ctrl.Result{}, err
	}
	if err := r.Status().Patch(ctx, &svc, client.MergeFrom(before), client.FieldOwner("me")); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: svc.Name, Namespace: svc.Namespace}}
	if err := r.Create(ctx, cm, client.FieldOwner("me")); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, cm, client.Apply, client.ForceOwnership, client.FieldOwner("me")); err != nil {
		return ctrl.Result{}, err
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace), client.MatchingLabels{"app": svc.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := client.ObjectKeyFromObject(cm); err != nil {
		return ctrl.Result{}, err
	}
	logger.Info("reconciled", "pods", len(pods.Items), "at", metav1.Now())
	return ctrl.Result{}, nil
}

// SetupWithManager registers the reconciler.
func (r *ServiceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Service{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

// SetupFunc registers a reconcile.Func.
func SetupFunc(mgr ctrl.Manager) error {
	c := mgr.GetClient()
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(reconcile.Func(func(req reconcile.Request) (reconcile.Result, error) {
		var pod corev1.Pod
		if err := c.Get(context.TODO(), req.NamespacedName, &pod); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		return reconcile.Result{}, c.Status().Update(context.TODO(), &pod)
	}))
}
