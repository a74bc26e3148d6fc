// want package:"reads status of k8s.io/api/apps/v1.Deployment"

// Package steps declares the interface a controller runs its steps
// through and makes them; the implementation lives in a package it
// imports, and what that reads is part of this package's fact.
package steps

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"watches/api"
	"watches/steps/route"
)

// Step is one step of a reconcile.
type Step interface {
	Reconcile(ctx context.Context, w *api.Widget) error
}

// New returns the route step.
func New(c client.Client) Step { return &route.Step{C: c} }

// Source is generic: its implementations are not looked for (the type
// checker does not define implementing an uninstantiated interface).
type Source[T any] interface {
	Reconcile(ctx context.Context, w *api.Widget) T
}
