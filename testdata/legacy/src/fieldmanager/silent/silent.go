// Package silent names a field manager, or cannot tell, in a
// controller-runtime v0.6 package; nothing here is reported.
package silent

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const owner = "configmap-controller"

type R struct {
	client.Client
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap, opts ...client.UpdateOption) error {
	_ = r.Create(ctx, cm, client.FieldOwner(owner))
	_ = r.Update(ctx, cm, &client.UpdateOptions{FieldManager: owner})
	_ = r.Patch(ctx, cm, client.Apply, &client.PatchOptions{Raw: &metav1.PatchOptions{FieldManager: owner}})
	_ = r.Status().Update(ctx, cm, client.FieldOwner(owner))
	popts := []client.PatchOption{client.ForceOwnership, client.FieldOwner(owner)}
	_ = r.Status().Patch(ctx, cm, client.Apply, popts...)
	_ = r.Status().Update(ctx, cm, opts...)
	return r.Update(ctx, cm, opts...)
}

// A field assigned from a parameter here.
type FromParam struct {
	C client.Client // want C:`^writes through the field: 1 \(Create of \*corev1\.ConfigMap at silent\.go:39\)$`
}

func NewFromParam(c client.Client) *FromParam { return &FromParam{C: c} } // want NewFromParam:`param 0: 1 writes`

func (r *FromParam) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.C.Create(ctx, cm)
}

// v0.6's client.Options has no FieldOwner: client.New names none, but a
// client from the caller is unknown.
func fromNew(ctx context.Context, cfg *rest.Config, cm *corev1.ConfigMap, c client.Client) error {
	_ = c.Update(ctx, cm)
	nc, err := client.New(cfg, client.Options{})
	if err != nil {
		return err
	}
	return nc.Create(ctx, cm, client.FieldOwner(owner))
}
