package scaffold

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

func TestAnnotate(t *testing.T) {
	r := &PodReconciler{}
	pod := &corev1.Pod{}
	pod.Spec.NodeName = "node-1"
	_ = r.annotate(context.Background(), pod)
	annotate := r.annotate
	_ = annotate
}
