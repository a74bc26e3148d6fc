package driver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// ControlPlane is a kube-apiserver and etcd that envtest started on
// loopback for one run, with the run's scheme and an admin client for the
// load, the watcher and the measurements.
type ControlPlane struct {
	env *envtest.Environment

	Config       *rest.Config // the admin's, without client-side rate limits
	Scheme       *runtime.Scheme
	Admin        client.Client
	StartSeconds float64 // how long kube-apiserver and etcd took to start
}

// StartControlPlane starts kube-apiserver and etcd from the directory
// assets, installs the CRDs of crdDirs (none when it is empty) and creates
// namespace. The scheme holds client-go's kinds and those addToScheme
// adds. Stop it once done, or kube-apiserver and etcd outlive the process.
func StartControlPlane(ctx context.Context, assets string, crdDirs []string, namespace string, addToScheme ...func(*runtime.Scheme) error) (*ControlPlane, error) {
	env := &envtest.Environment{
		BinaryAssetsDirectory: assets,
		CRDDirectoryPaths:     crdDirs,
		ErrorIfCRDPathMissing: len(crdDirs) > 0,
		// envtest's 20 s is too short for a kube-apiserver starting on
		// two cores busy with other tests.
		ControlPlaneStartTimeout: 3 * time.Minute,
		ControlPlaneStopTimeout:  time.Minute,
	}
	start := time.Now()
	cfg, err := env.Start()
	if err != nil {
		return nil, fmt.Errorf("starting kube-apiserver and etcd: %w", err)
	}
	cp := &ControlPlane{env: env, Config: cfg, StartSeconds: time.Since(start).Seconds()}
	if err := cp.setUp(ctx, namespace, addToScheme); err != nil {
		_ = cp.Stop()
		return nil, err
	}
	return cp, nil
}

func (cp *ControlPlane) setUp(ctx context.Context, namespace string, addToScheme []func(*runtime.Scheme) error) error {
	cp.Scheme = runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(cp.Scheme); err != nil {
		return err
	}
	for _, add := range addToScheme {
		if err := add(cp.Scheme); err != nil {
			return err
		}
	}
	// The load and the watcher are other clients of the API server, not
	// limited by client-side rate limits, so they do not slow the run.
	cp.Config.QPS, cp.Config.Burst = -1, 0
	var err error
	if cp.Admin, err = client.New(cp.Config, client.Options{Scheme: cp.Scheme}); err != nil {
		return err
	}
	return cp.Admin.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})
}

// Stop stops kube-apiserver and etcd.
func (cp *ControlPlane) Stop() error { return cp.env.Stop() }

// NewManager makes the manager of the controller measured, on a rest.Config
// of its own: named userAgent, not rate-limited on the client side either,
// its transport wrapped by counter to count every request it sends. Its
// metrics and health endpoints are off (its reconcile counts are read in
// process); opts gives the rest.
func (cp *ControlPlane) NewManager(userAgent string, counter *RequestCounter, opts ctrl.Options) (ctrl.Manager, error) {
	cfg := rest.CopyConfig(cp.Config)
	cfg.UserAgent = userAgent
	cfg.QPS, cfg.Burst = -1, 0
	cfg.WrapTransport = counter.Wrap
	opts.Scheme = cp.Scheme
	opts.Metrics = metricsserver.Options{BindAddress: "0"}
	opts.HealthProbeBindAddress = "0"
	return ctrl.NewManager(cfg, opts)
}

// NewNamespaceManager is NewManager for a controller whose cache holds the
// objects of namespace only.
func (cp *ControlPlane) NewNamespaceManager(userAgent string, counter *RequestCounter, namespace string) (ctrl.Manager, error) {
	return cp.NewManager(userAgent, counter, ctrl.Options{
		Cache: cache.Options{DefaultNamespaces: map[string]cache.Config{namespace: {}}},
	})
}

// StartManager runs mgr until ctx is done and waits for its cache to sync;
// done receives what mgr.Start returned.
func StartManager(ctx context.Context, mgr ctrl.Manager) (done <-chan error, synced bool) {
	ch := make(chan error, 1)
	go func() { ch <- mgr.Start(ctx) }()
	return ch, mgr.GetCache().WaitForCacheSync(ctx)
}

// PrintResult runs run, prints its result as JSON on stdout and exits
// non-zero on failure, the error prefixed with name. A signal cancels
// run's context rather than killing the process, so that run still stops
// kube-apiserver and etcd, which would otherwise outlive it.
func PrintResult[R any](name string, run func(ctx context.Context) (R, error)) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := run(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}

// Sleep sleeps for d or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// WaitFor polls done every half second until it reports true, fails, or
// timeout passes.
func WaitFor(ctx context.Context, timeout time.Duration, done func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for {
		ok, err := done()
		switch {
		case err != nil:
			return err
		case ok:
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case time.Now().After(deadline):
			return fmt.Errorf("not within %s", timeout)
		}
		Sleep(ctx, 500*time.Millisecond)
	}
}

// StartOperator runs the controller measured until ctx is done: a manager
// made by NewNamespaceManager, named name, whose cache holds namespace,
// with setup's controllers; it waits for the cache to sync. Its requests
// are counted by the counter returned; done receives what the manager's
// Start returned.
func (cp *ControlPlane) StartOperator(ctx context.Context, name, namespace string, setup func(ctrl.Manager) error) (counter *RequestCounter, done <-chan error, err error) {
	counter = NewRequestCounter()
	mgr, err := cp.NewNamespaceManager(name, counter, namespace)
	if err != nil {
		return nil, nil, err
	}
	if err := setup(mgr); err != nil {
		return nil, nil, fmt.Errorf("setting up the operator: %w", err)
	}
	done, synced := StartManager(ctx, mgr)
	if !synced {
		return nil, nil, fmt.Errorf("the operator's cache did not sync")
	}
	return counter, done, nil
}
