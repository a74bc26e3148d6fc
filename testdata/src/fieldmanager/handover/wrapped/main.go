// Command wrapped hands the controllers clients that name a field manager,
// or clients the pass cannot decide: nothing here is reported.
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"fieldmanager/handover/controller"
	"fieldmanager/handover/setup"
	"fieldmanager/handover/wiring"
)

const owner = "widget-controller"

func main() {
	var cfg *rest.Config
	ctx := context.Background()

	// The client wrapped once.
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{})
	c := client.WithFieldOwner(mgr.GetClient(), owner)
	_ = controller.NewWidgetReconciler(c, mgr.GetScheme())
	_ = controller.EnsureConfigMap(ctx, c, &corev1.ConfigMap{})
	_ = wiring.Setup(client.WithFieldOwner(mgr.GetClient(), owner), nil)

	// A manager configured with a field owner.
	owned, _ := ctrl.NewManager(cfg, ctrl.Options{Client: client.Options{FieldOwner: owner}})
	_ = controller.NewWidgetReconciler(owned.GetClient(), nil)
	opts := manager.Options{}
	opts.Client.FieldOwner = owner
	alsoOwned, _ := manager.New(cfg, opts)
	_ = controller.EnsureConfigMap(ctx, alsoOwned.GetClient(), &corev1.ConfigMap{})

	// A manager whose client is made by a function of the program's own.
	custom, _ := ctrl.NewManager(cfg, ctrl.Options{NewClient: newClient})
	_ = controller.NewWidgetReconciler(custom.GetClient(), nil)

	// A manager from elsewhere.
	_ = controller.NewWidgetReconciler(otherManager().GetClient(), nil)

	// Managers handed to reconcilers that take their client from them:
	// configured with a field owner, with a custom client, from elsewhere.
	_ = (&setup.WidgetReconciler{}).SetupWithManager(owned)
	_ = setup.NewGadgetReconciler(alsoOwned)
	_ = (&setup.WidgetReconciler{}).SetupWithManager(custom)
	_ = setup.NewGadgetReconciler(otherManager())
	setupOwned(owned)
}

// setupOwned is handed only the manager configured with a field owner.
func setupOwned(mgr ctrl.Manager) {
	_ = (&setup.WidgetReconciler{}).SetupWithManager(mgr)
}

func newClient(cfg *rest.Config, o client.Options) (client.Client, error) {
	c, err := client.New(cfg, o)
	return client.WithFieldOwner(c, owner), err
}

func otherManager() manager.Manager { return nil }
