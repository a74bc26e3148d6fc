// Command addmain makes a manager whose options name no field owner and
// hands it to the controller package of the operator-sdk layout, whose
// controllers write through its client.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"fieldmanager/handover/addfuncs"
	"fieldmanager/handover/addgadget"
	"fieldmanager/handover/addwidget"
)

func main() {
	var cfg *rest.Config
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{LeaderElection: true})
	if err != nil {
		panic(err)
	}
	if err := addfuncs.AddToManager(mgr); err != nil { // want `^manager handed to addfuncs\.AddToManager makes a client that names no field manager, and 3 writes name none through it \(Patch of \*corev1\.ConfigMap at setup\.go:51 \(through setup\.NewGadgetReconciler\) \(through f \(addgadget\.Add, addwidget\.Add\)\), `
		panic(err)
	}

	// main's own list of controllers, called with a manager it makes:
	// one finding at the call for every function the list holds.
	other, _ := ctrl.NewManager(cfg, ctrl.Options{})
	for _, add := range adders {
		_ = add(other) // want `^manager handed to add \(addgadget\.Add, addwidget\.Add\) makes a client that names no field manager, and 3 writes name none through it`
	}
}

var adders = []func(manager.Manager) error{addgadget.Add, addwidget.Add}
