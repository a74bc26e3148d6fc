// Command claimop runs the claim operator: the Sandbox, SandboxWarmPool and
// SandboxClaim controllers, with agent-sandbox's controller flags.
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

	"github.com/statuslint/statuslint/bench/conflict/claimop/api/v1alpha1"
	"github.com/statuslint/statuslint/bench/conflict/claimop/internal/controller"
)

func main() {
	var (
		metricsAddr, probeAddr, leaderElectionNamespace string
		leaderElect, extensions                         bool
		kubeAPIQPS                                      float64
		kubeAPIBurst                                    int
		sandboxWorkers, claimWorkers, warmPoolWorkers   int
	)
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "The address the metrics endpoint binds to. Use 0 to disable it.")
	flag.StringVar(&probeAddr, "health-probe-bind-address", "0", "The address the probe endpoint binds to. Use 0 to disable it.")
	flag.BoolVar(&leaderElect, "leader-elect", false, "Enable leader election for the controller manager.")
	flag.StringVar(&leaderElectionNamespace, "leader-election-namespace", "", "The namespace of the leader election lease.")
	flag.Float64Var(&kubeAPIQPS, "kube-api-qps", -1, "QPS of the client to the API server (negative: no client-side limit).")
	flag.IntVar(&kubeAPIBurst, "kube-api-burst", 10, "Burst of the client to the API server.")
	flag.IntVar(&sandboxWorkers, "sandbox-concurrent-workers", 1, "Concurrent reconciles of the Sandbox controller.")
	flag.IntVar(&claimWorkers, "sandbox-claim-concurrent-workers", 1, "Concurrent reconciles of the SandboxClaim controller.")
	flag.IntVar(&warmPoolWorkers, "sandbox-warm-pool-concurrent-workers", 1, "Concurrent reconciles of the SandboxWarmPool controller.")
	flag.BoolVar(&extensions, "extensions", false, "Accepted for agent-sandbox's command line; every controller always runs.")
	opts := zap.Options{Development: true}
	opts.BindFlags(flag.CommandLine)
	flag.Parse()
	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&opts)))
	setupLog := ctrl.Log.WithName("setup")

	scheme := runtime.NewScheme()
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(v1alpha1.AddToScheme(scheme))

	cfg := ctrl.GetConfigOrDie()
	cfg.QPS = float32(kubeAPIQPS)
	cfg.Burst = kubeAPIBurst
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                        scheme,
		Metrics:                       metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress:        probeAddr,
		LeaderElection:                leaderElect,
		LeaderElectionID:              "claimop.bench.statuslint.dev",
		LeaderElectionNamespace:       leaderElectionNamespace,
		LeaderElectionReleaseOnCancel: false,
	})
	if err != nil {
		setupLog.Error(err, "unable to create manager")
		os.Exit(1)
	}

	setups := []struct {
		name    string
		setup   func(ctrl.Manager, int) error
		workers int
	}{
		{"Sandbox", (&controller.SandboxReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager, sandboxWorkers},
		{"SandboxClaim", (&controller.SandboxClaimReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager, claimWorkers},
		{"SandboxWarmPool", (&controller.SandboxWarmPoolReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager, warmPoolWorkers},
	}
	for _, s := range setups {
		if err := s.setup(mgr, s.workers); err != nil {
			setupLog.Error(err, "unable to create controller", "controller", s.name)
			os.Exit(1)
		}
	}
	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up health check")
		os.Exit(1)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up ready check")
		os.Exit(1)
	}

	setupLog.Info("starting manager", "extensions", extensions)
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		setupLog.Error(err, "problem running manager")
		os.Exit(1)
	}
}
