// Package basic holds the Updates objectupdate reports, each with its fix.
package basic

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"objectupdate/api"
)

type PodReconciler struct {
	client.Client
	Scheme   *runtime.Scheme
	Recorder record.EventRecorder
}

// Reconcile labels the Pod through the map: the measured case's first half.
func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pod.Labels["example.com/seen"] == "true" {
		return ctrl.Result{}, nil
	}
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels["example.com/seen"] = "true"
	log.FromContext(ctx).Info("labelling", "pod", pod.Name, "node", pod.Spec.NodeName)
	r.Recorder.Event(&pod, "Normal", "Labelled", "seen")
	if err := r.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type OwnedPodReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile sets the labels and the controller reference of a Pod, then
// updates it: the measured case (the kubelet writes the Pod's status).
func (r *OwnedPodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := &corev1.Pod{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: owner.Name + "-pod"}, pod); err != nil {
		return ctrl.Result{}, err
	}
	labels := pod.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["example.com/owner"] = owner.Name
	pod.SetLabels(labels)
	if err := ctrl.SetControllerReference(owner, pod, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, pod, client.FieldOwner("widgets")) // want `labels and owner references changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}

type ServiceReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile annotates a Service through a helper of the package, and
// adopts it with controllerutil; the copy taken after the load is reused.
func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	err := r.Get(ctx, req.NamespacedName, svc)
	if err != nil {
		return ctrl.Result{}, err
	}
	base := svc.DeepCopy()
	_ = base
	annotate(svc, "example.com/owner", owner.Name)
	if err := controllerutil.SetOwnerReference(owner, svc, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, svc); err != nil { // want `annotations and owner references changed and sent with Update; another writer of this Service makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// annotate only writes the annotations: a helper the pass follows.
func annotate(obj *corev1.Service, k, v string) {
	if obj.Annotations == nil {
		obj.Annotations = map[string]string{}
	}
	obj.Annotations[k] = v
}

type ConfigMapReconciler struct {
	client.Client
}

// Reconcile labels a ConfigMap with metav1's helper from a helper method
// reached from the root: the message names the path.
func (r *ConfigMapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.mark(ctx, req)
}

func (r *ConfigMapReconciler) mark(ctx context.Context, req ctrl.Request) error {
	cm := corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return err
	}
	metav1.SetMetaDataLabel(&cm.ObjectMeta, "example.com/marked", "true")
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, "example.com/at", "now")
	return r.Client.Update(ctx, &cm) // want `labels and annotations changed and sent with Update; another writer of this ConfigMap makes it fail with 409 Conflict: patch the metadata instead`
}

type WidgetReconciler struct {
	client.Client
}

// Reconcile labels the custom resource: a merge patch merges the labels
// map key by key, whatever the kind.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, err
	}
	base := w.DeepCopy()
	if w.IsReady() {
		return ctrl.Result{}, nil
	}
	delete(w.Labels, "example.com/stale")
	w.SetAnnotations(map[string]string{"example.com/checked": "yes"})
	_ = base
	err := r.Update(ctx, w) // want `labels and annotations changed and sent with Update; another writer of this Widget makes it fail with 409 Conflict: patch the metadata instead`
	return ctrl.Result{}, err
}

type LoopReconciler struct {
	client.Client
}

// Reconcile labels the Pods of a list, each loaded again before its Update.
func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return ctrl.Result{}, err
	}
	for _, item := range pods.Items {
		var pod corev1.Pod
		if err := r.Get(ctx, client.ObjectKeyFromObject(&item), &pod); err != nil {
			continue
		}
		pod.Labels["example.com/listed"] = "true"
		if err := r.Update(ctx, &pod); err != nil { // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

type TemplateReconciler struct {
	client.Client
	Template map[string]string
}

// Reconcile merges a template's labels into a Pod through helpers of the
// package: one handed the Pod, one handed its labels map, one only reading;
// and its annotations with maps.Copy.
func (r *TemplateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, err
	}
	if hasAll(pod.Labels, r.Template) {
		return ctrl.Result{}, nil
	}
	ensureLabels(pod)
	mergeInto(pod.Labels, r.Template)
	maps.Copy(pod.Annotations, r.Template)
	return ctrl.Result{}, r.Update(ctx, pod) // want `labels and annotations changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}

func ensureLabels(pod *corev1.Pod) {
	if pod.GetLabels() == nil {
		pod.SetLabels(map[string]string{})
	}
}

func mergeInto(dst, src map[string]string) {
	for k, v := range src {
		dst[k] = v
	}
}

func hasAll(have, want map[string]string) bool {
	for k, v := range want {
		if have[k] != v {
			return false
		}
	}
	return true
}

type FinalizerFirstReconciler struct {
	client.Client
}

// Reconcile adds a finalizer with an Update and returns, on one branch; the
// label Update after it never follows the finalizer change.
func (r *FinalizerFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, err
	}
	if !controllerutil.ContainsFinalizer(pod, "example.com/cleanup") {
		controllerutil.AddFinalizer(pod, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, pod)
	}
	pod.Labels["example.com/guarded"] = "true"
	return ctrl.Result{}, r.Update(ctx, pod) // want `labels changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead`
}

type DeploymentReconciler struct {
	client.Client
}

// Reconcile marks a Deployment, a workload kind whose status the
// Deployment controller writes, with a label and an owner-set annotation.
func (r *DeploymentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var deploy appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &deploy); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if deploy.Status.ReadyReplicas == 0 {
		return ctrl.Result{}, nil
	}
	deploy.ObjectMeta.Labels["example.com/ready"] = "true"
	if err := r.Update(ctx, &deploy); err != nil { // want `labels changed and sent with Update; another writer of this Deployment makes it fail with 409 Conflict: patch the metadata instead`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type HelperReconciler struct {
	client.Client
}

// Reconcile labels a Pod and hands it to a helper that annotates and
// updates it: the changes of both count, and the fix would have to copy
// the Pod in the caller.
func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, err
	}
	pod.Labels["example.com/helped"] = "true"
	return ctrl.Result{}, r.annotateAndUpdate(ctx, pod)
}

func (r *HelperReconciler) annotateAndUpdate(ctx context.Context, pod *corev1.Pod) error {
	metav1.SetMetaDataAnnotation(&pod.ObjectMeta, "example.com/by", "helper")
	return r.Update(ctx, pod) // want `labels and annotations changed and sent with Update; another writer of this Pod makes it fail with 409 Conflict: patch the metadata instead \(no suggested fix: pod is a parameter, changed by \(\*HelperReconciler\)\.Reconcile after its load; snapshot it there and patch with client\.MergeFrom\)`
}
