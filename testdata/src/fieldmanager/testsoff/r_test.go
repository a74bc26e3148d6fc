package testsoff

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func fakeClient(t *testing.T) client.Client { return nil }

func TestWrite(t *testing.T) {
	r := &R{Client: fakeClient(t)}
	_ = r.Update(context.Background(), &corev1.ConfigMap{})
	_ = r.write(context.Background(), &corev1.ConfigMap{})
	_ = helper(context.Background(), client.WithFieldOwner(fakeClient(t), "test"), &corev1.ConfigMap{})
}
