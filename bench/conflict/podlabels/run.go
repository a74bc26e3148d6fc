// Package podlabels measures the 409 conflicts of a controller that labels
// Pods with a whole-object Update while a kubelet-like writer updates the
// same Pods' status, before and after statuslint -fix (issue 18, the
// objectupdate pass).
//
// The controller is the package controller/. Prepare copies it into a
// module of its own at run time, applies the variant's fix, checks what
// statuslint reports on the copy and builds, with main.go.txt, a driver
// binary that calls Main; the binary starts a kube-apiserver and etcd
// through envtest, runs the copy under load and prints a Result as JSON.
// The control plane, the request and reconcile counts and the running of a
// variant are the conflict harness's (packages driver and harness).
// Each variant runs in its own process, on its own control plane.
package podlabels

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// Namespace is where the run's Pods live.
const Namespace = "podlabels"

// Operator is the controller a driver binary runs: its Setup and the
// annotation and label it works with.
type Operator struct {
	Annotation, Label string
	Setup             func(mgr ctrl.Manager, workers int) error
}

// Config is one run's load; the flags of Main set it.
type Config struct {
	Variant      string
	Assets       string        // directory with kube-apiserver and etcd
	Pods         int           // Pods created
	Workers      int           // the labeller's MaxConcurrentReconciles
	StatusRate   float64       // kubelet-like status writes per second, over all Pods
	AnnotateRate float64       // annotation changes per second, over all Pods
	Load         time.Duration // how long the annotation changes go on
	Converge     time.Duration // the longest wait, after the load, for every label to be set
	// React is the longest delay of the kubelet-like writer's status write
	// after each annotation change, as a kubelet syncs a Pod it sees
	// updated and reports its status; 0 leaves only the steady writes.
	React time.Duration
}

// Result is what one run measured. Counts cover the whole run.
type Result struct {
	Variant string
	Config  Config

	// From the API server's apiserver_request_total, resource pods, no
	// subresource: the labeller's and the load's writes (the load's
	// annotation patches carry no resourceVersion and cannot conflict).
	APIServerPodWrites map[string]int64 // by verb
	APIServer409       map[string]int64 // by verb
	// The labeller's own requests on Pods (no subresource), as its
	// transport saw them, by verb and code.
	ClientPodWrites map[string]int64 // by verb
	Client409       map[string]int64 // by verb
	// The interfering writers.
	StatusWrites, StatusWriteErrors    int64
	AnnotationWrites, AnnotationErrors int64
	// controller_runtime_reconcile_total of the labeller.
	Reconciles, ReconcileErrors int64
	// At the end: Pods whose label equals their annotation's last value.
	Labelled, PodsTotal int
	// Seconds from the end of the load until every label was set, or -1.
	ConvergeSeconds float64
	Seconds         float64 // the whole run, control plane included
}

// Label409 is the 409s on the labeller's label writes (Update or Patch of a
// Pod, not its status), as the API server counted them.
func (r *Result) Label409() int64 { return r.APIServer409["PUT"] + r.APIServer409["PATCH"] }

// ClientLabel409 is the same, as the labeller's client counted them.
func (r *Result) ClientLabel409() int64 { return r.Client409["PUT"] + r.Client409["PATCH"] }

// Flags registers the flags of a Config.
func (c *Config) Flags(fs *flag.FlagSet) {
	fs.StringVar(&c.Variant, "variant", "", "name of the variant, copied into the result")
	fs.StringVar(&c.Assets, "assets", os.Getenv("KUBEBUILDER_ASSETS"), "directory holding kube-apiserver and etcd")
	fs.IntVar(&c.Pods, "pods", 40, "Pods to create")
	fs.IntVar(&c.Workers, "workers", 10, "the labeller's MaxConcurrentReconciles")
	fs.Float64Var(&c.StatusRate, "status-rate", 40, "kubelet-like status writes per second, over all Pods")
	fs.Float64Var(&c.AnnotateRate, "annotate-rate", 20, "annotation changes per second, over all Pods")
	fs.DurationVar(&c.Load, "load", 15*time.Second, "how long the annotation changes go on")
	fs.DurationVar(&c.Converge, "converge", 60*time.Second, "the longest wait for every label to be set after the load")
	fs.DurationVar(&c.React, "react", 0, "the longest delay of a status write after each annotation change (0: none)")
}

// Args are the driver flags for c (Variant and Assets aside).
func (c Config) Args() []string {
	return []string{
		"-pods", fmt.Sprint(c.Pods), "-workers", fmt.Sprint(c.Workers),
		"-status-rate", fmt.Sprint(c.StatusRate), "-annotate-rate", fmt.Sprint(c.AnnotateRate),
		"-load", c.Load.String(), "-converge", c.Converge.String(), "-react", c.React.String(),
	}
}

// Main parses the flags, runs op, prints the Result as JSON on stdout and
// exits non-zero on failure.
func Main(op Operator) {
	var cfg Config
	cfg.Flags(flag.CommandLine)
	flag.Parse()
	driver.PrintResult("podlabels driver", func(ctx context.Context) (*Result, error) { return Run(ctx, cfg, op) })
}

// pods is the resource whose requests the API server's counts are kept for.
var pods = []schema.GroupResource{{Resource: "pods"}}

// Run starts the control plane and the labeller, creates the Pods, runs the
// kubelet-like status writer and the annotation changes, waits for every
// label to be set and measures.
func Run(ctx context.Context, cfg Config, op Operator) (*Result, error) {
	ctrl.SetLogger(logr.Discard())
	start := time.Now()
	cp, err := driver.StartControlPlane(ctx, cfg.Assets, nil, Namespace)
	if err != nil {
		return nil, err
	}
	defer func() { _ = cp.Stop() }()
	admin := cp.Admin
	// No controller-manager runs to create the namespace's default
	// ServiceAccount, which the ServiceAccount admission plugin wants.
	if err := admin.Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: "default"}}); err != nil {
		return nil, err
	}

	counter := driver.NewRequestCounter()
	mgr, err := cp.NewNamespaceManager("podlabeler", counter, Namespace)
	if err != nil {
		return nil, err
	}
	if err := op.Setup(mgr, cfg.Workers); err != nil {
		return nil, fmt.Errorf("setting up the labeller: %w", err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	mgrDone, synced := driver.StartManager(runCtx, mgr)
	if !synced {
		return nil, fmt.Errorf("the labeller's cache did not sync")
	}

	// The Pods, each with its first wanted value. There is no scheduler
	// and no kubelet: they stay Pending, and only this run writes them.
	names := make([]string, cfg.Pods)
	want := make([]atomic.Int64, cfg.Pods) // the last value written per Pod
	for i := range names {
		names[i] = fmt.Sprintf("pod-%04d", i)
		pod := &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: names[i],
				Annotations: map[string]string{op.Annotation: "v0"}},
			Spec: corev1.PodSpec{
				Containers:                   []corev1.Container{{Name: "app", Image: "app:1"}},
				AutomountServiceAccountToken: new(bool),
			},
		}
		if err := admin.Create(runCtx, pod); err != nil {
			return nil, fmt.Errorf("creating %s: %w", names[i], err)
		}
	}

	res := &Result{Variant: cfg.Variant, Config: cfg, PodsTotal: cfg.Pods}
	var statusOK, statusErr, annOK, annErr atomic.Int64

	// The kubelet-like writer: the status of each Pod in turn, at a steady
	// rate, and (with React) once soon after each annotation change, as a
	// kubelet syncs a Pod it sees updated; a strategic merge patch of the
	// status subresource, as the kubelet's status manager sends, that
	// always lands (no resourceVersion). The steady writes go on until the
	// end of the run.
	var seq atomic.Int64
	writeStatus := func(i int) {
		n := seq.Add(1)
		patch := fmt.Sprintf(`{"status":{"message":"sync %d","conditions":[{"type":"PodScheduled","status":"False","reason":"Unschedulable","message":"sync %d","lastProbeTime":%q}]}}`,
			n, n, time.Now().UTC().Format(time.RFC3339))
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: names[i]}}
		if err := admin.Status().Patch(runCtx, pod, client.RawPatch(types.StrategicMergePatchType, []byte(patch))); err != nil {
			statusErr.Add(1)
			return
		}
		statusOK.Add(1)
	}
	stopStatus := make(chan struct{})
	var writers sync.WaitGroup
	writers.Add(1)
	go func() {
		defer writers.Done()
		paced(runCtx, stopStatus, cfg.StatusRate, 8, func(n int64) { writeStatus(int(n) % len(names)) })
	}()

	// The load: a new wanted value in each Pod's annotation in turn.
	stopAnn := make(chan struct{})
	var annWriter sync.WaitGroup
	annWriter.Add(1)
	go func() {
		defer annWriter.Done()
		paced(runCtx, stopAnn, cfg.AnnotateRate, 8, func(n int64) {
			i := int(n) % len(names)
			// One writer per Pod at a time: n and n+len(names) are far
			// apart at these rates, and want only goes up.
			v := n/int64(len(names)) + 1
			patch := fmt.Sprintf(`{"metadata":{"annotations":{%q:"v%d"}}}`, op.Annotation, v)
			pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: names[i]}}
			if err := admin.Patch(runCtx, pod, client.RawPatch(types.MergePatchType, []byte(patch))); err != nil {
				annErr.Add(1)
				return
			}
			annOK.Add(1)
			for {
				old := want[i].Load()
				if v <= old || want[i].CompareAndSwap(old, v) {
					break
				}
			}
			if cfg.React > 0 {
				driver.Sleep(runCtx, time.Duration(rand.Int64N(int64(cfg.React))))
				writeStatus(i)
			}
		})
	}()
	driver.Sleep(runCtx, cfg.Load)
	close(stopAnn)
	annWriter.Wait()

	// Convergence: the status writer goes on, as a kubelet would.
	loadEnd := time.Now()
	res.ConvergeSeconds = -1
	for {
		n, err := labelled(runCtx, admin, names, want, op)
		if err != nil {
			return nil, err
		}
		res.Labelled = n
		if n == len(names) {
			res.ConvergeSeconds = time.Since(loadEnd).Seconds()
			break
		}
		if time.Since(loadEnd) > cfg.Converge || runCtx.Err() != nil {
			break
		}
		driver.Sleep(runCtx, 250*time.Millisecond)
	}
	close(stopStatus)
	writers.Wait()
	if err := runCtx.Err(); err != nil {
		return nil, err
	}

	api, err := driver.ScrapeAPIServer(runCtx, cp.Config, pods)
	if err != nil {
		return nil, err
	}
	res.APIServerPodWrites, res.APIServer409 = podWrites(api)
	res.ClientPodWrites, res.Client409 = podWrites(counter.Snapshot())
	res.StatusWrites, res.StatusWriteErrors = statusOK.Load(), statusErr.Load()
	res.AnnotationWrites, res.AnnotationErrors = annOK.Load(), annErr.Load()
	rec, err := driver.ReconcileCounts()
	if err != nil {
		return nil, err
	}
	res.Reconciles, res.ReconcileErrors = rec.ByController["podlabeler"], rec.ErrorsByController["podlabeler"]
	cancel()
	if err := <-mgrDone; err != nil {
		return nil, fmt.Errorf("the labeller's manager: %w", err)
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// podWrites returns, of counts, the writes of Pods themselves (not a
// subresource), by verb: all of them and the 409s. The labeller sends
// requests for core Pods only, and the API server's counts are kept for
// those (pods), so the resource name is enough to pick them.
func podWrites(c driver.Counts) (all, conflicts map[string]int64) {
	all, conflicts = map[string]int64{}, map[string]int64{}
	for k, v := range c {
		if k.Resource != "pods" || k.Subresource != "" || !driver.IsWrite(k.Verb) {
			continue
		}
		all[k.Verb] += v
		if k.Code == "409" {
			conflicts[k.Verb] += v
		}
	}
	return all, conflicts
}

// labelled counts the Pods whose label is the last value written to their
// annotation, read from the API server.
func labelled(ctx context.Context, c client.Client, names []string, want []atomic.Int64, op Operator) (int, error) {
	var list corev1.PodList
	if err := c.List(ctx, &list, client.InNamespace(Namespace)); err != nil {
		return 0, err
	}
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
	}
	n := 0
	for _, p := range list.Items {
		i, ok := index[p.Name]
		if !ok {
			continue
		}
		if p.Labels[op.Label] == fmt.Sprintf("v%d", want[i].Load()) {
			n++
		}
	}
	return n, nil
}

// paced calls f(0), f(1), ... at rate per second on up to workers
// goroutines until stop is closed or ctx is done; a tick that finds every
// worker busy is skipped, so a slow API server lowers the rate rather than
// queueing writes.
func paced(ctx context.Context, stop <-chan struct{}, rate float64, workers int, f func(n int64)) {
	if rate <= 0 {
		return
	}
	jobs := make(chan int64)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				f(n)
			}
		}()
	}
	defer func() {
		close(jobs)
		wg.Wait()
	}()
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	var n int64
	for {
		select {
		case <-ctx.Done():
			return
		case <-stop:
			return
		case <-tick.C:
			select {
			case jobs <- n:
				n++
			default:
			}
		}
	}
}

// Quick is the size the test runs.
var Quick = Config{Pods: 40, Workers: 10, StatusRate: 40, AnnotateRate: 20, Load: 10 * time.Second, Converge: 60 * time.Second, React: 20 * time.Millisecond}

// Large is the size of RESULTS.md.
var Large = Config{Pods: 300, Workers: 20, StatusRate: 100, AnnotateRate: 50, Load: 60 * time.Second, Converge: 2 * time.Minute, React: 20 * time.Millisecond}
