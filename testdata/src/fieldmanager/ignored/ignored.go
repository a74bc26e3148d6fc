package ignored

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) sync(ctx context.Context, cm *corev1.ConfigMap) {
	//statuslint:ignore fieldmanager the manager is set by the server-side apply of a sibling controller
	_ = r.Create(ctx, cm)
	_ = r.Update(ctx, cm)                      //statuslint:ignore statusupdate,fieldmanager a single writer
	_ = r.Patch(ctx, cm, client.MergeFrom(cm)) // want `Patch of \*corev1.ConfigMap names no field manager`
	//statuslint:ignore fieldmanager nothing here to silence // want `statuslint:ignore for fieldmanager silences nothing here; remove it`
	_ = r.Delete(ctx, cm)
}
