// Command cmd wires the controllers with the manager's client, made without
// a field owner: each hand-over to a function whose fact names writes is
// reported, with a fix that wraps the client once.
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/handover/controller"
	"fieldmanager/handover/wiring"
)

func main() {
	var cfg *rest.Config
	ctx := context.Background()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{Scheme: nil})
	if err != nil {
		panic(err)
	}
	r := controller.NewWidgetReconciler(mgr.GetClient(), mgr.GetScheme()) // want `^client handed to controller\.NewWidgetReconciler names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at controller\.go:37, status Update of \*v1alpha1\.Widget at controller\.go:40\); managedFields will show the client's user agent: wrap it with client\.WithFieldOwner\(\.\.\.\)$`
	_ = r

	c := mgr.GetClient()
	_ = controller.EnsureConfigMap(ctx, c, &corev1.ConfigMap{}) // want `client handed to controller\.EnsureConfigMap names no field manager, and 2 writes name none`
	_ = controller.EnsureOwned(ctx, c, &corev1.ConfigMap{})
	_ = wiring.Setup(
		mgr.GetClient(), // want `client handed to wiring\.Setup names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at controller\.go:37 \(through controller\.NewWidgetReconciler\), `
		mgr.GetScheme(),
	)
}
