package testson

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type fixture struct {
	C client.Client
}

func TestWrite(t *testing.T) {
	r := &R{Client: nil}
	_ = r.write(context.Background(), &corev1.ConfigMap{})
	f := fixture{}
	_ = f.C.Create(context.Background(), &corev1.ConfigMap{}) // want `Create of \*corev1\.ConfigMap names no field manager`
}
