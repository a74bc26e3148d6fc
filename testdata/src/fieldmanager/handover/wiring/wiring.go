// Package wiring hands the client it is given on to another package's
// constructor: its fact names the writes it reaches there.
package wiring

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/controller"
)

func Setup(c client.Client, s *runtime.Scheme) *controller.WidgetReconciler { // want Setup:`^writes through its client parameters: param 0: 2 writes \(Create of \*corev1\.ConfigMap at controller\.go:37 \(through controller\.NewWidgetReconciler\); status Update`
	return controller.NewWidgetReconciler(c, s)
}
