// Package openfieldwiring stores the client it is handed in another
// package's open field: its fact names the writes the client reaches
// there.
package openfieldwiring

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/openfield"
)

func Setup(c client.Client) *openfield.WidgetReconciler { // want Setup:`^writes through its client parameters: param 0: 2 writes \(Create of \*corev1\.ConfigMap at openfield\.go:32 \(through openfield\.WidgetReconciler\.Client\); status Update of \*v1alpha1\.Widget at openfield\.go:35 \(through openfield\.WidgetReconciler\.Client\)\)$`
	return &openfield.WidgetReconciler{Client: c}
}
