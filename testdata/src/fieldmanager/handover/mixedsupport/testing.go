package mixedsupport

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// MustEnsure is a helper for the package's tests.
func (r *Reconciler) MustEnsure(t *testing.T, cm *corev1.ConfigMap) {
	if err := r.Create(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
}
