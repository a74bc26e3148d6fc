// Package driver runs one variant of the example operator against a real
// kube-apiserver and etcd that envtest starts, under bursts of new objects
// and an interfering writer, and prints what happened as JSON.
//
// The main that calls Main (main.go.txt) is compiled inside each variant's
// copy of the example module, so the reconcilers measured are exactly the
// code of that copy: as shipped, as statuslint -fix left it, or hand-fixed.
//
// What does not depend on the example operator is exported for the other
// measurement of this module, podlabels, so that both start their control
// plane and count requests and reconciles the same way: ControlPlane,
// RequestCounter, ScrapeAPIServer, ReconcileCounts and PrintResult.
package driver

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// Namespace is where every object of a run lives.
const Namespace = "bench"

// Config is one run's load. The flags of Main set it.
type Config struct {
	Variant    string
	Assets     string        // directory with kube-apiserver and etcd (KUBEBUILDER_ASSETS)
	CRDs       string        // directory with the Widget and Gadget CRDs
	Bursts     int           // bursts of new objects
	PerBurst   int           // objects per burst, half Widgets and half Gadgets
	BurstGap   time.Duration // pause between the starts of two bursts
	Workers    int           // MaxConcurrentReconciles of each controller
	Interfere  float64       // interfering writes per second, from the first burst to the end
	Settle     time.Duration // quiet time (no status write) after the last Ready before the steady window
	SettleMax  time.Duration // the longest wait for that quiet time
	Steady     time.Duration // the steady-state window
	SyncPeriod time.Duration // the cache's resync period; 0 keeps controller-runtime's default
	Timeout    time.Duration // how long to wait for every object to be Ready, per phase

	// Handover runs the operator as two processes of this binary (its
	// operator mode) under leader election, and kills the leader (SIGKILL)
	// once the creates of burst HandoverBurst (from 1) are sent; the other
	// takes over with its own cache.
	Handover      bool
	HandoverBurst int
}

// operatorFlags are the flags of the operator mode of a driver binary,
// named as in a controller-runtime scaffold's main so that a process of it
// starts like any operator (StartOperatorProcess).
type operatorFlags struct {
	run                     bool
	metrics, probe, leaseNS string
	leaderElect             bool
}

// Main parses the flags, runs the operator that setup registers, prints the
// Result as JSON on stdout and exits non-zero on failure.
func Main(addToScheme func(*runtime.Scheme) error, setup func(ctrl.Manager) error) {
	var cfg Config
	flag.StringVar(&cfg.Variant, "variant", "", "name of the variant, copied into the result")
	flag.StringVar(&cfg.Assets, "assets", os.Getenv("KUBEBUILDER_ASSETS"), "directory holding kube-apiserver and etcd")
	flag.StringVar(&cfg.CRDs, "crds", "", "directory holding the CRDs")
	flag.IntVar(&cfg.Bursts, "bursts", 2, "bursts of new objects")
	flag.IntVar(&cfg.PerBurst, "per-burst", 50, "objects per burst (half Widgets, half Gadgets)")
	flag.DurationVar(&cfg.BurstGap, "burst-gap", 2*time.Second, "pause between the starts of two bursts")
	flag.IntVar(&cfg.Workers, "workers", 50, "MaxConcurrentReconciles of each controller")
	flag.Float64Var(&cfg.Interfere, "interfere", 20, "interfering writes per second")
	flag.DurationVar(&cfg.Settle, "settle", 5*time.Second, "time without a status write, after all are Ready, before the steady window")
	flag.DurationVar(&cfg.SettleMax, "settle-max", time.Minute, "the longest wait for that quiet time")
	flag.DurationVar(&cfg.Steady, "steady", 20*time.Second, "length of the steady-state window")
	flag.DurationVar(&cfg.SyncPeriod, "sync-period", 0, "cache resync period (0: controller-runtime's default)")
	flag.DurationVar(&cfg.Timeout, "timeout", 5*time.Minute, "how long to wait for all objects to be Ready, per phase")
	flag.BoolVar(&cfg.Handover, "handover", false, "run the operator as two processes under leader election and kill the leader mid-run")
	flag.IntVar(&cfg.HandoverBurst, "handover-burst", 3, "the burst after whose creates the leader is killed")
	var op operatorFlags
	flag.BoolVar(&op.run, "operator", false, "run only the operator, against KUBECONFIG (a process of a hand-over)")
	flag.StringVar(&op.metrics, "metrics-bind-address", "0", "operator mode: the metrics endpoint")
	flag.StringVar(&op.probe, "health-probe-bind-address", "0", "operator mode: the health probe endpoint")
	flag.BoolVar(&op.leaderElect, "leader-elect", false, "operator mode: take part in leader election")
	flag.StringVar(&op.leaseNS, "leader-election-namespace", Namespace, "operator mode: the lease's namespace")
	flag.Parse()
	if op.run {
		if err := runOperator(cfg, op, addToScheme, setup); err != nil {
			fmt.Fprintln(os.Stderr, "driver operator:", err)
			os.Exit(1)
		}
		return
	}
	PrintResult("driver", func(ctx context.Context) (*Result, error) { return Run(ctx, cfg, addToScheme, setup) })
}

// runOperator is the operator mode: the operator of setup alone, against
// the API server of KUBECONFIG, until a signal stops it.
func runOperator(cfg Config, op operatorFlags, addToScheme func(*runtime.Scheme) error, setup func(ctrl.Manager) error) error {
	ctrl.SetLogger(zap.New())
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return err
	}
	if err := addToScheme(scheme); err != nil {
		return err
	}
	restCfg, err := ctrl.GetConfig()
	if err != nil {
		return err
	}
	restCfg.QPS, restCfg.Burst = -1, 0
	opts := ctrl.Options{
		Scheme:                  scheme,
		Controller:              config.Controller{MaxConcurrentReconciles: cfg.Workers},
		Metrics:                 metricsserver.Options{BindAddress: op.metrics},
		HealthProbeBindAddress:  op.probe,
		LeaderElection:          op.leaderElect,
		LeaderElectionID:        "widget-operator.bench",
		LeaderElectionNamespace: op.leaseNS,
	}
	if cfg.SyncPeriod > 0 {
		opts.Cache = cache.Options{SyncPeriod: &cfg.SyncPeriod}
	}
	mgr, err := ctrl.NewManager(restCfg, opts)
	if err != nil {
		return err
	}
	if err := setup(mgr); err != nil {
		return err
	}
	return mgr.Start(ctrl.SetupSignalHandler())
}

// Run starts the control plane, the operator, the watcher and the load, and
// measures one run.
func Run(ctx context.Context, cfg Config, addToScheme func(*runtime.Scheme) error, setup func(ctrl.Manager) error) (*Result, error) {
	// The operator's reconcile errors (409s among them) are counted from its
	// metrics; its log would only be noise here.
	ctrl.SetLogger(logr.Discard())

	cp, err := StartControlPlane(ctx, cfg.Assets, []string{cfg.CRDs}, Namespace, addToScheme)
	if err != nil {
		return nil, err
	}
	defer func() { _ = cp.Stop() }()
	res := &Result{Variant: cfg.Variant, Config: cfg, ControlPlaneStartSeconds: cp.StartSeconds}
	adminCfg, admin := cp.Config, cp.Admin

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		side    operatorSide
		mgrDone <-chan error
		procs   OperatorProcesses
	)
	if cfg.Handover {
		if procs, err = startOperatorProcesses(runCtx, cp, cfg); err != nil {
			return nil, err
		}
		defer procs.Stop()
		side = procs
	} else {
		// The operator's transport counts every request it sends by verb,
		// resource, subresource and outcome.
		counter := NewRequestCounter()
		opts := ctrl.Options{Controller: config.Controller{MaxConcurrentReconciles: cfg.Workers}}
		if cfg.SyncPeriod > 0 {
			opts.Cache = cache.Options{SyncPeriod: &cfg.SyncPeriod}
		}
		mgr, err := cp.NewManager("widget-operator", counter, opts)
		if err != nil {
			return nil, err
		}
		if err := setup(mgr); err != nil {
			return nil, fmt.Errorf("setting up the operator: %w", err)
		}
		var synced bool
		if mgrDone, synced = StartManager(runCtx, mgr); !synced {
			return nil, fmt.Errorf("the operator's cache did not sync")
		}
		side = inProcess{counter}
	}
	watch, err := StartWatcher(runCtx, adminCfg, Namespace, exampleKinds...)
	if err != nil {
		return nil, err
	}

	load := &loader{c: admin}
	var interfering atomic.Int64
	stopInterfere := make(chan struct{})
	var interferers sync.WaitGroup
	interferers.Add(1)
	go func() {
		defer interferers.Done()
		load.interfere(runCtx, cfg.Interfere, stopInterfere, &interfering)
	}()

	// Phase 1: bursts of new objects.
	t0 := time.Now()
	total := cfg.Bursts * cfg.PerBurst
	for b := 0; b < cfg.Bursts; b++ {
		if b > 0 {
			Sleep(runCtx, cfg.BurstGap)
		}
		if err := load.createBurst(runCtx, b*cfg.PerBurst, cfg.PerBurst); err != nil {
			return nil, fmt.Errorf("burst %d: %w", b+1, err)
		}
		if cfg.Handover && b+1 == cfg.HandoverBurst {
			res.HandoverAtSeconds = time.Since(t0).Seconds()
			took, err := HandOver(runCtx, procs, cfg.Timeout)
			if err != nil {
				return nil, fmt.Errorf("hand-over after burst %d: %w", b+1, err)
			}
			res.HandoverSeconds = took.Seconds()
		}
	}
	if err := watch.WaitReady(runCtx, total, 1, cfg.Timeout); err != nil {
		return nil, fmt.Errorf("after the bursts: %w", err)
	}
	res.ReadyAfterBurstsSeconds = time.Since(t0).Seconds()

	// Phase 2: a new generation of every object, as a rollout would.
	t1 := time.Now()
	if err := load.rollout(runCtx); err != nil {
		return nil, fmt.Errorf("rollout: %w", err)
	}
	if err := watch.WaitReady(runCtx, total, 2, cfg.Timeout); err != nil {
		return nil, fmt.Errorf("after the rollout: %w", err)
	}
	res.ReadyAfterRolloutSeconds = time.Since(t1).Seconds()

	// Phase 3: steady state. Every object is Ready and nothing the operator
	// manages changes; the interfering writer goes on touching labels and
	// annotations, as other components of a cluster do all the time.
	res.SettleSeconds = settle(runCtx, side, cfg.Settle, cfg.SettleMax).Seconds()
	apiBefore, err := ScrapeAPIServer(runCtx, adminCfg, measured)
	if err != nil {
		return nil, err
	}
	clientBefore := side.Snapshot()
	recBefore, err := side.Reconciles(runCtx)
	if err != nil {
		return nil, err
	}
	Sleep(runCtx, cfg.Steady)
	if err := runCtx.Err(); err != nil {
		return nil, err
	}
	apiAfter, err := ScrapeAPIServer(runCtx, adminCfg, measured)
	if err != nil {
		return nil, err
	}
	clientAfter := side.Snapshot()
	recAfter, err := side.Reconciles(runCtx)
	if err != nil {
		return nil, err
	}
	close(stopInterfere)
	interferers.Wait()

	minutes := cfg.Steady.Minutes()
	res.Objects = total
	res.InterferingWrites = interfering.Load()
	res.SteadyWindowSeconds = cfg.Steady.Seconds()
	res.SteadyStatusWritesPerMinute = float64(apiAfter.statusWrites()-apiBefore.statusWrites()) / minutes
	res.SteadyClientStatusWritesPerMinute = float64(clientAfter.statusWrites()-clientBefore.statusWrites()) / minutes
	res.SteadyReconcilesPerMinute = float64(recAfter.Total-recBefore.Total) / minutes

	res.APIServer409Status = apiAfter.Count(func(k RequestKey) bool { return k.Code == "409" && k.Subresource == "status" })
	res.APIServer409Other = apiAfter.Count(func(k RequestKey) bool { return k.Code == "409" && k.Subresource != "status" })
	res.Client409Conflict = clientAfter.Count(func(k RequestKey) bool { return k.Code == "409" && k.Reason == "Conflict" })
	res.Client409ConflictStatus = clientAfter.Count(func(k RequestKey) bool {
		return k.Code == "409" && k.Reason == "Conflict" && k.Subresource == "status"
	})
	res.Client409Other = clientAfter.Count(func(k RequestKey) bool { return k.Code == "409" && k.Reason != "Conflict" })
	res.ClientWrites = clientAfter.Count(func(k RequestKey) bool { return IsWrite(k.Verb) })
	res.ClientStatusWrites = clientAfter.statusWrites()
	res.Reconciles = recAfter.Total
	res.ReconcileErrors = recAfter.Errors
	res.ReconcilesByController = recAfter.ByController
	if res.Reconciles > 0 {
		res.WritesPerReconcile = float64(res.ClientWrites) / float64(res.Reconciles)
	}
	res.ReconcilesPerObject = float64(res.Reconciles) / float64(total)
	res.Regressions, res.RegressionExamples = watch.Regressions()
	res.StatusReverts, res.StatusRevertExamples = watch.Reverts()
	res.ReadyFlaps, res.ReadyFlapExamples = watch.Flaps()
	res.ReadyLatencyBursts = watch.Latencies(1, load.times(&load.created))
	res.ReadyLatencyRollout = watch.Latencies(2, load.times(&load.rolledOut))
	res.APIServerRequests = apiAfter.Rows()
	res.ClientRequests = clientAfter.Rows()

	cancel()
	if mgrDone != nil {
		if err := <-mgrDone; err != nil {
			return nil, fmt.Errorf("the operator stopped: %w", err)
		}
	}
	return res, nil
}

// operatorSide is how a run sees the operator it measures: the requests it
// sent and the reconciles it ran.
type operatorSide interface {
	Snapshot() Counts
	Reconciles(ctx context.Context) (Reconciles, error)
}

// inProcess is an operator run in this process, its transport counted.
type inProcess struct{ counter *RequestCounter }

func (o inProcess) Snapshot() Counts { return o.counter.Snapshot() }
func (o inProcess) Reconciles(context.Context) (Reconciles, error) {
	return ReconcileCounts()
}

// OperatorProcesses are an operator run as processes: their requests
// summed, their reconciles those of the processes still running (a killed
// leader's went with it).
type OperatorProcesses []*OperatorProcess

func startOperatorProcesses(ctx context.Context, cp *ControlPlane, cfg Config) (OperatorProcesses, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "driver-handover")
	if err != nil {
		return nil, err
	}
	args := []string{"-operator", "-workers", fmt.Sprint(cfg.Workers), "-sync-period", cfg.SyncPeriod.String()}
	var procs OperatorProcesses
	for i := range 2 {
		p, err := StartOperatorProcess(ctx, cp.Config, self, args, work, fmt.Sprintf("widget-operator-%d", i), true, Namespace)
		if err != nil {
			procs.Stop()
			return nil, err
		}
		procs = append(procs, p)
	}
	return procs, nil
}

// Stop stops every process.
func (ps OperatorProcesses) Stop() {
	for _, p := range ps {
		p.Stop()
	}
}

// Snapshot is their requests so far, summed.
func (ps OperatorProcesses) Snapshot() Counts {
	sum := Counts{}
	for _, p := range ps {
		for k, v := range p.Proxy.Counter.Snapshot() {
			sum[k] += v
		}
	}
	return sum
}

// Reconciles sums the reconciles of the processes still running.
func (ps OperatorProcesses) Reconciles(ctx context.Context) (Reconciles, error) {
	sum := Reconciles{ByController: map[string]int64{}, ErrorsByController: map[string]int64{}}
	for _, p := range ps {
		if p.Exited() {
			continue
		}
		r, err := p.Reconciles(ctx)
		if err != nil {
			return sum, err
		}
		sum.Total += r.Total
		sum.Errors += r.Errors
		for c, n := range r.ByController {
			sum.ByController[c] += n
		}
		for c, n := range r.ErrorsByController {
			sum.ErrorsByController[c] += n
		}
	}
	return sum, nil
}

// settle waits until the operator has written no status for quiet, or
// for max: every object is Ready, but the writes that follow Ready (a
// condition's reason brought up to date, say) belong to convergence, not to
// the steady state. An operator that never stops writing waits max.
func settle(ctx context.Context, c interface{ Snapshot() Counts }, quiet, max time.Duration) time.Duration {
	start := time.Now()
	last, lastChange := c.Snapshot().statusWrites(), time.Now()
	for time.Since(lastChange) < quiet && time.Since(start) < max && ctx.Err() == nil {
		time.Sleep(100 * time.Millisecond)
		if n := c.Snapshot().statusWrites(); n != last {
			last, lastChange = n, time.Now()
		}
	}
	return time.Since(start)
}

// Result is what one run measured. Counts cover the whole run unless their
// name says Steady.
type Result struct {
	Variant string
	Config  Config
	Objects int

	ControlPlaneStartSeconds float64
	ReadyAfterBurstsSeconds  float64 // from the first create until every object is Ready
	ReadyAfterRolloutSeconds float64 // from the spec change until every object is Ready again
	SettleSeconds            float64 // from then until the steady window began

	// Per object: from its create (its spec change) until the watcher saw
	// it Ready for that generation.
	ReadyLatencyBursts, ReadyLatencyRollout Latency

	APIServer409Status      int64 // apiserver_request_total code 409 on the status subresource
	APIServer409Other       int64 // code 409 elsewhere (AlreadyExists on a create, conflicts on the main resource)
	Client409Conflict       int64 // the operator's requests answered 409 Conflict
	Client409ConflictStatus int64 // of which status writes
	Client409Other          int64 // answered 409 with another reason (AlreadyExists)

	ClientWrites           int64 // the operator's POST, PUT, PATCH and DELETE requests
	ClientStatusWrites     int64
	Reconciles             int64
	ReconcileErrors        int64
	WritesPerReconcile     float64
	ReconcilesPerObject    float64
	ReconcilesByController map[string]int64

	SteadyWindowSeconds               float64
	SteadyStatusWritesPerMinute       float64 // from the apiserver's metrics
	SteadyClientStatusWritesPerMinute float64 // from the operator's transport
	SteadyReconcilesPerMinute         float64

	Regressions        int // times the watcher saw an object's status.observedGeneration go down
	RegressionExamples []string

	// Times the watcher saw an object's status come back to a value it had
	// at the same generation before another replaced it: a status write
	// from a stale copy that undid a newer one.
	StatusReverts        int
	StatusRevertExamples []string

	// Times the watcher saw an object's Ready condition go from True to
	// anything else without a new generation.
	ReadyFlaps        int
	ReadyFlapExamples []string

	InterferingWrites int64

	HandoverAtSeconds float64 // with Config.Handover: when the leader was killed, from the first create
	HandoverSeconds   float64 // and from then until the other process led

	APIServerRequests []Row // apiserver_request_total for widgets, gadgets and configmaps at the end
	ClientRequests    []Row // the operator's requests at the end
}

// Row is one request counter.
type Row struct {
	Verb, Resource, Subresource, Code, Reason string
	Count                                     int64
}

// IsWrite reports whether verb, of a request or of apiserver_request_total,
// writes.
func IsWrite(verb string) bool {
	switch verb {
	case "POST", "PUT", "PATCH", "APPLY", "DELETE":
		return true
	}
	return false
}

func sortRows(rows []Row) {
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Resource != b.Resource {
			return a.Resource < b.Resource
		}
		if a.Subresource != b.Subresource {
			return a.Subresource < b.Subresource
		}
		if a.Verb != b.Verb {
			return a.Verb < b.Verb
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Reason < b.Reason
	})
}
