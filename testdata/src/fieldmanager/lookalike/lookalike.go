// Package lookalike has types whose methods look like client writes but
// are not; nothing here is reported.
package lookalike

import (
	"context"

	corev1 "k8s.io/api/core/v1"
)

type statusWriter struct{}

func (statusWriter) Update(ctx context.Context, obj any) error { return nil }
func (statusWriter) Patch(ctx context.Context, obj any) error  { return nil }

type Store struct{}

func (Store) Create(ctx context.Context, obj any) error             { return nil }
func (Store) Update(ctx context.Context, obj any) error             { return nil }
func (Store) Apply(ctx context.Context, obj any, o ...string) error { return nil }
func (Store) Status() statusWriter                                  { return statusWriter{} }

type R struct {
	Client Store
}

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Client.Create(ctx, cm)
	_ = r.Client.Update(ctx, cm)
	_ = r.Client.Apply(ctx, cm)
	_ = r.Client.Status().Update(ctx, cm)
	_ = r.Client.Status().Patch(ctx, cm)
	client := r.Client
	_ = client.Create(ctx, cm)
}
