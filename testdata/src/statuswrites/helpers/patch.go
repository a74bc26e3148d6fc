package helpers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statuswrites/api"
)

// BasePatch returns a new object named as w, for a server-side apply of
// its status, as kueue's workload.BaseSSAWorkload does: writing it writes
// w.
func BasePatch(w *api.Widget) *api.Widget { // want BasePatch:`^returns an object named as argument 0$`
	p := &api.Widget{
		ObjectMeta: metav1.ObjectMeta{
			Name:        w.Name,
			Namespace:   w.Namespace,
			Generation:  w.Generation,
			Annotations: w.Annotations,
		},
		TypeMeta: w.TypeMeta,
	}
	if p.APIVersion == "" {
		p.APIVersion = "example.com/v1"
	}
	return p
}

// preparePatch returns what BasePatch returns, with the status copied.
func preparePatch(w *api.Widget) *api.Widget {
	p := BasePatch(w)
	p.Status.Ready = w.Status.Ready
	return p
}

// ApplyStatus applies the status of w as a patch built from it, as
// kueue's workload.ApplyAdmissionStatus does.
func ApplyStatus(ctx context.Context, c client.Client, w *api.Widget) error { // want ApplyStatus:`^writes status of argument 2 \(p\) 1 time\(s\): helpers\.ApplyStatus at patch\.go:[0-9]+$`
	p := preparePatch(w)
	return c.Status().Patch(ctx, p, client.Apply, client.FieldOwner("widgets"))
}

// StatusPatch returns an object named after w but not w: its status
// object, another object.
func StatusPatch(w *api.Widget) *api.Widget {
	return &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-status", Namespace: w.Namespace}}
}

// ApplyOther applies the status of another object than w.
func ApplyOther(ctx context.Context, c client.Client, w *api.Widget) error {
	p := StatusPatch(w)
	p.Status.Ready = w.Status.Ready
	return c.Status().Patch(ctx, p, client.Apply, client.FieldOwner("widgets"))
}
