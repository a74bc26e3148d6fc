// Command mgrmain makes managers and hands them to the setup package, whose
// reconcilers write through the managers' clients: a manager whose options
// name no field owner is reported where it is handed over, with a fix that
// names one in the options literal (once for every hand-over).
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/handover/setup"
)

func main() {
	var cfg *rest.Config
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:         nil,
		LeaderElection: true,
	})
	if err != nil {
		panic(err)
	}
	if err := (&setup.WidgetReconciler{}).SetupWithManager(mgr); err != nil { // want `^manager handed to \(\*setup\.WidgetReconciler\)\.SetupWithManager makes a client that names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at setup\.go:35, status Update of \*v1alpha1\.Widget at setup\.go:38\); managedFields will show the client's user agent: set Client: client\.Options\{FieldOwner: \.\.\.\} in the manager's options$`
		panic(err)
	}
	_ = setup.NewGadgetReconciler(mgr) // want `^manager handed to setup\.NewGadgetReconciler makes a client that names no field manager, and 1 write names none through it \(Patch of \*corev1\.ConfigMap at setup\.go:51\)`
	_ = (&setup.OwnedReconciler{}).SetupWithManager(mgr)

	single, _ := ctrl.NewManager(cfg, ctrl.Options{Scheme: nil})
	setupControllers(single)

	// A manager captured by a closure and handed over inside it: the fix
	// goes to the options literal of the variable the closure captures.
	captured, _ := ctrl.NewManager(cfg, ctrl.Options{LeaderElection: true})
	func() {
		_ = setup.NewGadgetReconciler(captured) // want `^manager handed to setup\.NewGadgetReconciler makes a client that names no field manager, and 1 write names none through it \(Patch of \*corev1\.ConfigMap at setup\.go:51\); managedFields will show the client's user agent: set Client: client\.Options\{FieldOwner: \.\.\.\} in the manager's options$`
	}()

	// Options that are not a literal here: no fix.
	var opts ctrl.Options
	fromVar, _ := ctrl.NewManager(cfg, opts)
	_ = setup.NewGadgetReconciler(fromVar) // want `manager handed to setup\.NewGadgetReconciler makes a client .*\(no suggested fix: the manager's options are not a struct literal here\)$`
}

// setupControllers is handed the manager by main, once: the hand-over is
// reported here, and the fix goes to the options literal in main.
func setupControllers(mgr ctrl.Manager) {
	_ = (&setup.WidgetReconciler{}).SetupWithManager(mgr) // want `^manager handed to \(\*setup\.WidgetReconciler\)\.SetupWithManager makes a client that names no field manager, and 2 writes`
	ensureConfigMap(context.Background(), mgr)
}

// ensureConfigMap writes through the client of the manager main makes: the
// same package, so the write is reported where it is.
func ensureConfigMap(ctx context.Context, mgr ctrl.Manager) {
	c := mgr.GetClient()
	_ = c.Create(ctx, &corev1.ConfigMap{}) // want `^Create of \*corev1\.ConfigMap names no field manager`
}
