// Package addfuncs is the operator-sdk layout's controller package: each
// controller's Add is appended to AddToManagerFuncs in an init function,
// and AddToManager calls them all with the manager.
package addfuncs

import (
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// AddToManagerFuncs is a list of functions to add all controllers to the
// manager.
var AddToManagerFuncs []func(manager.Manager) error

// AddToManager adds all controllers to the manager.
func AddToManager(m manager.Manager) error { // want AddToManager:`^writes through its client parameters: param 0 \(manager\): 3 writes \(Patch of \*corev1\.ConfigMap at setup\.go:51 \(through setup\.NewGadgetReconciler\) \(through f \(addgadget\.Add, addwidget\.Add\)\); Create of`
	for _, f := range AddToManagerFuncs {
		if err := f(m); err != nil {
			return err
		}
	}
	return nil
}
