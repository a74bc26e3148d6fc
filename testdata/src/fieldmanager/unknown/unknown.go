// Package unknown holds writes whose field manager the pass cannot decide;
// nothing here is reported.
package unknown

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
	"fieldmanager/unknown/opts"
)

// Options from the caller.
func patch(ctx context.Context, c client.Client, cm *corev1.ConfigMap, options ...client.PatchOption) error {
	return c.Patch(ctx, cm, client.Merge, options...)
}

func update(ctx context.Context, sw client.SubResourceWriter, w *v1alpha1.Widget, o client.SubResourceUpdateOption) error {
	return sw.Update(ctx, w, o)
}

// A client from the caller: create is never called here.
func create(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Create(ctx, cm)
}

// A field this package assigns from a parameter of an exported constructor
// it never calls: unknown here; the fact names the writes, for the
// packages that call NewFromParam.
type FromParam struct {
	client.Client // want Client:`^writes through the field: 2 \(status Update of \*v1alpha1\.Widget at unknown\.go:40; Create of \*corev1\.ConfigMap at unknown\.go:41\)$`
}

func NewFromParam(c client.Client) *FromParam { return &FromParam{Client: c} } // want NewFromParam:`param 0: 2 writes \(status Update of \*v1alpha1\.Widget at unknown\.go:40; Create of \*corev1\.ConfigMap at unknown\.go:41\)`

func (r *FromParam) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) error {
	_ = r.Status().Update(ctx, w)
	return r.Create(ctx, cm)
}

// A field this package assigns from the manager, whose client options are
// set elsewhere: not reported here; the fact names the write for the
// package that makes the manager.
type FromManager struct {
	C client.Client
}

func (r *FromManager) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:`param 0 \(manager\): 1 writes \(Update of \*corev1\.ConfigMap at unknown\.go:57\)`
	r.C = mgr.GetClient()
	return nil
}

func (r *FromManager) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.C.Update(ctx, cm)
}

// A field assigned both a wrapped and a plain client.
type Mixed struct {
	C client.Client // want C:`^writes through the field: 1 \(Update of \*corev1\.ConfigMap at unknown\.go:75\)$`
}

func NewMixed(c client.Client, cfgd bool) *Mixed {
	if cfgd {
		return &Mixed{C: client.WithFieldOwner(c, "x")}
	}
	return &Mixed{C: unwrapped}
}

var unwrapped client.Client

func (r *Mixed) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.C.Update(ctx, cm)
}

type R struct{ client.Client }

func (r *R) write(ctx context.Context, cm *corev1.ConfigMap, extra []client.PatchOption) error {
	// Options filled in by a method or by another package.
	o := &client.PatchOptions{}
	o.ApplyOptions([]client.PatchOption{client.FieldOwner("x")})
	_ = r.Patch(ctx, cm, client.Merge, o)
	_ = r.Create(ctx, cm, opts.Owner())
	_ = r.Create(ctx, cm, opts.Custom{})

	// Slices from elsewhere.
	_ = r.Patch(ctx, cm, client.Merge, extra...)
	all := append([]client.PatchOption{client.ForceOwnership}, extra...)
	_ = r.Patch(ctx, cm, client.Apply, all...)
	more := []client.PatchOption{}
	more[0] = client.FieldOwner("x")
	return r.Patch(ctx, cm, client.Merge, more...)
}
