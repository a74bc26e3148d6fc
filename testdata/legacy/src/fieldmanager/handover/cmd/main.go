// Command cmd hands the manager's client, which on this release never
// names a field manager, to the constructor: reported, without a fix
// (there is no client.WithFieldOwner to wrap it with).
package main

import (
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"fieldmanager/handover/controller"
)

func main() {
	var cfg *rest.Config
	mgr, _ := manager.New(cfg, manager.Options{})
	_ = controller.NewConfigMapReconciler(mgr.GetClient()) // want `^client handed to controller\.NewConfigMapReconciler names no field manager, and 1 write names none through it \(status Update of \*corev1\.ConfigMap at controller\.go:25\); managedFields will show the client's user agent: pass client\.FieldOwner\(\.\.\.\) to each of those writes \(no suggested fix: this controller-runtime release has no client\.WithFieldOwner\)$`
}
