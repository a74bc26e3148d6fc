// Package controller is the operator the ownedstatus benchmark measures,
// shaped like a kubebuilder operator that owns a Deployment: for each
// Widget (the example operator's custom resource) it keeps one apps/v1
// Deployment, owned through a controller reference, whose replicas follow
// the Widget's spec and whose Pod template carries a checksum of a shared
// configuration Secret; it records in the Widget's status the generation it
// acted on. It watches the Deployments it owns with Owns and no predicate,
// so that it sees them changed or deleted by someone else, and it never
// reads a Deployment's status: the shape statuslint's watches pass reports
// (issue 31). Every status update of a Deployment (its Pods becoming ready)
// runs this reconcile for nothing.
//
// The benchmark copies this package at run time into a module of its own,
// once as written and once after statuslint -fix, and runs each copy; the
// code here is never changed by the benchmark.
package controller

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/statuslint/statuslint/example/api/v1alpha1"
)

const (
	// Name is the controller's name and its field manager.
	Name = "widget-deployer"
	// ConfigSecret is the Secret, in the Widget's namespace, whose data the
	// Pod template's ChecksumAnnotation follows, so that a change of the
	// configuration rolls every Deployment out.
	ConfigSecret = "widget-deployer-config"
	// ChecksumAnnotation is the Pod template's annotation with the
	// checksum of ConfigSecret's data.
	ChecksumAnnotation = "ownedstatus.bench/config-checksum"
	// Image is the image of the Deployment's one container.
	Image = "widget-app:1"
)

// DeploymentName is the name of the Deployment kept for the Widget named
// widget.
func DeploymentName(widget string) string { return widget + "-app" }

// WidgetDeployer keeps one Deployment per Widget.
type WidgetDeployer struct {
	client.Client
	// APIReader reads ConfigSecret from the API server: like many
	// operators, this one does not cache Secrets, so as not to hold every
	// Secret of the cluster in memory.
	APIReader client.Reader
	Scheme    *runtime.Scheme
}

// +kubebuilder:rbac:groups=demo.example.com,resources=widgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=demo.example.com,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get

// Reconcile brings the Widget's Deployment to what the Widget asks for and
// reports that in the Widget's status.
func (r *WidgetDeployer) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var widget v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var config corev1.Secret
	if err := r.APIReader.Get(ctx, client.ObjectKey{Namespace: widget.Namespace, Name: ConfigSecret}, &config); err != nil {
		return ctrl.Result{}, err
	}
	checksum := dataChecksum(config.Data)

	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: widget.Namespace, Name: DeploymentName(widget.Name)}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		replicas := int32(1)
		if widget.Spec.Replicas != nil {
			replicas = *widget.Spec.Replicas
		}
		dep.Spec.Replicas = &replicas
		labels := map[string]string{"app.kubernetes.io/instance": widget.Name}
		if dep.Spec.Selector == nil { // immutable once created
			dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: labels}
		}
		dep.Spec.Template.Labels = labels
		if dep.Spec.Template.Annotations == nil {
			dep.Spec.Template.Annotations = map[string]string{}
		}
		dep.Spec.Template.Annotations[ChecksumAnnotation] = checksum
		if len(dep.Spec.Template.Spec.Containers) == 0 {
			dep.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app"}}
		}
		app := &dep.Spec.Template.Spec.Containers[0]
		app.Image = Image
		app.Env = []corev1.EnvVar{{Name: "WIDGET_MESSAGE", Value: widget.Spec.Message}}
		return ctrl.SetControllerReference(&widget, dep, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	base := widget.DeepCopy()
	changed := apimeta.SetStatusCondition(&widget.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "DeploymentReconciled",
		Message: "the Deployment matches the spec", ObservedGeneration: widget.Generation,
	})
	if changed || widget.Status.ObservedGeneration != widget.Generation {
		widget.Status.ObservedGeneration = widget.Generation
		if err := r.Status().Patch(ctx, &widget, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// dataChecksum is a checksum of a Secret's data, the same for the same
// data.
func dataChecksum(data map[string][]byte) string {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	h := sha256.New()
	for _, k := range keys {
		h.Write([]byte(k))
		h.Write([]byte{0})
		h.Write(data[k])
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Setup registers the controller with mgr, with workers concurrent
// reconciles.
func Setup(mgr ctrl.Manager, workers int) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1alpha1.Widget{}).
		Owns(&appsv1.Deployment{}).
		Named(Name).
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(&WidgetDeployer{
			Client:    client.WithFieldOwner(mgr.GetClient(), Name),
			APIReader: mgr.GetAPIReader(),
			Scheme:    mgr.GetScheme(),
		})
}
