// Package nearmiss mirrors package present with the field manager missing
// each time; everything here is reported.
package nearmiss

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

type R struct {
	client.Client
}

func (r *R) options(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) {
	var o client.PatchOption = client.ForceOwnership
	_ = r.Patch(ctx, cm, client.Merge, o) // want `Patch of \*corev1\.ConfigMap names no field manager`

	_ = r.Patch(ctx, cm, client.Merge, &client.PatchOptions{Raw: &metav1.PatchOptions{}}) // want `Patch of \*corev1\.ConfigMap names no field manager`
	_ = r.Patch(ctx, cm, client.Merge, &client.PatchOptions{Raw: nil})                    // want `Patch of \*corev1\.ConfigMap names no field manager`

	uo := &client.UpdateOptions{}
	uo.DryRun = []string{"All"}
	_ = r.Update(ctx, cm, uo) // want `Update of \*corev1\.ConfigMap names no field manager`

	var po client.PatchOptions
	_ = r.Patch(ctx, cm, client.Merge, &po) // want `Patch of \*corev1\.ConfigMap names no field manager`

	_ = r.Create(ctx, cm, plainOption{})                          // want `Create of \*corev1\.ConfigMap names no field manager`
	_ = r.Status().Update(ctx, w, client.WithSubResourceBody(cm)) // want `status Update of \*v1alpha1\.Widget names no field manager`
}

type plainOption struct{}

func (plainOption) ApplyToCreate(o *client.CreateOptions) { o.DryRun = []string{"All"} }

func (r *R) slices(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget) error {
	opts := []client.PatchOption{client.ForceOwnership}
	opts = append(opts, client.DryRunAll)
	return r.Patch(ctx, cm, client.Apply, opts...) // want `Patch of \*corev1\.ConfigMap with client\.Apply names no field manager`
}

// Clients made in the package without a field manager.
type Plain struct {
	Client client.Client
	Status client.SubResourceWriter
}

func NewPlain(cfg *rest.Config) *Plain {
	c, _ := client.New(cfg, client.Options{})
	return &Plain{Client: c, Status: c.Status()}
}

func (p *Plain) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget, cfg *rest.Config) {
	_ = p.Client.Create(ctx, cm)         // want `Create of \*corev1\.ConfigMap names no field manager`
	_ = p.Status.Update(ctx, w)          // want `status Update of \*v1alpha1\.Widget names no field manager`
	_ = p.Client.Status().Update(ctx, w) // want `status Update of \*v1alpha1\.Widget names no field manager`

	opts := client.Options{FieldOwner: ""}
	nc, _ := client.New(cfg, opts)
	_ = nc.Update(ctx, cm) // want `Update of \*corev1\.ConfigMap names no field manager`

	wc := client.WithFieldValidation(p.Client, client.FieldValidation("Strict"))
	_ = wc.Update(ctx, cm) // want `Update of \*corev1\.ConfigMap names no field manager`
}

// A wrapper with its own Create: writes through it are writes.
type Wrapper struct {
	client.Client
}

func (w *Wrapper) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return w.Client.Create(ctx, obj, opts...)
}

type UsesWrapper struct {
	W *Wrapper
}

func (u *UsesWrapper) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return u.W.Create(ctx, cm) // want `Create of \*corev1\.ConfigMap names no field manager`
}
