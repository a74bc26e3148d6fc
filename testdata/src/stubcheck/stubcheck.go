// Package stubcheck uses the current-generation stubs the way a kubebuilder
// reconciler does; it only has to type-check.
package stubcheck

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Facts about the real API that the stubs preserve.
var (
	_ client.Object     = &corev1.Service{}
	_ client.ObjectList = &corev1.ServiceList{}
	_ metav1.Object     = &metav1.ObjectMeta{}
	_ client.Object     = &appsv1.Deployment{}
	_ client.ObjectList = &appsv1.DeploymentList{}

	_ = controllerutil.SetControllerReference
	_ = ctrl.SetControllerReference
	_ = metav1.SetMetaDataLabel

	_ record.EventRecorder = nil

	_ client.CreateOption            = client.FieldOwner("x")
	_ client.UpdateOption            = client.FieldOwner("x")
	_ client.PatchOption             = client.FieldOwner("x")
	_ client.ApplyOption             = client.FieldOwner("x")
	_ client.SubResourceCreateOption = client.FieldOwner("x")
	_ client.SubResourceUpdateOption = client.FieldOwner("x")
	_ client.SubResourcePatchOption  = client.FieldOwner("x")
	_ client.SubResourceApplyOption  = client.FieldOwner("x")

	_ client.DeleteOption            = client.DryRunAll
	_ client.SubResourceUpdateOption = client.DryRunAll
	_ client.PatchOption             = client.ForceOwnership
	_ client.ListOption              = client.InNamespace("ns")
	_ client.DeleteAllOfOption       = client.MatchingLabels{}
	_ client.UpdateOption            = &client.SubResourceUpdateOptions{}
	_ client.StatusWriter            = client.SubResourceClient(nil)

	_ reconcile.Reconciler = &ServiceReconciler{}
	_ reconcile.Reconciler = reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) {
		return reconcile.Result{}, nil
	})
	_ reconcile.TypedReconciler[string]           = reconcile.TypedFunc[string](nil)
	_ reconcile.ObjectReconciler[*corev1.Service] = &objectReconciler{}
)

// ServiceReconciler reconciles Services.
type ServiceReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	var svc corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := svc.DeepCopy()
	changed := meta.SetStatusCondition(&svc.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		ObservedGeneration: svc.Generation,
		Reason:             "Reconciled",
		Message:            "ok",
	})
	if !changed || equality.Semantic.DeepEqual(before.Status, svc.Status) {
		return ctrl.Result{}, nil
	}
	if err := r.Status().Update(ctx, &svc); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		logger.Error(err, "status update failed")
		return ctrl.Result{}, err
	}
	if err := r.Status().Patch(ctx, &svc, client.MergeFrom(before)); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Status().Patch(ctx, &svc, client.MergeFromWithOptions(before, client.MergeFromWithOptimisticLock{}), client.FieldOwner("me")); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.SubResource("status").Update(ctx, &svc, client.FieldOwner("me")); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: svc.Name, Namespace: svc.Namespace}}
	if err := r.Create(ctx, cm, client.FieldOwner("me"), client.DryRunAll); err != nil {
		return ctrl.Result{}, client.IgnoreAlreadyExists(err)
	}
	if err := r.Patch(ctx, cm, client.MergeFrom(cm.DeepCopy()), client.FieldOwner("me")); err != nil {
		return ctrl.Result{}, err
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace), client.MatchingLabels{"app": svc.Name}); err != nil {
		return ctrl.Result{}, err
	}
	_ = meta.IsStatusConditionTrue(svc.Status.Conditions, "Ready")
	_ = client.ObjectKeyFromObject(cm)
	logger.Info("reconciled", "pods", len(pods.Items), "at", metav1.Now())
	return ctrl.Result{}, nil
}

// SetupWithManager registers the reconciler.
func (r *ServiceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Service{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

type objectReconciler struct{ c client.Client }

func (o *objectReconciler) Reconcile(ctx context.Context, svc *corev1.Service) (reconcile.Result, error) {
	return reconcile.Result{}, o.c.Status().Update(ctx, svc)
}

// SetupObjectReconciler registers an ObjectReconciler via AsReconciler.
func SetupObjectReconciler(mgr ctrl.Manager) error {
	c := client.WithFieldOwner(mgr.GetClient(), "me")
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Service{}).
		Complete(reconcile.AsReconciler[*corev1.Service](c, &objectReconciler{c: c}))
}
