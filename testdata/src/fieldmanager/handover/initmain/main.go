// Command initmain keeps its reconcilers, made empty in another package, in
// a map of an interface with an Init method, and hands each the manager's
// client through it, as VictoriaMetrics operator does: the call is
// reported once, naming the writes of every Init the map can hold, a
// write two of them reach counted once.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/initers"
)

type controller interface {
	Init(name string, c client.Client)
}

var controllersByName = map[string]controller{
	"Agent": &initers.AgentReconciler{},
	"Rule":  &initers.RuleReconciler{},
	"Quiet": &initers.QuietReconciler{},
}

var quiet = []controller{&initers.QuietReconciler{}}

func main() {
	var cfg *rest.Config
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{})
	for name, ct := range controllersByName {
		ct.Init(name, mgr.GetClient()) // want `^client handed to ct\.Init \(\(\*initers\.AgentReconciler\)\.Init, \(\*initers\.RuleReconciler\)\.Init\) names no field manager, and 3 writes name none through it \(Create of \*corev1\.ConfigMap at initers\.go:28, Create of \*corev1\.Secret at initers\.go:49, `
	}

	// One looked up by its name, and a list of others.
	controllersByName["Rule"].Init("Rule", mgr.GetClient()) // want `^client handed to controllersByName\["Rule"\]\.Init \(\(\*initers\.AgentReconciler\)\.Init, \(\*initers\.RuleReconciler\)\.Init\) names no field manager`
	list := []controller{&initers.AgentReconciler{}}
	for _, ct := range list {
		ct.Init("Agent", mgr.GetClient()) // want `^client handed to \(\*initers\.AgentReconciler\)\.Init names no field manager, and 2 writes name none through it`
	}

	// Only reconcilers that name their field manager: quiet.
	for _, ct := range quiet {
		ct.Init("Quiet", mgr.GetClient())
	}

	// A client that names one: quiet.
	owned, _ := ctrl.NewManager(cfg, ctrl.Options{Client: client.Options{FieldOwner: "op"}})
	for name, ct := range controllersByName {
		ct.Init(name, owned.GetClient())
	}
}
