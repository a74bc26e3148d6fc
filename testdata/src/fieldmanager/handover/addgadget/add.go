// Package addgadget is a controller package of the operator-sdk layout:
// its Add is what the controller package's list of controllers holds.
package addgadget

import (
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"fieldmanager/handover/setup"
)

// Add creates the controller and adds it to the manager.
func Add(mgr manager.Manager) error { // want Add:`^writes through its client parameters: param 0 \(manager\): 1 writes \(Patch of \*corev1\.ConfigMap at setup\.go:51 \(through setup\.NewGadgetReconciler\)\)$`
	_ = setup.NewGadgetReconciler(mgr)
	return nil
}
