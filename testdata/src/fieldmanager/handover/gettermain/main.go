// Command gettermain hands the manager's client, made without a field
// owner, to getterctor's constructor, whose reconciler writes through a
// getter on an interface.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/handover/getterctor"
)

func main() {
	var cfg *rest.Config
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	_ = getterctor.NewR(mgr.GetClient()) // want `^client handed to getterctor\.NewR names no field manager, and 1 write names none through it \(Update of client\.Object at getterctor\.go:\d+\)`
}
