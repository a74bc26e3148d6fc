package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/statuslint/statuslint/example/api/v1alpha1"
)

// WidgetDeploymentReconciler runs each Widget's replicas as a Deployment.
type WidgetDeploymentReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=demo.example.com,resources=widgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete

// Reconcile makes the Widget's Deployment match its spec. It never looks at
// the Deployment's status.
func (r *WidgetDeploymentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var widget v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	deployment := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: widget.Name + "-widget", Namespace: widget.Namespace}}
	// Right: the client handed over names the operator's field manager.
	c := client.WithFieldOwner(r.Client, string(fieldOwner))
	_, err := controllerutil.CreateOrUpdate(ctx, c, deployment, func() error {
		labels := map[string]string{"app.kubernetes.io/instance": widget.Name}
		deployment.Spec.Replicas = widget.Spec.Replicas
		deployment.Spec.Selector = &metav1.LabelSelector{MatchLabels: labels}
		deployment.Spec.Template.Labels = labels
		deployment.Spec.Template.Spec.Containers = []corev1.Container{{Name: "widget", Image: "example.com/widget:1"}}
		return controllerutil.SetControllerReference(&widget, deployment, r.Scheme)
	})
	return ctrl.Result{}, err
}

// SetupWithManager sets up the controller with the Manager.
func (r *WidgetDeploymentReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("widget-deployment").
		For(&v1alpha1.Widget{}).
		// Mistake (watches): every status update of a Deployment (its Pods
		// becoming ready) runs Reconcile, which never reads that status.
		// Right: Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.Or[client.Object](
		//	predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{},
		//	predicate.AnnotationChangedPredicate{}))).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}
