// Package ownedstatus measures what a watch of owned Deployments without a
// predicate costs an operator whose reconcile never reads their status,
// before and after statuslint -fix adds the predicate (issue 31, the
// watches pass): reconciles and API requests per minute in the steady
// state, and whether the operator still sets back a Deployment scaled by
// someone else.
//
// The operator is the package controller/. Prepare copies it into a module
// of its own at run time, applies the variant's fix, checks what statuslint
// reports on the copy and builds, with main.go.txt, a driver binary that
// calls Main; the binary starts a kube-apiserver and etcd through envtest,
// runs the copy with a stand-in for the deployment controller (see
// deploymentController) and prints a Result as JSON. The control plane,
// the request and reconcile counts and the running of a variant are the
// conflict harness's (packages driver and harness). Each variant runs in
// its own process, on its own control plane.
package ownedstatus

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-logr/logr"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// Namespace is where the run's objects live.
const Namespace = "ownedstatus"

// driftTimeout is the longest wait for the operator to set back the
// Deployments scaled by hand.
const driftTimeout = time.Minute

// Operator is the controller a driver binary runs, and what the run needs
// to know of it.
type Operator struct {
	Name           string // the controller's name in controller_runtime_reconcile_total
	ConfigSecret   string // the Secret its reconcile reads
	DeploymentName func(widget string) string
	AddToScheme    func(*runtime.Scheme) error // the Widget's API
	Setup          func(mgr ctrl.Manager, workers int) error
}

// Config is one run's load; the flags of Main set it.
type Config struct {
	Variant  string
	Assets   string        // directory with kube-apiserver and etcd
	CRDs     string        // directory with the Widget's CRD
	Widgets  int           // Widgets created, one Deployment each
	Replicas int           // each Widget's spec.replicas
	Workers  int           // the operator's MaxConcurrentReconciles
	PodReady time.Duration // mean time between two Pods of a rollout becoming ready, and a lost readiness coming back
	Flap     time.Duration // mean time, per Deployment, between two losses of a Pod's readiness once all are ready (0: none)
	Settle   time.Duration // pause between everything settled and the steady window
	Steady   time.Duration // the steady-state window
	Drift    int           // Deployments scaled by hand after the window
	Timeout  time.Duration // the longest wait for the setup to settle
}

// Result is what one run measured.
type Result struct {
	Variant string
	Config  Config

	SetupSeconds float64 // from the first create until every Deployment was rolled out and every Widget's status at its generation

	// In the steady window.
	SteadySeconds      float64
	SteadyReconciles   int64 // the operator's
	SteadyStatusWrites int64 // the stand-in deployment controller's
	// Requests by "VERB resource" ("VERB resource/subresource"): the
	// operator's, as its transport saw them, and the API server's for
	// Deployments, Widgets and Secrets (apiserver_request_total, the
	// stand-in deployment controller's status writes included).
	SteadyOperatorRequests, SteadyAPIServerRequests map[string]int64

	// The whole run.
	Reconciles, ReconcileErrors     int64
	StatusWrites, StatusWriteErrors int64
	// The operator's requests answered with an error, by "VERB
	// resource[/subresource] code[ reason]".
	OperatorErrors map[string]int64

	// After the window: Deployments scaled by hand, how many the operator
	// set back to the Widget's replicas, and how long that took (-1: not
	// all within driftTimeout).
	DriftScaled, DriftSetBack int
	DriftSeconds              float64

	Seconds float64 // the whole run, control plane included
}

// PerMinute is n over the steady window, per minute.
func (r *Result) PerMinute(n int64) float64 {
	if r.SteadySeconds <= 0 {
		return 0
	}
	return float64(n) / r.SteadySeconds * 60
}

// Total sums requests (SteadyOperatorRequests or SteadyAPIServerRequests)
// whose verb is one of verbs, or all of them when there is none.
func Total(requests map[string]int64, verbs ...string) int64 {
	var n int64
	for k, v := range requests {
		verb, _, _ := strings.Cut(k, " ")
		if len(verbs) == 0 || contains(verbs, verb) {
			n += v
		}
	}
	return n
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Flags registers the flags of a Config.
func (c *Config) Flags(fs *flag.FlagSet) {
	fs.StringVar(&c.Variant, "variant", "", "name of the variant, copied into the result")
	fs.StringVar(&c.Assets, "assets", os.Getenv("KUBEBUILDER_ASSETS"), "directory holding kube-apiserver and etcd")
	fs.StringVar(&c.CRDs, "crds", "", "directory holding the Widget's CRD")
	fs.IntVar(&c.Widgets, "widgets", 40, "Widgets to create, one Deployment each")
	fs.IntVar(&c.Replicas, "replicas", 3, "each Widget's spec.replicas")
	fs.IntVar(&c.Workers, "workers", 10, "the operator's MaxConcurrentReconciles")
	fs.DurationVar(&c.PodReady, "pod-ready", time.Second, "mean time for a Pod to become ready")
	fs.DurationVar(&c.Flap, "flap", 20*time.Second, "mean time per Deployment between two losses of a Pod's readiness (0: none)")
	fs.DurationVar(&c.Settle, "settle", 5*time.Second, "pause between everything settled and the steady window")
	fs.DurationVar(&c.Steady, "steady", 30*time.Second, "length of the steady window")
	fs.IntVar(&c.Drift, "drift", 5, "Deployments scaled by hand after the window")
	fs.DurationVar(&c.Timeout, "timeout", 3*time.Minute, "the longest wait for the setup to settle")
}

// Args are the driver flags for c (Variant, Assets and CRDs aside).
func (c Config) Args() []string {
	return []string{
		"-widgets", fmt.Sprint(c.Widgets), "-replicas", fmt.Sprint(c.Replicas), "-workers", fmt.Sprint(c.Workers),
		"-pod-ready", c.PodReady.String(), "-flap", c.Flap.String(),
		"-settle", c.Settle.String(), "-steady", c.Steady.String(),
		"-drift", fmt.Sprint(c.Drift), "-timeout", c.Timeout.String(),
	}
}

// Quick is the size the test runs.
var Quick = Config{Widgets: 40, Replicas: 3, Workers: 10, PodReady: time.Second, Flap: 20 * time.Second,
	Settle: 5 * time.Second, Steady: 30 * time.Second, Drift: 5, Timeout: 3 * time.Minute}

// Large is the size of RESULTS.md.
var Large = Config{Widgets: 400, Replicas: 3, Workers: 20, PodReady: 2 * time.Second, Flap: time.Minute,
	Settle: 10 * time.Second, Steady: time.Minute, Drift: 20, Timeout: 5 * time.Minute}

// Main parses the flags, runs op, prints the Result as JSON on stdout and
// exits non-zero on failure.
func Main(op Operator) {
	var cfg Config
	cfg.Flags(flag.CommandLine)
	flag.Parse()
	driver.PrintResult("ownedstatus driver", func(ctx context.Context) (*Result, error) { return Run(ctx, cfg, op) })
}

// measured are the resources whose requests the API server's counts are
// kept for.
var measured = []schema.GroupResource{
	{Group: "apps", Resource: "deployments"},
	{Group: "demo.example.com", Resource: "widgets"},
	{Resource: "secrets"},
}

// Run starts the control plane, the operator and the stand-in deployment
// controller, creates the Widgets, waits for everything to settle,
// measures the steady window and then scales Deployments by hand.
func Run(ctx context.Context, cfg Config, op Operator) (*Result, error) {
	ctrl.SetLogger(logr.Discard())
	start := time.Now()
	cp, err := driver.StartControlPlane(ctx, cfg.Assets, []string{cfg.CRDs}, Namespace, op.AddToScheme)
	if err != nil {
		return nil, err
	}
	defer func() { _ = cp.Stop() }()
	admin := cp.Admin
	if err := admin.Create(ctx, &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: op.ConfigSecret},
		Data:       map[string][]byte{"config.yaml": []byte("logLevel: info\n")},
	}); err != nil {
		return nil, err
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	sim, err := startDeploymentController(runCtx, cp, cfg)
	if err != nil {
		return nil, err
	}
	counter, mgrDone, err := cp.StartOperator(runCtx, op.Name, Namespace, func(mgr ctrl.Manager) error { return op.Setup(mgr, cfg.Workers) })
	if err != nil {
		return nil, err
	}

	// Setup: the Widgets, then until every Deployment has rolled out and
	// every Widget's status is at its generation.
	res := &Result{Variant: cfg.Variant, Config: cfg, DriftSeconds: -1}
	t0 := time.Now()
	names := make([]string, cfg.Widgets)
	for i := range names {
		names[i] = fmt.Sprintf("w-%05d", i)
		w := widget(names[i])
		w.Object["spec"] = map[string]any{"replicas": int64(cfg.Replicas), "message": "hello"}
		if err := admin.Create(runCtx, w); err != nil {
			return nil, fmt.Errorf("creating Widget %s: %w", names[i], err)
		}
	}
	if err := driver.WaitFor(runCtx, cfg.Timeout, func() (bool, error) {
		if sim.rolledOut.Load() < int64(len(names)) {
			return false, nil
		}
		n, err := settledWidgets(runCtx, admin)
		return n == len(names), err
	}); err != nil {
		return nil, fmt.Errorf("setup: %d of %d Deployments rolled out: %w", sim.rolledOut.Load(), len(names), err)
	}
	res.SetupSeconds = time.Since(t0).Seconds()
	driver.Sleep(runCtx, cfg.Settle)

	// The steady window.
	writes0 := sim.writes.Load()
	win, err := cp.Window(runCtx, counter, measured, cfg.Steady)
	if err != nil {
		return nil, err
	}
	res.SteadyStatusWrites = sim.writes.Load() - writes0
	res.SteadySeconds = win.Seconds()
	res.SteadyReconciles = win.Reconciles(op.Name)
	res.SteadyOperatorRequests = win.ClientRequests()
	res.SteadyAPIServerRequests = win.APIServerRequests()

	// Drift: Deployments scaled by hand, as someone with kubectl scale
	// does; the operator must set them back.
	scaled := spread(names, cfg.Drift)
	res.DriftScaled = len(scaled)
	drifted := int32(cfg.Replicas + 2)
	t1 := time.Now()
	for _, name := range scaled {
		dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: op.DeploymentName(name)}}
		patch := fmt.Sprintf(`{"spec":{"replicas":%d}}`, drifted)
		if err := admin.Patch(runCtx, dep, client.RawPatch(types.MergePatchType, []byte(patch))); err != nil {
			return nil, fmt.Errorf("scaling %s: %w", dep.Name, err)
		}
	}
	err = driver.WaitFor(runCtx, driftTimeout, func() (bool, error) {
		n, err := setBack(runCtx, admin, scaled, op, int32(cfg.Replicas))
		res.DriftSetBack = n
		return n == len(scaled), err
	})
	if err == nil {
		res.DriftSeconds = time.Since(t1).Seconds()
	} else if runCtx.Err() != nil {
		return nil, err
	}

	rec, err := driver.ReconcileCounts()
	if err != nil {
		return nil, err
	}
	res.Reconciles, res.ReconcileErrors = rec.ByController[op.Name], rec.ErrorsByController[op.Name]
	res.StatusWrites, res.StatusWriteErrors = sim.writes.Load(), sim.writeErrors.Load()
	res.OperatorErrors = driver.Failed(counter.Snapshot())
	cancel()
	if err := <-mgrDone; err != nil {
		return nil, fmt.Errorf("the operator's manager: %w", err)
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

func widget(name string) *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("demo.example.com/v1alpha1")
	u.SetKind("Widget")
	u.SetNamespace(Namespace)
	u.SetName(name)
	return u
}

// settledWidgets counts the Widgets whose status.observedGeneration is their
// generation, read from the API server.
func settledWidgets(ctx context.Context, c client.Client) (int, error) {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion("demo.example.com/v1alpha1")
	list.SetKind("WidgetList")
	if err := c.List(ctx, list, client.InNamespace(Namespace)); err != nil {
		return 0, err
	}
	n := 0
	for _, w := range list.Items {
		observed, _, _ := unstructured.NestedInt64(w.Object, "status", "observedGeneration")
		if observed == w.GetGeneration() {
			n++
		}
	}
	return n, nil
}

// setBack counts the Deployments of the Widgets named whose spec.replicas
// is replicas again, read from the API server.
func setBack(ctx context.Context, c client.Client, widgets []string, op Operator, replicas int32) (int, error) {
	var list appsv1.DeploymentList
	if err := c.List(ctx, &list, client.InNamespace(Namespace)); err != nil {
		return 0, err
	}
	want := map[string]bool{}
	for _, w := range widgets {
		want[op.DeploymentName(w)] = true
	}
	n := 0
	for _, d := range list.Items {
		if want[d.Name] && d.Spec.Replicas != nil && *d.Spec.Replicas == replicas {
			n++
		}
	}
	return n, nil
}

// spread picks n of names, evenly spaced.
func spread(names []string, n int) []string {
	n = min(n, len(names))
	out := make([]string, n)
	for i := range out {
		out[i] = names[i*len(names)/n]
	}
	return out
}
