// Package siblingrelay has status helpers that write through another
// package's helpers: MarkReady hands its object on to
// relayleaf.SetReady, so its sibling calls SetReady's;
// UpdateCondition reads the object itself in a conflict retry and writes it
// through relayleaf.UpdateStatus (rook's controller.UpdateCondition),
// so it patches in place and its callers change nothing.
package siblingrelay

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
	"statusupdate/relayleaf"
)

func MarkReady(ctx context.Context, c client.Client, w *api.Widget) error { // want MarkReady:"writes status fresh when the objects in parameters 2 are fresh" MarkReady:"leaves parameters 2 written" MarkReady:"patches from a snapshot as MarkReadyFrom, parameter 2"
	w.Status.Ready = true
	return relayleaf.SetReady(ctx, c, w)
}

func UpdateCondition(ctx context.Context, c client.Client, key types.NamespacedName) { // want UpdateCondition:"patches in place from copies after its own reads"
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := c.Get(ctx, key, w); err != nil {
			return err
		}
		w.Status.Ready = true
		return relayleaf.UpdateStatus(c, w)
	})
}

// checker is unexported, but other packages call its methods on the value
// NewChecker hands them (rook's mirrorChecker): Check reads its object and
// patches in place.
type checker struct{ c client.Client }

func NewChecker(c client.Client) *checker { return &checker{c: c} }

func (k *checker) Check(ctx context.Context, key types.NamespacedName) error { // want Check:"patches in place from copies after its own reads"
	w := &api.Widget{}
	if err := k.c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Status.Ready = true
	return relayleaf.UpdateStatus(k.c, w)
}
