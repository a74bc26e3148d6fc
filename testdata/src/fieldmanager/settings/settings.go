// Package settings is checked with
//
//	-fieldmanager.owned=fieldmanager/settings.OwnedField.Client,fieldmanager/settings.OwnedType,fieldmanager/settings.OuterOwned
//	-fieldmanager.unowned=fieldmanager/settings.Forced.C,fieldmanager/settings.(*ForcedType)
package settings

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

// OwnedField.Client is listed as owned; Other is not.
type OwnedField struct {
	Client client.Client
	Other  client.Client
}

func (r *OwnedField) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) {
	_ = r.Client.Create(ctx, cm)
	_ = r.Client.Status().Update(ctx, w)
	_ = r.Other.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}

// OwnedType is listed as owned: every client field of it is.
type OwnedType struct {
	client.Client
}

func (r *OwnedType) write(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Update(ctx, cm)
	_ = r.Client.Patch(ctx, cm, client.Merge)
}

// Forced.C is set from a parameter here, which alone would keep the pass
// silent; it is listed as unowned.
type Forced struct {
	C client.Client
}

func NewForced(c client.Client) *Forced { return &Forced{C: c} }

func (r *Forced) write(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.C.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}

// ForcedType is listed as unowned.
type ForcedType struct {
	client.Client
}

func NewForcedType(c client.Client) *ForcedType { return &ForcedType{c} }

func (r *ForcedType) write(ctx context.Context, w *v1alpha1.Widget) {
	_ = r.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`
}

// NotListed is set from a parameter here and not listed: unknown.
type NotListed struct {
	client.Client // want Client:`^writes through the field: 1 \(Create of \*corev1\.ConfigMap at settings\.go:69\)$`
}

func NewNotListed(c client.Client) *NotListed { return &NotListed{c} } // want NewNotListed:`param 0: 1 writes \(Create of \*corev1\.ConfigMap at settings\.go:69\)`

func (r *NotListed) write(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Create(ctx, cm)
}

// OuterOwned is listed as owned and promotes the client of an embedded
// struct that is not: a write through the promoted client is selected
// from OuterOwned, one that names the embedded struct is selected from it.
type OuterOwned struct {
	Inner
}

type Inner struct {
	client.Client
}

func (r *OuterOwned) write(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Create(ctx, cm)
	_ = r.Inner.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
