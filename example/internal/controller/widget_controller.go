// Package controller holds the operator's reconcilers.
package controller

import (
	"context"
	"maps"
	"strconv"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/statuslint/statuslint/example/api/v1alpha1"
	"github.com/statuslint/statuslint/example/internal/status"
)

// fieldOwner names every write of this operator in managedFields.
const fieldOwner = client.FieldOwner("widget-operator")

// WidgetReconciler reconciles a Widget object.
type WidgetReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=demo.example.com,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=demo.example.com,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=demo.example.com,resources=widgets/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch;delete

// Reconcile publishes the Widget's spec in a ConfigMap it owns and reports
// the outcome in the Widget's status.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	var widget v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	created, err := r.reconcileConfigMap(ctx, &widget)
	if err != nil {
		return ctrl.Result{}, err
	}
	if created {
		log.Info("created ConfigMap", "widget", req.NamespacedName)
		return ctrl.Result{}, r.markReady(ctx, &widget)
	}

	if widget.Status.ObservedGeneration != widget.Generation {
		widget.Status.ReadyReplicas = desiredReplicas(&widget)
		// Mistake (statusupdate, across packages): status.SetReady ends in
		// c.Status().Update. statuslint reports it here, where the Widget was
		// loaded; statuslint -fix adds status.SetReadyFrom, which patches
		// from a copy taken after the Get, and calls it here with that copy.
		return ctrl.Result{}, status.SetReady(ctx, r.Client, &widget)
	}

	// The ConfigMap is already in the desired state.
	// Mistake (conditions): the result of SetStatusCondition is ignored and the
	// status below is written on every reconcile, even when nothing changed;
	// each is an API request, and with Update a 409 whenever the cache lags.
	// Right: if meta.SetStatusCondition(...) { write the status }.
	meta.SetStatusCondition(&widget.Status.Conditions, metav1.Condition{
		Type:               status.ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "UpToDate",
		Message:            "the Widget's ConfigMap is up to date",
		ObservedGeneration: widget.Generation,
	})
	// Mistake (statusupdate): Update sends the resourceVersion read from the
	// informer cache, so it fails with 409 Conflict whenever the cache lags.
	// Right: base := widget.DeepCopy() right after the Get, then
	// r.Status().Patch(ctx, &widget, client.MergeFrom(base), fieldOwner).
	if err := r.Status().Update(ctx, &widget, fieldOwner); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// reconcileConfigMap makes the Widget's ConfigMap match its spec and reports
// whether it had to create it.
func (r *WidgetReconciler) reconcileConfigMap(ctx context.Context, widget *v1alpha1.Widget) (bool, error) {
	want := map[string]string{
		"message":  widget.Spec.Message,
		"replicas": strconv.Itoa(int(desiredReplicas(widget))),
	}
	key := types.NamespacedName{Namespace: widget.Namespace, Name: widget.Name + "-widget"}

	var cm corev1.ConfigMap
	err := r.Get(ctx, key, &cm)
	if apierrors.IsNotFound(err) {
		cm = corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name},
			Data:       want,
		}
		if err := ctrl.SetControllerReference(widget, &cm, r.Scheme); err != nil {
			return false, err
		}
		// Mistake (fieldmanager): no client.FieldOwner, so managedFields
		// records the binary's user agent instead of "widget-operator".
		// Right: r.Create(ctx, &cm, fieldOwner), as the Patch below does.
		if err := r.Create(ctx, &cm); err != nil {
			return false, err
		}
		return true, nil
	}
	if err != nil || maps.Equal(cm.Data, want) {
		return false, err
	}

	// Right: a merge patch from a copy, naming the field owner.
	base := cm.DeepCopy()
	cm.Data = want
	return false, r.Patch(ctx, &cm, client.MergeFrom(base), fieldOwner)
}

// markReady records that the Widget's ConfigMap now exists.
func (r *WidgetReconciler) markReady(ctx context.Context, widget *v1alpha1.Widget) error {
	changed := meta.SetStatusCondition(&widget.Status.Conditions, metav1.Condition{
		Type:               status.ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "ConfigMapCreated",
		Message:            "created the Widget's ConfigMap",
		ObservedGeneration: widget.Generation,
	})
	if !changed {
		return nil
	}
	widget.Status.ObservedGeneration = widget.Generation
	// Mistake (statusupdate, in a helper): reachable from Reconcile. widget is
	// a parameter: statuslint's fix adds a base parameter that Reconcile fills.
	// Right: take base in Reconcile right after the Get, pass it in, and
	// r.Status().Patch(ctx, widget, client.MergeFrom(base), fieldOwner).
	return r.Status().Update(ctx, widget, fieldOwner)
}

// desiredReplicas is the Widget's replica count, 1 when unset.
func desiredReplicas(widget *v1alpha1.Widget) int32 {
	if widget.Spec.Replicas == nil {
		return 1
	}
	return *widget.Spec.Replicas
}

// SetupWithManager sets up the controller with the Manager.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1alpha1.Widget{}).
		Owns(&corev1.ConfigMap{}).
		Named("widget").
		Complete(r)
}
