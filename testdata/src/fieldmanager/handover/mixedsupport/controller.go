// Package mixedsupport is production code with one file of helpers for its
// tests (testing.go, importing testing): that file is skipped like a
// _test.go file, the package's other files are checked as usual.
package mixedsupport

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) ensure(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
