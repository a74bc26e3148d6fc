// Package embeduse is a kubebuilder controller (its client field is set
// in cmd/main.go, so it is assumed to name no field manager) that hands
// itself to another package's helper as an interface that embeds the
// client: reported where it hands itself over, with no fix, since
// client.WithFieldOwner's result is not a Reconciler.
package embeduse

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/embedhelper"
)

type R struct {
	client.Client
}

func (r *R) Name() string { return "embeduse" }

func (r *R) finalize(ctx context.Context, obj client.Object) error {
	return embedhelper.EnsureFinalizer(ctx, r, obj) // want `^client handed to embedhelper\.EnsureFinalizer names no field manager, and 1 write names none through it \(Update of client\.Object at embedhelper\.go:\d+\); managedFields will show the client's user agent: wrap its client with client\.WithFieldOwner\(\.\.\.\) where it is set \(no suggested fix: r holds the client, and the wrapper could not stand in for it\)$`
}
