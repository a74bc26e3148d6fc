package controller

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/example/api/v1alpha1"
	"github.com/statuslint/statuslint/example/internal/status"
)

// GadgetReconciler reconciles a Gadget object. It mostly does things right.
type GadgetReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=demo.example.com,resources=gadgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=demo.example.com,resources=gadgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=demo.example.com,resources=gadgets/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch;delete

// Reconcile makes sure the Gadget's ConfigMap exists and reports the outcome
// in the Gadget's status.
func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, retErr error) {
	var gadget v1alpha1.Gadget
	if err := r.Get(ctx, req.NamespacedName, &gadget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Right: the base for the status patch, copied right after the Get.
	base := gadget.DeepCopy()

	// Whatever step fails, report it in the status on the way out.
	defer func() {
		if retErr == nil {
			return
		}
		if meta.SetStatusCondition(&gadget.Status.Conditions, metav1.Condition{
			Type:               status.ConditionReady,
			Status:             metav1.ConditionFalse,
			Reason:             "ReconcileFailed",
			Message:            retErr.Error(),
			ObservedGeneration: gadget.Generation,
		}) {
			// Mistake (statusupdate, in a defer): deferred writes run on the
			// reconcile path too, and this Update can fail with 409 Conflict.
			// Right: r.Status().Patch(ctx, &gadget, client.MergeFrom(base), fieldOwner),
			// as below.
			if err := r.Status().Update(ctx, &gadget, fieldOwner); err != nil {
				retErr = errors.Join(retErr, err)
			}
		}
	}()

	if err := r.ensureConfigMap(ctx, &gadget); err != nil {
		return ctrl.Result{}, err
	}

	// Right: the condition carries the generation, so a new generation always
	// changes it, and the status is written only when something changed.
	gadget.Status.ObservedGeneration = gadget.Generation
	if meta.SetStatusCondition(&gadget.Status.Conditions, metav1.Condition{
		Type:               status.ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciled",
		Message:            "the Gadget's ConfigMap exists",
		ObservedGeneration: gadget.Generation,
	}) {
		// Right: a merge patch of the status from base, naming the field owner.
		if err := r.Status().Patch(ctx, &gadget, client.MergeFrom(base), fieldOwner); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// ensureConfigMap creates the Gadget's ConfigMap when it is missing.
func (r *GadgetReconciler) ensureConfigMap(ctx context.Context, gadget *v1alpha1.Gadget) error {
	key := types.NamespacedName{Namespace: gadget.Namespace, Name: gadget.Name + "-gadget"}
	err := r.Get(ctx, key, &corev1.ConfigMap{})
	if !apierrors.IsNotFound(err) {
		return err
	}
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name},
		Data:       map[string]string{"color": gadget.Spec.Color},
	}
	if err := ctrl.SetControllerReference(gadget, cm, r.Scheme); err != nil {
		return err
	}
	// Right: the write names its field owner.
	return r.Create(ctx, cm, fieldOwner)
}

// SetupWithManager sets up the controller with the Manager.
func (r *GadgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1alpha1.Gadget{}).
		Owns(&corev1.ConfigMap{}).
		Named("gadget").
		Complete(r)
}
