package scaffold

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

func TestReconcile(t *testing.T) {
	setupSuite()
	r := &MemcachedReconciler{Client: k8sClient}
	_, _ = r.Reconcile(context.Background(), reconcile.Request{})
	_ = r.updateCondition(context.Background(), &api.Widget{}, metav1.Condition{})
	b := &BusyboxReconciler{Client: k8sClient, Reader: k8sClient}
	_, _ = b.Reconcile(context.Background(), reconcile.Request{})
	d := &direct{Client: k8sClient, reader: k8sClient}
	_, _ = d.Reconcile(context.Background(), reconcile.Request{})
	_ = r.reconcileParts
	wr := &WrittenReconciler{Client: k8sClient}
	_ = wr.markDone
}
