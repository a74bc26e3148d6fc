// Package relayleaf has the status helpers siblingrelay writes through.
package relayleaf

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

func SetReady(ctx context.Context, c client.Client, w *api.Widget) error { // want SetReady:"writes status fresh when the objects in parameters 2 are fresh" SetReady:"leaves parameters 2 written" SetReady:"patches from a snapshot as SetReadyFrom, parameter 2"
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

func UpdateStatus(c client.Client, obj client.Object) error { // want UpdateStatus:"writes status fresh when the objects in parameters 1 are fresh" UpdateStatus:"leaves parameters 1 written" UpdateStatus:"patches from a snapshot as UpdateStatusFrom, parameter 1"
	return c.Status().Update(context.Background(), obj)
}
