// Package addwidget is a second controller package of the operator-sdk
// layout.
package addwidget

import (
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"fieldmanager/handover/setup"
)

// Add creates the controller and adds it to the manager.
func Add(mgr manager.Manager) error { // want Add:`^writes through its client parameters: param 0 \(manager\): 2 writes`
	return (&setup.WidgetReconciler{}).SetupWithManager(mgr)
}
