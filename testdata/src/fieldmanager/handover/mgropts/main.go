// Command mgropts makes managers whose options already set Client: the fix
// adds FieldOwner to the Client literal, also through a local options
// variable; Client options that are not a literal get no fix.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/setup"
)

func main() {
	var cfg *rest.Config
	opts := ctrl.Options{Client: client.Options{}}
	viaVar, _ := ctrl.NewManager(cfg, opts)
	_ = setup.NewGadgetReconciler(viaVar) // want `^manager handed to setup\.NewGadgetReconciler makes a client that names no field manager, and 1 write names none through it \(Patch of \*corev1\.ConfigMap at setup\.go:51\); managedFields will show the client's user agent: set Client: client\.Options\{FieldOwner: \.\.\.\} in the manager's options$`

	clientOpts := client.Options{}
	notLiteral, _ := ctrl.NewManager(cfg, ctrl.Options{Client: clientOpts})
	_ = setup.NewGadgetReconciler(notLiteral) // want `\(no suggested fix: the manager's Client options are not a struct literal here\)$`
}
