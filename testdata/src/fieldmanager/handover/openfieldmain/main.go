// Command openfieldmain makes reconcilers of another package with the
// manager's client, made without a field owner: where it stores that
// client in the reconciler's open field, or hands it to a function that
// does, it is reported, with a fix that wraps the client once. The
// constructor that wraps the client itself, a wrapped client, and a field
// its package overwrites are not reported.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/openfield"
	"fieldmanager/handover/openfieldwiring"
)

func main() {
	var cfg *rest.Config
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	_ = &openfield.WidgetReconciler{Client: mgr.GetClient()} // want `^client stored in openfield\.WidgetReconciler\.Client names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at openfield\.go:32, status Update of \*v1alpha1\.Widget at openfield\.go:35\); managedFields will show the client's user agent: wrap it with client\.WithFieldOwner\(\.\.\.\)$`

	r := openfield.NewWidgetReconciler(mgr.GetClient())
	r.Client = mgr.GetClient() // want `^client stored in openfield\.WidgetReconciler\.Client names no field manager, and 2 writes name none through it`

	_ = openfieldwiring.Setup(mgr.GetClient()) // want `^client handed to openfieldwiring\.Setup names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at openfield\.go:32 \(through openfield\.WidgetReconciler\.Client\), `

	_ = &openfield.WidgetReconciler{Client: client.WithFieldOwner(mgr.GetClient(), "widget-controller")}
	owned, _ := ctrl.NewManager(cfg, ctrl.Options{Client: client.Options{FieldOwner: "widget-controller"}})
	_ = &openfield.WidgetReconciler{Client: owned.GetClient()}

	g := &openfield.GadgetReconciler{Client: mgr.GetClient()}
	_ = g.SetupWithManager(mgr)
}
