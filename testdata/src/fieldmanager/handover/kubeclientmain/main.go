// Command kubeclientmain wraps the manager's client with another
// package's constructor, which its package also calls with a fake: the
// hand-over is reported.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/handover/kubeclient"
)

func main() {
	var cfg *rest.Config
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{})
	_ = kubeclient.NewClient(mgr.GetClient()) // want `^client handed to kubeclient\.NewClient names no field manager, and 1 write names none through it`
}
