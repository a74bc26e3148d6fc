// Command mgrfunc makes its managers from options a function of its own
// returns (built from a configuration file, say): the options are read
// through that function, so a manager whose options name no field owner
// is reported where its client or the manager is handed over, with the
// fix in the literal the function returns.
package main

import (
	"errors"
	"os"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/controller"
	"fieldmanager/handover/setup"
)

func main() {
	var cfg *rest.Config
	options, err := loadOptions(os.Getenv("CONFIG"))
	if err != nil {
		panic(err)
	}
	mgr, err := ctrl.NewManager(cfg, options)
	if err != nil {
		panic(err)
	}
	_ = controller.NewWidgetReconciler(mgr.GetClient(), mgr.GetScheme()) // want `^client handed to controller\.NewWidgetReconciler names no field manager, and 2 writes name none through it`
	_ = (&setup.WidgetReconciler{}).SetupWithManager(mgr)                // want `^manager handed to \(\*setup\.WidgetReconciler\)\.SetupWithManager makes a client that names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at setup\.go:35, status Update of \*v1alpha1\.Widget at setup\.go:38\); managedFields will show the client's user agent: set Client: client\.Options\{FieldOwner: \.\.\.\} in the manager's options$`

	// Options from a function that returns them in two places: reported,
	// without a fix.
	other, _ := ctrl.NewManager(cfg, defaultOptions(len(os.Args) > 1))
	_ = (&setup.WidgetReconciler{}).SetupWithManager(other) // want `manager handed to .*\(no suggested fix: the function that makes the manager's options returns them in more than one place\)$`

	// Options that name a field owner, or a custom client, or either:
	// not reported.
	owned, _ := ctrl.NewManager(cfg, ownedOptions())
	_ = (&setup.WidgetReconciler{}).SetupWithManager(owned)
	custom, _ := ctrl.NewManager(cfg, customOptions())
	_ = (&setup.WidgetReconciler{}).SetupWithManager(custom)
	either, _ := ctrl.NewManager(cfg, eitherOptions(len(os.Args) > 1))
	_ = (&setup.WidgetReconciler{}).SetupWithManager(either)
}

// loadOptions builds the manager's options from a configuration file; it
// never sets Client.
func loadOptions(path string) (ctrl.Options, error) {
	var err error
	if path == "" {
		err = errors.New("no configuration")
	}
	opts := ctrl.Options{
		LeaderElection: true,
	}
	opts.HealthProbeBindAddress = ":8081"
	return opts, err
}

func defaultOptions(leader bool) ctrl.Options {
	if leader {
		return ctrl.Options{LeaderElection: true}
	}
	return ctrl.Options{}
}

func ownedOptions() ctrl.Options {
	return ctrl.Options{Client: client.Options{FieldOwner: "widget-controller"}}
}

func customOptions() ctrl.Options {
	return ctrl.Options{NewClient: func(cfg *rest.Config, o client.Options) (client.Client, error) {
		c, err := client.New(cfg, o)
		return client.WithFieldOwner(c, "widget-controller"), err
	}}
}

func eitherOptions(owned bool) ctrl.Options {
	if owned {
		return ownedOptions()
	}
	return ctrl.Options{}
}
