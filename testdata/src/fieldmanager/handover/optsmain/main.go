// Command optsmain makes its managers from options another package's
// functions build (a config package's Load, through a helper of main that
// changes them further, as jobset's and lws's apply do): the config
// package's facts decide them, so a manager whose options name no field
// manager is reported where its client or the manager is handed over; one
// whose options name one, set a NewClient, or are undecided is not.
package main

import (
	"os"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/controller"
	"fieldmanager/handover/optsconfig"
	"fieldmanager/handover/setup"
)

func main() {
	var cfg *rest.Config
	var options ctrl.Options
	options, err := apply(os.Getenv("CONFIG"))
	if err != nil {
		panic(err)
	}
	options.LeaderElection = len(os.Args) > 1
	mgr, err := ctrl.NewManager(cfg, options)
	if err != nil {
		panic(err)
	}
	_ = controller.NewWidgetReconciler(mgr.GetClient(), mgr.GetScheme()) // want `^client handed to controller\.NewWidgetReconciler names no field manager, and 2 writes name none through it`
	_ = (&setup.WidgetReconciler{}).SetupWithManager(mgr)                // want `^manager handed to \(\*setup\.WidgetReconciler\)\.SetupWithManager makes a client that names no field manager, and 2 writes name none through it .*\(no suggested fix: the manager's options are not a struct literal here\)$`

	// Through a method of the config package.
	l := &optsconfig.Loader{Path: "config.yaml"}
	fromMethod, _ := l.Options()
	viaMethod, _ := ctrl.NewManager(cfg, fromMethod)
	_ = (&setup.WidgetReconciler{}).SetupWithManager(viaMethod) // want `^manager handed to \(\*setup\.WidgetReconciler\)\.SetupWithManager makes a client that names no field manager`

	// Options that name a field manager, set a NewClient, or are not
	// decided: not reported.
	owned, _ := ctrl.NewManager(cfg, optsconfig.LoadOwned())
	_ = controller.NewWidgetReconciler(owned.GetClient(), nil)

	setOwner, _ := optsconfig.Load("")
	optsconfig.SetOwner(&setOwner)
	viaSetter, _ := ctrl.NewManager(cfg, setOwner)
	_ = controller.NewWidgetReconciler(viaSetter.GetClient(), nil)

	custom, _ := ctrl.NewManager(cfg, optsconfig.LoadCustom())
	_ = controller.NewWidgetReconciler(custom.GetClient(), nil)

	withNewClient, _ := optsconfig.Load("")
	optsconfig.SetNewClient(&withNewClient, nil)
	viaNewClient, _ := ctrl.NewManager(cfg, withNewClient)
	_ = controller.NewWidgetReconciler(viaNewClient.GetClient(), nil)

	either, _ := ctrl.NewManager(cfg, optsconfig.LoadEither(len(os.Args) > 2))
	_ = controller.NewWidgetReconciler(either.GetClient(), nil)

	from, _ := ctrl.NewManager(cfg, optsconfig.LoadFrom(ctrl.Options{}))
	_ = controller.NewWidgetReconciler(from.GetClient(), nil)

	keep, _ := optsconfig.Load("")
	optsconfig.Keep(&keep)
	kept, _ := ctrl.NewManager(cfg, keep)
	_ = controller.NewWidgetReconciler(kept.GetClient(), nil)

	settings, _ := ctrl.NewManager(cfg, optsconfig.LoadSettings().Options)
	_ = controller.NewWidgetReconciler(settings.GetClient(), nil)

	// A function of main that sets the owner through a pointer.
	local, _ := optsconfig.Load("")
	setLocalOwner(&local)
	viaLocal, _ := ctrl.NewManager(cfg, local)
	_ = controller.NewWidgetReconciler(viaLocal.GetClient(), nil)
}

// apply loads the options and changes them further, through another
// package's function handed their address.
func apply(path string) (ctrl.Options, error) {
	options, err := optsconfig.Load(path)
	if err != nil {
		return options, err
	}
	options.HealthProbeBindAddress = ":8081"
	optsconfig.AddWebhookSettingsTo(&options, ":9443")
	return options, nil
}

func setLocalOwner(o *ctrl.Options) {
	o.Client = client.Options{FieldOwner: "widget-controller"}
}
