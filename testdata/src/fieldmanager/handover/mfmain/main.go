// Command mfmain hands the manager's client, which names no field
// manager, to helpers of mfhelper: only those whose facts name writes
// other than managed fields alone are reported.
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"

	"fieldmanager/handover/mfhelper"
)

func main() {
	var cfg *rest.Config
	ctx := context.Background()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	c := mgr.GetClient()
	pod := &corev1.Pod{}
	_ = mfhelper.MitigateManagedFields(ctx, c, pod)
	_ = mfhelper.MigrateManagedFields(ctx, c, pod, metav1.ManagedFieldsEntry{})
	_ = mfhelper.Relabel(ctx, c, pod) // want `^client handed to mfhelper\.Relabel names no field manager, and 1 write names none through it \(Patch of client\.Object at mfhelper\.go:43\); `
	_ = mfhelper.Both(ctx, c, pod)    // want `^client handed to mfhelper\.Both names no field manager, and 1 write names none through it \(Update of client\.Object at mfhelper\.go:51\); `
}
