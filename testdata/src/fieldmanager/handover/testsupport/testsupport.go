// Package testsupport is test support outside _test.go files: it imports
// testing. Its writes are reported only with the tests setting on.
package testsupport

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Env struct {
	client.Client
}

func (e *Env) MustCreate(t *testing.T, cm *corev1.ConfigMap) {
	if err := e.Create(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
}
