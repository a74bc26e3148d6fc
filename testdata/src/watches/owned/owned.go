// want package:"reads status of k8s.io/api/apps/v1.Deployment, watches/api.Widget"

// Package owned sets up controllers that own children: those whose
// reconcile never reads a child's status are woken by every status update
// of one for nothing.
package owned

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"watches/api"
	"watches/ready"
	"watches/util"
	"watches/wrap"
)

// DeploymentReconciler creates a Deployment and never looks at its status;
// it hands it to ctrl.SetControllerReference, a function value of
// controller-runtime, which does not read it either.
type DeploymentReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *DeploymentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	dep.Name = w.Name
	dep.Namespace = w.Namespace
	if err := r.Get(ctx, client.ObjectKeyFromObject(dep), dep); err != nil {
		if err := ctrl.SetControllerReference(&w, dep, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Create(ctx, dep)
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != int32(w.Spec.Size) {
		n := int32(w.Spec.Size)
		dep.Spec.Replicas = &n
		return ctrl.Result{}, r.Update(ctx, dep)
	}
	return ctrl.Result{}, nil
}

func (r *DeploymentReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}). // want `every status update of an owned Deployment wakes this controller's reconcile, which never reads a Deployment's status: filter the watch with a predicate that drops status-only updates$`
		Owns(&corev1.ConfigMap{}).
		Owns(&api.Engine{}). // want `every status update of an owned Engine wakes this controller's reconcile, which never reads an Engine's status`
		Complete(r)
}

// GadgetReconciler owns a custom resource, whose status it sets but never
// reads, through a builder kept in a variable, and watches Deployments
// through their owner.
type GadgetReconciler struct{ client.Client }

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := &api.Gadget{}
	g.Name = w.Name
	g.Spec.Replicas = w.Spec.Size
	g.Status.Phase = "Pending" // written, not read: no event of it is needed
	meta.SetStatusCondition(&g.Status.Conditions, metav1.Condition{Type: "Pending", Status: metav1.ConditionTrue})
	g = g.DeepCopy() // a generated copy reads nothing
	if w.Ready() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Create(ctx, g)
}

func (r *GadgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&api.Widget{})
	b = b.Owns(&api.Gadget{})                                                                                                                           // want `every status update of an owned Gadget wakes`
	b.Watches(&appsv1.Deployment{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &api.Widget{}, handler.OnlyControllerOwner())) // want `every status update of an owned Deployment wakes`
	return b.Complete(r)
}

// MirrorReconciler mirrors the Deployment's ready replicas into its own
// status: it needs every status update of the Deployment.
type MirrorReconciler struct{ client.Client }

func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of k8s.io/api/apps/v1.Deployment"
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.mirror(ctx, &w)
}

func (r *MirrorReconciler) mirror(ctx context.Context, w *api.Widget) error {
	var dep appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), &dep); err != nil {
		return err
	}
	w.Status.Ready = dep.Status.ReadyReplicas > 0
	return r.Status().Update(ctx, w)
}

func (r *MirrorReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

// HelperReconciler asks another package whether the Deployment is
// available: that package's fact says it reads the status.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of k8s.io/api/apps/v1.Deployment"
	if !ready.Available(ctx, r.Client, req.NamespacedName) {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

// HandsReconciler hands the Deployment to a package that has no fact:
// what it does with the status cannot be told.
type HandsReconciler struct{ client.Client }

func (r *HandsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of k8s.io/api/apps/v1.Deployment"
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !util.Available(&dep) {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

func (r *HandsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

// FilteredReconciler filters its watches already.
type FilteredReconciler struct{ client.Client }

func (r *FilteredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *FilteredReconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.StatefulSet{}, builder.OnlyMetadata). // want `every status update of an owned StatefulSet wakes`
		Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		Named("filtered").
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// HandedReconciler hands its builder to a function that may add a filter.
type HandedReconciler struct{ client.Client }

func (r *HandedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *HandedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Owns(&appsv1.Deployment{})
	b = withFilter(b)
	return b.Complete(r)
}

func withFilter(b *builder.Builder) *builder.Builder {
	return b.WithEventFilter(predicate.GenerationChangedPredicate{})
}

// MadeReconciler continues a builder another function made, which may
// have filtered it.
type MadeReconciler struct{ client.Client }

func (r *MadeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *MadeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := newFiltered(mgr)
	b = b.Owns(&appsv1.Deployment{})
	return b.Complete(r)
}

func newFiltered(mgr ctrl.Manager) *builder.Builder {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).WithEventFilter(predicate.GenerationChangedPredicate{})
}

// WrappedMirror mirrors the Deployment's status, wrapped by another
// package's reconciler: what the wrapped one reads counts.
type WrappedMirror struct{ MirrorReconciler }

func (r *WrappedMirror) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		Complete(wrap.Quiet(&r.MirrorReconciler))
}

// TypedDeployments builds its controller with the typed builder.
type TypedDeployments struct{ DeploymentReconciler }

func (r *TypedDeployments) SetupWithManager(mgr ctrl.Manager) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(&api.Widget{}).
		WatchesMetadata(&appsv1.StatefulSet{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &api.Widget{})). // want `every status update of an owned StatefulSet wakes`
		Owns(&appsv1.Deployment{}).                                                                                                  // want `every status update of an owned Deployment wakes`
		Complete(r)
}

// Readiness is set by another package (main, say): what its
// implementation does with a Deployment cannot be told.
type Readiness interface {
	Ready(d *appsv1.Deployment) bool
}

// CheckedReconciler hands the Deployment to such an interface.
type CheckedReconciler struct {
	client.Client
	Check Readiness
}

func (r *CheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of k8s.io/api/apps/v1.Deployment"
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !r.Check.Ready(&dep) {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

func (r *CheckedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}
