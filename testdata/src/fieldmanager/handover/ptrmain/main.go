// Command ptrmain hands the address of its reconciler's client, the
// manager's client made without a field owner, to another package's
// helper: reported there, without a fix (the address cannot be wrapped).
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/handover/ptrhelper"
)

type reconciler struct {
	Client client.Client
	Owned  client.Client
}

func main() {
	var cfg *rest.Config
	ctx := context.Background()
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{})
	r := &reconciler{Client: mgr.GetClient(), Owned: client.WithFieldOwner(mgr.GetClient(), "ptrmain")}
	_ = ptrhelper.ReconcileConfigMap(ctx, &r.Client, &corev1.ConfigMap{}) // want `^client handed to ptrhelper\.ReconcileConfigMap by pointer names no field manager, and 2 writes name none through it \(Create of \*corev1\.ConfigMap at ptrhelper\.go:16, Update of \*corev1\.ConfigMap at ptrhelper\.go:19\); managedFields will show the client's user agent: wrap the client with client\.WithFieldOwner\(\.\.\.\) where it is stored \(no suggested fix: the client is handed over by its address\)$`
	_ = ptrhelper.ReconcileConfigMap(ctx, &r.Owned, &corev1.ConfigMap{})
	_ = ptrhelper.Reset(ctx, &r.Client, &corev1.ConfigMap{})
}
