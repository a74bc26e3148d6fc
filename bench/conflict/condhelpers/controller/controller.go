// Package controller is the operator the condhelpers benchmark measures,
// shaped like many hand-written operators: for each WebApp (../api) it keeps
// a ConfigMap, a Deployment and a headless Service, one sub-reconcile
// each, and every branch of every sub-reconcile (created, updated, already
// as wanted) ends in the helper updateCondition, which sets the child's
// condition with meta.SetStatusCondition, ignoring whether that changed
// anything, and writes the WebApp's status. The Deployment's sub-reconcile
// also records the version of the image, parsed from the spec. It
// requeues every WebApp after Resync, as operators that poll do.
//
// In the steady state every sub-reconcile takes its "already as wanted"
// branch, so each reconcile writes the status three times and changes
// nothing: the shape statuslint's conditions pass reports (issue 29).
//
// The benchmark copies this package at run time into a module of its own,
// once as written and once after statuslint -fix, and runs each copy; the
// code here is never changed by the benchmark.
package controller

import (
	"context"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/statuslint/statuslint/bench/conflict/condhelpers/api"
)

const (
	// Name is the controller's name and its field manager.
	Name = "app-operator"
	// Port is the port the Service exposes.
	Port = 80
)

// The condition types, one per child.
const (
	ConfigMapReady  = "ConfigMapReady"
	DeploymentReady = "DeploymentReady"
	ServiceReady    = "ServiceReady"
)

// ChildName is the name of the WebApp's ConfigMap, Deployment and Service.
func ChildName(app string) string { return app + "-app" }

// VersionOf is the tag of image, "latest" when it has none.
func VersionOf(image string) string {
	if i := strings.LastIndexByte(image, ':'); i >= 0 && !strings.Contains(image[i:], "/") {
		return image[i+1:]
	}
	return "latest"
}

// WebAppReconciler keeps the children of each WebApp.
type WebAppReconciler struct {
	client.Client
	Scheme *runtime.Scheme
	// Resync is how long after a reconcile the WebApp is reconciled again.
	Resync time.Duration
}

// +kubebuilder:rbac:groups=condhelpers.bench.example.com,resources=webapps,verbs=get;list;watch
// +kubebuilder:rbac:groups=condhelpers.bench.example.com,resources=webapps/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=core,resources=configmaps;services,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete

// Reconcile runs the three sub-reconciles.
func (r *WebAppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.WebApp{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.reconcileConfigMap(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileDeployment(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileService(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: r.Resync}, nil
}

func (r *WebAppReconciler) reconcileConfigMap(ctx context.Context, app *api.WebApp) error {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: ChildName(app.Name)}, cm)
	if apierrors.IsNotFound(err) {
		cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: ChildName(app.Name)}}
		cm.Data = map[string]string{"message": app.Spec.Message}
		if err := ctrl.SetControllerReference(app, cm, r.Scheme); err != nil {
			return err
		}
		if err := r.Create(ctx, cm); err != nil {
			return r.updateCondition(ctx, app, r.condition(app, ConfigMapReady, metav1.ConditionFalse, "CreateFailed", err.Error()))
		}
		return r.updateCondition(ctx, app, r.condition(app, ConfigMapReady, metav1.ConditionTrue, "Created", "the ConfigMap was created"))
	} else if err != nil {
		return err
	}
	if cm.Data["message"] != app.Spec.Message {
		cm.Data = map[string]string{"message": app.Spec.Message}
		if err := r.Update(ctx, cm); err != nil {
			return r.updateCondition(ctx, app, r.condition(app, ConfigMapReady, metav1.ConditionFalse, "UpdateFailed", err.Error()))
		}
		return r.updateCondition(ctx, app, r.condition(app, ConfigMapReady, metav1.ConditionTrue, "Updated", "the ConfigMap was updated"))
	}
	return r.updateCondition(ctx, app, r.condition(app, ConfigMapReady, metav1.ConditionTrue, "UpToDate", "the ConfigMap is up to date"))
}

func (r *WebAppReconciler) reconcileDeployment(ctx context.Context, app *api.WebApp) error {
	dep := &appsv1.Deployment{}
	err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: ChildName(app.Name)}, dep)
	if apierrors.IsNotFound(err) {
		dep = r.deployment(app)
		if err := ctrl.SetControllerReference(app, dep, r.Scheme); err != nil {
			return err
		}
		if err := r.Create(ctx, dep); err != nil {
			return r.updateCondition(ctx, app, r.condition(app, DeploymentReady, metav1.ConditionFalse, "CreateFailed", err.Error()))
		}
		return r.updateCondition(ctx, app, r.condition(app, DeploymentReady, metav1.ConditionTrue, "Created", "the Deployment was created"))
	} else if err != nil {
		return err
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != app.Spec.Replicas ||
		len(dep.Spec.Template.Spec.Containers) != 1 || dep.Spec.Template.Spec.Containers[0].Image != app.Spec.Image {
		want := r.deployment(app)
		dep.Spec.Replicas = want.Spec.Replicas
		dep.Spec.Template.Spec.Containers = want.Spec.Template.Spec.Containers
		if err := r.Update(ctx, dep); err != nil {
			return r.updateCondition(ctx, app, r.condition(app, DeploymentReady, metav1.ConditionFalse, "UpdateFailed", err.Error()))
		}
		return r.updateCondition(ctx, app, r.condition(app, DeploymentReady, metav1.ConditionTrue, "Updated", "the Deployment was updated"))
	}
	// Already as wanted: the Deployment runs the WebApp's image.
	app.Status.Version = VersionOf(app.Spec.Image)
	return r.updateCondition(ctx, app, r.condition(app, DeploymentReady, metav1.ConditionTrue, "UpToDate", "the Deployment is up to date"))
}

// deployment is the Deployment the WebApp asks for.
func (r *WebAppReconciler) deployment(app *api.WebApp) *appsv1.Deployment {
	labels := map[string]string{"app.kubernetes.io/instance": app.Name}
	replicas := app.Spec.Replicas
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: ChildName(app.Name)},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{
					Name: "app", Image: app.Spec.Image,
					Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: corev1.ProtocolTCP}},
				}}},
			},
		},
	}
}

func (r *WebAppReconciler) reconcileService(ctx context.Context, app *api.WebApp) error {
	svc := &corev1.Service{}
	err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: ChildName(app.Name)}, svc)
	if apierrors.IsNotFound(err) {
		svc = &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: ChildName(app.Name)}}
		svc.Spec.ClusterIP = corev1.ClusterIPNone
		svc.Spec.Selector = map[string]string{"app.kubernetes.io/instance": app.Name}
		svc.Spec.Ports = servicePorts()
		if err := ctrl.SetControllerReference(app, svc, r.Scheme); err != nil {
			return err
		}
		if err := r.Create(ctx, svc); err != nil {
			return r.updateCondition(ctx, app, r.condition(app, ServiceReady, metav1.ConditionFalse, "CreateFailed", err.Error()))
		}
		return r.updateCondition(ctx, app, r.condition(app, ServiceReady, metav1.ConditionTrue, "Created", "the Service was created"))
	} else if err != nil {
		return err
	}
	if len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Port != Port || svc.Spec.Selector["app.kubernetes.io/instance"] != app.Name {
		svc.Spec.Selector = map[string]string{"app.kubernetes.io/instance": app.Name}
		svc.Spec.Ports = servicePorts()
		if err := r.Update(ctx, svc); err != nil {
			return r.updateCondition(ctx, app, r.condition(app, ServiceReady, metav1.ConditionFalse, "UpdateFailed", err.Error()))
		}
		return r.updateCondition(ctx, app, r.condition(app, ServiceReady, metav1.ConditionTrue, "Updated", "the Service was updated"))
	}
	return r.updateCondition(ctx, app, r.condition(app, ServiceReady, metav1.ConditionTrue, "UpToDate", "the Service is up to date"))
}

func servicePorts() []corev1.ServicePort {
	return []corev1.ServicePort{{Name: "http", Port: Port, TargetPort: intstr.FromString("http"), Protocol: corev1.ProtocolTCP}}
}

// condition is a condition of the WebApp at its generation.
func (r *WebAppReconciler) condition(app *api.WebApp, typ string, status metav1.ConditionStatus, reason, message string) metav1.Condition {
	return metav1.Condition{Type: typ, Status: status, Reason: reason, Message: message, ObservedGeneration: app.Generation}
}

// updateCondition records cond in the WebApp's status and writes the status.
func (r *WebAppReconciler) updateCondition(ctx context.Context, app *api.WebApp, cond metav1.Condition) error {
	meta.SetStatusCondition(&app.Status.Conditions, cond)
	return r.Status().Update(ctx, app)
}

// Setup registers the controller with mgr, with workers concurrent
// reconciles and each WebApp reconciled again resync after its last
// reconcile.
func Setup(mgr ctrl.Manager, workers int, resync time.Duration) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.WebApp{}).
		Owns(&corev1.ConfigMap{}).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.Service{}).
		Named(Name).
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(&WebAppReconciler{
			Client: client.WithFieldOwner(mgr.GetClient(), Name),
			Scheme: mgr.GetScheme(),
			Resync: resync,
		})
}
