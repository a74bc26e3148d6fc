// Package ignored silences findings with statuslint's directives.
package ignored

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	//statuslint:ignore conditions the status is a heartbeat, written on purpose every pass
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Alive", Status: metav1.ConditionTrue})
	return ctrl.Result{}, r.Status().Update(ctx, &w) //statuslint:ignore statusupdate single writer
}
