package updaters // want package:"has status writers"

// This package hands out status updaters as an interface, as
// gpu-operator's conditions package does: the reconcilers keep one in a
// field and call it at the end of every reconcile.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// Updater sets an object's Ready status.
type Updater interface {
	SetReady(ctx context.Context, obj any) error
}

// NewWidgetUpdater returns the updater that writes a Widget's status.
func NewWidgetUpdater(c client.Client) Updater { // want NewWidgetUpdater:`constructs \*widgetUpdater`
	return &widgetUpdater{c: c}
}

type widgetUpdater struct{ c client.Client }

// SetReady gets the Widget from the cache and updates its status.
func (u *widgetUpdater) SetReady(ctx context.Context, obj any) error { // want SetReady:`writes status: \(\*updaters\.widgetUpdater\)\.SetReady at updaters\.go:38`
	w, ok := obj.(*api.Widget)
	if !ok {
		return nil
	}
	latest := &api.Widget{}
	if err := u.c.Get(ctx, client.ObjectKeyFromObject(w), latest); err != nil {
		return err
	}
	latest.Status.Ready = true
	return u.c.Status().Update(ctx, latest)
}

// NewLogger returns an updater that writes nothing: no fact.
func NewLogger() Updater {
	return logger{}
}

type logger struct{}

func (logger) SetReady(context.Context, any) error { return nil }
