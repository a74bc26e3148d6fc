// Package illtyped does not type-check; the pass must not panic on it.
package illtyped

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	Broken undefinedType
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Create(ctx)
	_ = r.Create()
	_ = r.Patch(ctx, cm, undefinedPatch, undefinedOption)
	_ = r.Broken.Create(ctx, cm)
	_ = r.Status().Update(ctx, cm, undefinedOpts...)
	_ = r.Update(ctx, cm, client.FieldOwner(undefinedName))
	_ = r.Status(1).Update(ctx, cm)
	_ = r.SubResource(undefinedSub).Update(ctx, cm, client.FieldOwner("x"))
	var opts []client.CreateOption = undefinedSlice
	_ = r.Create(ctx, cm, opts...)
	o := &client.UpdateOptions{FieldManager: undefinedName, Undefined: 1}
	_ = r.Update(ctx, cm, o)
	c, d := client.New(nil, client.Options{FieldOwner: undefinedName})
	_ = c.Create(ctx, cm, d)
	_ = client.WithFieldOwner(r, 1).Create(ctx, cm)
	x := undefinedFunc()
	_ = x.Create(ctx, cm)
	for client := range undefinedRange {
		_ = client.Create(ctx, cm)
	}
	_ = r.Create(ctx, cm, &client.CreateOptions{undefinedName})
}
