package differential

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"

	"github.com/statuslint/statuslint/integration/internal/frontend"
	"github.com/statuslint/statuslint/internal/testmodule"
)

// How the scaffold's envtest suite makes its client.
const (
	// suiteClientNew is kubebuilder's suite_test.go: client.New on the
	// test API server's config, a client that reads from the API server.
	suiteClientNew = "client.New"
	// suiteManagerClient is a suite that starts a manager and takes its
	// cached client.
	suiteManagerClient = "manager"
)

// scaffold describes a module shaped like a kubebuilder v4 project with a
// Memcached API.
type scaffold struct {
	SuiteClient   string // suiteClientNew or suiteManagerClient
	ExternalTests bool   // the controller's tests are in package controller_test
	// OwnedConstructor adds a constructor that wraps the client with
	// client.WithFieldOwner, which cmd/main.go does not use: fieldmanager
	// reports main's plain client where it stores it, through a fact.
	OwnedConstructor bool
}

// scaffoldModule is the module path of the scaffold modules.
const scaffoldModule = "example.com/memcached-operator"

// scaffoldWriter returns a function writing a fresh copy of the module s
// describes, with the example's go.mod requirements (the real
// controller-runtime) and its go.sum, and GolangciConfig as its
// .golangci.yml.
func scaffoldWriter(s scaffold) func(t *testing.T) string {
	return func(t *testing.T) string {
		t.Helper()
		tmp, err := filepath.EvalSymlinks(t.TempDir()) // the tools print resolved paths
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(tmp, "memcached-operator")
		example := filepath.Join(testmodule.RepoRoot(t), "example")
		files := map[string]string{".golangci.yml": GolangciConfig}
		for _, name := range []string{"go.mod", "go.sum"} {
			data, err := os.ReadFile(filepath.Join(example, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = string(data)
		}
		for name, src := range scaffoldFiles {
			files[name] = src
		}
		for name, src := range scaffoldTestFiles {
			var b strings.Builder
			if err := template.Must(template.New(name).Parse(src)).Execute(&b, s); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			files[name] = b.String()
		}
		if s.OwnedConstructor {
			files["internal/controller/constructor.go"] = scaffoldOwnedConstructor
		}
		testmodule.WriteFiles(t, dir, files)
		// The example's requirements without statuslint, which the
		// example requires only as its tool.
		if r := frontend.Run(t, dir, frontend.GoEnv(), "go", "mod", "edit", "-module="+scaffoldModule,
			"-droptool=github.com/statuslint/statuslint/cmd/statuslint",
			"-droprequire=github.com/statuslint/statuslint",
			"-dropreplace=github.com/statuslint/statuslint"); r.ExitCode != 0 {
			t.Fatalf("go mod edit: exit %d\n%s", r.ExitCode, r.Stderr)
		}
		return dir
	}
}

// scaffoldOwnedConstructor is the constructor of scaffold.OwnedConstructor.
const scaffoldOwnedConstructor = `package controller

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// NewMemcachedReconciler returns a reconciler whose writes name the
// operator's field manager.
func NewMemcachedReconciler(c client.Client, scheme *runtime.Scheme) *MemcachedReconciler {
	return &MemcachedReconciler{Client: client.WithFieldOwner(c, "memcached-operator"), Scheme: scheme}
}
`

// scaffoldFiles are the scaffold module's non-test files, laid out as
// kubebuilder v4 lays them out.
var scaffoldFiles = map[string]string{
	"api/v1/groupversion_info.go": `// Package v1 contains API Schema definitions for the cache v1 API group.
// +kubebuilder:object:generate=true
// +groupName=cache.example.com
package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "cache.example.com", Version: "v1"}

	// SchemeBuilder is used to add go types to the GroupVersionKind scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
`,

	"api/v1/memcached_types.go": `package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MemcachedSpec defines the desired state of Memcached.
type MemcachedSpec struct {
	// Size defines the number of Memcached instances.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=3
	Size int32 ` + "`json:\"size,omitempty\"`" + `

	// ContainerPort defines the port the Memcached container listens on.
	// +optional
	ContainerPort int32 ` + "`json:\"containerPort,omitempty\"`" + `
}

// MemcachedStatus defines the observed state of Memcached.
type MemcachedStatus struct {
	// Conditions represent the latest available observations of the Memcached's state.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition ` + "`json:\"conditions,omitempty\"`" + `
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Memcached is the Schema for the memcacheds API.
type Memcached struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `

	Spec   MemcachedSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status MemcachedStatus ` + "`json:\"status,omitempty\"`" + `
}

// +kubebuilder:object:root=true

// MemcachedList contains a list of Memcached.
type MemcachedList struct {
	metav1.TypeMeta ` + "`json:\",inline\"`" + `
	metav1.ListMeta ` + "`json:\"metadata,omitempty\"`" + `
	Items           []Memcached ` + "`json:\"items\"`" + `
}

func init() {
	SchemeBuilder.Register(&Memcached{}, &MemcachedList{})
}
`,

	"api/v1/zz_generated.deepcopy.go": `//go:build !ignore_autogenerated

// Code generated by controller-gen. DO NOT EDIT.

package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	runtime "k8s.io/apimachinery/pkg/runtime"
)

// DeepCopyInto is an autogenerated deepcopy function, copying the receiver, writing into out. in must be non-nil.
func (in *Memcached) DeepCopyInto(out *Memcached) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec = in.Spec
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopy is an autogenerated deepcopy function, copying the receiver, creating a new Memcached.
func (in *Memcached) DeepCopy() *Memcached {
	if in == nil {
		return nil
	}
	out := new(Memcached)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject is an autogenerated deepcopy function, copying the receiver, creating a new runtime.Object.
func (in *Memcached) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto is an autogenerated deepcopy function, copying the receiver, writing into out. in must be non-nil.
func (in *MemcachedList) DeepCopyInto(out *MemcachedList) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		in, out := &in.Items, &out.Items
		*out = make([]Memcached, len(*in))
		for i := range *in {
			(*in)[i].DeepCopyInto(&(*out)[i])
		}
	}
}

// DeepCopy is an autogenerated deepcopy function, copying the receiver, creating a new MemcachedList.
func (in *MemcachedList) DeepCopy() *MemcachedList {
	if in == nil {
		return nil
	}
	out := new(MemcachedList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject is an autogenerated deepcopy function, copying the receiver, creating a new runtime.Object.
func (in *MemcachedList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto is an autogenerated deepcopy function, copying the receiver, writing into out. in must be non-nil.
func (in *MemcachedSpec) DeepCopyInto(out *MemcachedSpec) {
	*out = *in
}

// DeepCopy is an autogenerated deepcopy function, copying the receiver, creating a new MemcachedSpec.
func (in *MemcachedSpec) DeepCopy() *MemcachedSpec {
	if in == nil {
		return nil
	}
	out := new(MemcachedSpec)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto is an autogenerated deepcopy function, copying the receiver, writing into out. in must be non-nil.
func (in *MemcachedStatus) DeepCopyInto(out *MemcachedStatus) {
	*out = *in
	if in.Conditions != nil {
		in, out := &in.Conditions, &out.Conditions
		*out = make([]metav1.Condition, len(*in))
		for i := range *in {
			(*in)[i].DeepCopyInto(&(*out)[i])
		}
	}
}

// DeepCopy is an autogenerated deepcopy function, copying the receiver, creating a new MemcachedStatus.
func (in *MemcachedStatus) DeepCopy() *MemcachedStatus {
	if in == nil {
		return nil
	}
	out := new(MemcachedStatus)
	in.DeepCopyInto(out)
	return out
}
`,

	"internal/controller/memcached_controller.go": `package controller

import (
	"context"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	cachev1 "example.com/memcached-operator/api/v1"
)

// Definitions to manage status conditions.
const (
	// typeAvailableMemcached represents the status of the Deployment reconciliation.
	typeAvailableMemcached = "Available"
	// typeServiceReady represents the status of the Service reconciliation.
	typeServiceReady = "ServiceReady"
	// typeConfigReady represents the status of the ConfigMap reconciliation.
	typeConfigReady = "ConfigReady"
)

// MemcachedReconciler reconciles a Memcached object.
type MemcachedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=services;configmaps,verbs=get;list;watch;create;update;patch;delete

// Reconcile moves the cluster towards the state the Memcached asks for.
func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	memcached := &cachev1.Memcached{}
	err := r.Get(ctx, req.NamespacedName, memcached)
	if err != nil {
		if apierrors.IsNotFound(err) {
			log.Info("memcached resource not found. Ignoring since object must be deleted")
			return ctrl.Result{}, nil
		}
		log.Error(err, "Failed to get memcached")
		return ctrl.Result{}, err
	}

	// Let's just set the status as Unknown when no status is available.
	if len(memcached.Status.Conditions) == 0 {
		meta.SetStatusCondition(&memcached.Status.Conditions, metav1.Condition{Type: typeAvailableMemcached, Status: metav1.ConditionUnknown, Reason: "Reconciling", Message: "Starting reconciliation"})
		if err = r.Status().Update(ctx, memcached); err != nil {
			log.Error(err, "Failed to update Memcached status")
			return ctrl.Result{}, err
		}

		// Let's re-fetch the memcached Custom Resource after updating the status.
		if err := r.Get(ctx, req.NamespacedName, memcached); err != nil {
			log.Error(err, "Failed to re-fetch memcached")
			return ctrl.Result{}, err
		}
	}

	found := &appsv1.Deployment{}
	err = r.Get(ctx, types.NamespacedName{Name: memcached.Name, Namespace: memcached.Namespace}, found)
	if err != nil && apierrors.IsNotFound(err) {
		dep, err := r.deploymentForMemcached(memcached)
		if err != nil {
			log.Error(err, "Failed to define new Deployment resource for Memcached")

			meta.SetStatusCondition(&memcached.Status.Conditions, metav1.Condition{Type: typeAvailableMemcached,
				Status: metav1.ConditionFalse, Reason: "Reconciling",
				Message: fmt.Sprintf("Failed to create Deployment for the custom resource (%s): (%s)", memcached.Name, err)})
			if err := r.Status().Update(ctx, memcached); err != nil {
				log.Error(err, "Failed to update Memcached status")
				return ctrl.Result{}, err
			}
			return ctrl.Result{}, err
		}

		log.Info("Creating a new Deployment", "Deployment.Namespace", dep.Namespace, "Deployment.Name", dep.Name)
		if err = r.Create(ctx, dep); err != nil {
			log.Error(err, "Failed to create new Deployment", "Deployment.Namespace", dep.Namespace, "Deployment.Name", dep.Name)
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	} else if err != nil {
		log.Error(err, "Failed to get Deployment")
		return ctrl.Result{}, err
	}

	size := memcached.Spec.Size
	if found.Spec.Replicas == nil || *found.Spec.Replicas != size {
		found.Spec.Replicas = &size
		if err = r.Update(ctx, found); err != nil {
			log.Error(err, "Failed to update Deployment", "Deployment.Namespace", found.Namespace, "Deployment.Name", found.Name)

			// Re-fetch the memcached Custom Resource before updating the status.
			if err := r.Get(ctx, req.NamespacedName, memcached); err != nil {
				log.Error(err, "Failed to re-fetch memcached")
				return ctrl.Result{}, err
			}
			meta.SetStatusCondition(&memcached.Status.Conditions, metav1.Condition{Type: typeAvailableMemcached,
				Status: metav1.ConditionFalse, Reason: "Resizing",
				Message: fmt.Sprintf("Failed to update the size for the custom resource (%s): (%s)", memcached.Name, err)})
			if err := r.Status().Update(ctx, memcached); err != nil {
				log.Error(err, "Failed to update Memcached status")
				return ctrl.Result{}, err
			}
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}

	if err := r.reconcileService(ctx, memcached); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileConfig(ctx, memcached); err != nil {
		return ctrl.Result{}, err
	}

	meta.SetStatusCondition(&memcached.Status.Conditions, metav1.Condition{Type: typeAvailableMemcached,
		Status: metav1.ConditionTrue, Reason: "Reconciling",
		Message: fmt.Sprintf("Deployment for custom resource (%s) with %d replicas created successfully", memcached.Name, size)})
	if err := r.Status().Update(ctx, memcached); err != nil {
		log.Error(err, "Failed to update Memcached status")
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// reconcileService makes sure the Service in front of the Memcached's pods exists.
func (r *MemcachedReconciler) reconcileService(ctx context.Context, memcached *cachev1.Memcached) error {
	svc := &corev1.Service{}
	err := r.Get(ctx, types.NamespacedName{Name: memcached.Name, Namespace: memcached.Namespace}, svc)
	if apierrors.IsNotFound(err) {
		svc = &corev1.Service{
			ObjectMeta: metav1.ObjectMeta{Name: memcached.Name, Namespace: memcached.Namespace},
			Spec: corev1.ServiceSpec{
				Selector: labelsForMemcached(),
				Ports:    []corev1.ServicePort{{Name: "memcached", Port: memcached.Spec.ContainerPort}},
			},
		}
		if err := ctrl.SetControllerReference(memcached, svc, r.Scheme); err != nil {
			return err
		}
		err = r.Create(ctx, svc)
	}
	if err != nil {
		return err
	}
	return r.updateCondition(ctx, memcached, metav1.Condition{Type: typeServiceReady,
		Status: metav1.ConditionTrue, Reason: "Reconciling", Message: "the Service exists"})
}

// reconcileConfig makes sure the Memcached's ConfigMap exists.
func (r *MemcachedReconciler) reconcileConfig(ctx context.Context, memcached *cachev1.Memcached) error {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, types.NamespacedName{Name: memcached.Name + "-config", Namespace: memcached.Namespace}, cm)
	if apierrors.IsNotFound(err) {
		cm = &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Name: memcached.Name + "-config", Namespace: memcached.Namespace},
			Data:       map[string]string{"memcached.conf": fmt.Sprintf("-p %d", memcached.Spec.ContainerPort)},
		}
		if err := ctrl.SetControllerReference(memcached, cm, r.Scheme); err != nil {
			return err
		}
		err = r.Create(ctx, cm)
	}
	if err != nil {
		return err
	}
	return r.updateCondition(ctx, memcached, metav1.Condition{Type: typeConfigReady,
		Status: metav1.ConditionTrue, Reason: "Reconciling", Message: "the ConfigMap exists"})
}

// updateCondition records cond in the Memcached's status.
func (r *MemcachedReconciler) updateCondition(ctx context.Context, memcached *cachev1.Memcached, cond metav1.Condition) error {
	meta.SetStatusCondition(&memcached.Status.Conditions, cond)
	return r.Status().Update(ctx, memcached)
}

// deploymentForMemcached returns a Memcached Deployment object.
func (r *MemcachedReconciler) deploymentForMemcached(memcached *cachev1.Memcached) (*appsv1.Deployment, error) {
	ls := labelsForMemcached()
	replicas := memcached.Spec.Size
	dep := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: memcached.Name, Namespace: memcached.Namespace},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: ls},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: ls},
				Spec: corev1.PodSpec{
					Containers: []corev1.Container{{
						Image:   "memcached:1.6.26-alpine3.19",
						Name:    "memcached",
						Command: []string{"memcached", "--memory-limit=64", "-o", "modern", "-v"},
						Ports:   []corev1.ContainerPort{{ContainerPort: memcached.Spec.ContainerPort, Name: "memcached"}},
					}},
				},
			},
		},
	}
	if err := ctrl.SetControllerReference(memcached, dep, r.Scheme); err != nil {
		return nil, err
	}
	return dep, nil
}

// labelsForMemcached returns the labels for selecting the resources.
func labelsForMemcached() map[string]string {
	return map[string]string{
		"app.kubernetes.io/name":       "memcached-operator",
		"app.kubernetes.io/managed-by": "MemcachedController",
	}
}

// SetupWithManager sets up the controller with the Manager.
func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		Named("memcached").
		Complete(r)
}
`,

	"cmd/main.go": `// Command main runs the memcached operator.
package main

import (
	"flag"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	cachev1 "example.com/memcached-operator/api/v1"
	"example.com/memcached-operator/internal/controller"
)

var (
	scheme   = runtime.NewScheme()
	setupLog = ctrl.Log.WithName("setup")
)

func init() {
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(cachev1.AddToScheme(scheme))
}

func main() {
	var metricsAddr, probeAddr string
	var enableLeaderElection bool
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "The address the metrics endpoint binds to. Use 0 to disable it.")
	flag.StringVar(&probeAddr, "health-probe-bind-address", ":8081", "The address the probe endpoint binds to.")
	flag.BoolVar(&enableLeaderElection, "leader-elect", false, "Enable leader election for controller manager.")
	opts := zap.Options{Development: true}
	opts.BindFlags(flag.CommandLine)
	flag.Parse()

	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&opts)))

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress: probeAddr,
		LeaderElection:         enableLeaderElection,
		LeaderElectionID:       "memcached-operator.cache.example.com",
	})
	if err != nil {
		setupLog.Error(err, "unable to start manager")
		os.Exit(1)
	}

	if err := (&controller.MemcachedReconciler{
		Client: mgr.GetClient(),
		Scheme: mgr.GetScheme(),
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "Memcached")
		os.Exit(1)
	}

	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up health check")
		os.Exit(1)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up ready check")
		os.Exit(1)
	}

	setupLog.Info("starting manager")
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		setupLog.Error(err, "problem running manager")
		os.Exit(1)
	}
}
`,
}

// scaffoldTestFiles are the scaffold module's test files, text/template
// sources over a scaffold.
var scaffoldTestFiles = map[string]string{
	"internal/controller/suite_test.go": `package {{if .ExternalTests}}controller_test{{else}}controller{{end}}

import (
	"os"
	"testing"

	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
{{- if eq .SuiteClient "manager"}}
	ctrl "sigs.k8s.io/controller-runtime"
{{- end}}
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "example.com/memcached-operator/api/v1"
)

// kubebuilder's suite starts envtest and takes cfg from it; these tests
// are only compiled, so a config of its shape stands in.
var (
	cfg       *rest.Config
	k8sClient client.Client
)

func TestMain(m *testing.M) {
	cfg = &rest.Config{Host: "https://127.0.0.1:6443"}
	if err := cachev1.AddToScheme(scheme.Scheme); err != nil {
		panic(err)
	}
{{- if eq .SuiteClient "manager"}}
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{Scheme: scheme.Scheme})
	if err != nil {
		panic(err)
	}
	k8sClient = mgr.GetClient()
{{- else}}
	var err error
	k8sClient, err = client.New(cfg, client.Options{Scheme: scheme.Scheme})
	if err != nil {
		panic(err)
	}
{{- end}}
	os.Exit(m.Run())
}
`,

	"internal/controller/memcached_controller_test.go": `package {{if .ExternalTests}}controller_test{{else}}controller{{end}}

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
{{- if .ExternalTests}}

	"example.com/memcached-operator/internal/controller"
{{- end}}
)

func TestReconcile(t *testing.T) {
	r := &{{if .ExternalTests}}controller.{{end}}MemcachedReconciler{Client: k8sClient, Scheme: k8sClient.Scheme()}
	_, err := r.Reconcile(context.Background(), reconcile.Request{
		NamespacedName: types.NamespacedName{Name: "test-resource", Namespace: "default"},
	})
	if err != nil {
		t.Fatal(err)
	}
}
`,
}
