// Command customclient makes its managers with a NewClient of its own, as
// VictoriaMetrics operator does: client.New with the options it is
// handed, wrapped on one path in a dry-run client of the program's own.
// The manager's client names a field manager as its options do: none
// here, so the hand-over is reported. A NewClient that sets the owner, or
// whose wrapper names one, or that returns a client from elsewhere, is
// not.
package main

import (
	"context"
	"os"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/controller"
)

var dryRun = os.Getenv("DRY_RUN") != ""

func main() {
	var cfg *rest.Config
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{
		NewClient: func(config *rest.Config, options client.Options) (client.Client, error) {
			c, err := client.New(config, options)
			if err != nil {
				return nil, err
			}
			if dryRun {
				return newDryRunClient(c), nil
			}
			return c, nil
		},
	})
	_ = controller.NewWidgetReconciler(mgr.GetClient(), mgr.GetScheme()) // want `^client handed to controller\.NewWidgetReconciler names no field manager, and 2 writes name none through it`

	// A copy of the options changed before client.New: still none.
	copied, _ := ctrl.NewManager(cfg, ctrl.Options{NewClient: uncached})
	_ = controller.NewWidgetReconciler(copied.GetClient(), nil) // want `^client handed to controller\.NewWidgetReconciler names no field manager`

	// Options that name one, handed to client.New: quiet.
	owned, _ := ctrl.NewManager(cfg, ctrl.Options{Client: client.Options{FieldOwner: "widget-controller"}, NewClient: uncached})
	_ = controller.NewWidgetReconciler(owned.GetClient(), nil)

	// A wrapper that names one itself: quiet.
	wrapped, _ := ctrl.NewManager(cfg, ctrl.Options{
		NewClient: func(config *rest.Config, options client.Options) (client.Client, error) {
			c, err := client.New(config, options)
			return ownedClient{c}, err
		},
	})
	_ = controller.NewWidgetReconciler(wrapped.GetClient(), nil)

	// A client from elsewhere: not decided, quiet.
	other, _ := ctrl.NewManager(cfg, ctrl.Options{
		NewClient: func(*rest.Config, client.Options) (client.Client, error) { return otherClient(), nil },
	})
	_ = controller.NewWidgetReconciler(other.GetClient(), nil)
}

// uncached changes its copy of the options, not the field owner.
func uncached(config *rest.Config, options client.Options) (client.Client, error) {
	options.Cache = nil
	return client.New(config, options)
}

// dryRunClient writes nothing: its Create only pretends.
type dryRunClient struct{ client.Client }

func newDryRunClient(c client.Client) client.Client { return &dryRunClient{Client: c} }

func (d *dryRunClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return nil
}

// ownedClient names a field manager on every Create.
type ownedClient struct{ client.Client }

func (o ownedClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return o.Client.Create(ctx, obj, append(opts, client.FieldOwner("widget-controller"))...)
}

func otherClient() client.Client { return nil }
