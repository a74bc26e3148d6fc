// Command opmain runs the operator opmaker makes, as karpenter's programs
// run operator.NewOperator's: the client of the manager it holds is
// decided from opmaker's fact, where main only reads the manager and
// hands the operator to no code but opmaker's.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/handover/controller"
	"fieldmanager/handover/opmaker"
)

func main() {
	ctx, op := opmaker.New()
	_ = controller.NewWidgetReconciler(op.GetClient(), op.GetScheme()) // want `^client handed to controller\.NewWidgetReconciler names no field manager, and 2 writes name none through it`
	op.WithName("main")
	_ = ctx

	owned := opmaker.Owned()
	_ = controller.NewWidgetReconciler(owned.GetClient(), nil)

	// Not decided: options from here, a manager the package sets again,
	// and an operator handed to code that could set its manager.
	_ = controller.NewWidgetReconciler(opmaker.FromOptions(ctrl.Options{}).GetClient(), nil)
	replaced := opmaker.NewReplaced()
	_ = controller.NewWidgetReconciler(replaced.Mgr.GetClient(), nil)
	_, kept := opmaker.New()
	keep(kept)
	_ = controller.NewWidgetReconciler(kept.GetClient(), nil)
}

var kept []*opmaker.Operator

func keep(op *opmaker.Operator) { kept = append(kept, op) }
