// Package present names a field manager in every way the pass recognises;
// nothing here is reported.
package present

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldmanager/api/v1alpha1"
)

const owner = "widget-controller"

const typedOwner client.FieldOwner = "widget-controller"

var varOwner = client.FieldOwner(owner)

type R struct {
	client.Client
}

func (r *R) options(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget, name string) {
	// client.FieldOwner values.
	_ = r.Create(ctx, cm, client.FieldOwner("widget-controller"))
	_ = r.Create(ctx, cm, client.FieldOwner(owner))
	_ = r.Update(ctx, cm, typedOwner)
	_ = r.Patch(ctx, cm, client.Apply, varOwner, client.ForceOwnership)
	_ = r.Apply(ctx, v1alpha1.WidgetApply("w"), client.FieldOwner(name))
	_ = r.Status().Update(ctx, w, typedOwner)
	_ = r.Status().Patch(ctx, w, client.Merge, client.FieldOwner(owner))
	_ = r.Status().Create(ctx, w, cm, typedOwner)
	_ = r.Status().Apply(ctx, v1alpha1.WidgetApply("w"), typedOwner)
	_ = r.SubResource("scale").Update(ctx, w, typedOwner)
	var o client.PatchOption = client.FieldOwner(owner)
	_ = r.Patch(ctx, cm, client.Merge, o)
	_ = r.Patch(ctx, cm, client.Merge, client.PatchOption(typedOwner))

	// Option structs, values and pointers.
	_ = r.Create(ctx, cm, &client.CreateOptions{FieldManager: owner})
	_ = r.Update(ctx, cm, &client.UpdateOptions{FieldManager: name})
	_ = r.Patch(ctx, cm, client.Merge, &client.PatchOptions{Raw: &metav1.PatchOptions{FieldManager: owner}})
	_ = r.Apply(ctx, v1alpha1.WidgetApply("w"), &client.ApplyOptions{FieldManager: owner})
	_ = r.Status().Update(ctx, w, &client.SubResourceUpdateOptions{UpdateOptions: client.UpdateOptions{FieldManager: owner}})
	_ = r.Status().Patch(ctx, w, client.Merge, &client.SubResourcePatchOptions{PatchOptions: client.PatchOptions{Raw: &metav1.PatchOptions{FieldManager: owner}}})
	_ = r.Status().Create(ctx, w, cm, &client.SubResourceCreateOptions{CreateOptions: client.CreateOptions{FieldManager: owner}})
	_ = r.Status().Apply(ctx, v1alpha1.WidgetApply("w"), &client.SubResourceApplyOptions{ApplyOptions: client.ApplyOptions{FieldManager: owner}})

	uo := &client.UpdateOptions{}
	uo.FieldManager = owner
	_ = r.Update(ctx, cm, uo)

	var po client.PatchOptions
	po.Raw = &metav1.PatchOptions{FieldManager: owner}
	_ = r.Patch(ctx, cm, client.Merge, &po)

	// A custom option type of this package that sets FieldManager.
	_ = r.Create(ctx, cm, ownerOption{})
}

type ownerOption struct{}

func (ownerOption) ApplyToCreate(o *client.CreateOptions) { o.FieldManager = owner }

// Option slices built here.
func (r *R) slices(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget, dry bool) error {
	opts := []client.PatchOption{client.ForceOwnership, client.FieldOwner(owner)}
	if err := r.Patch(ctx, cm, client.Apply, opts...); err != nil {
		return err
	}

	var copts []client.CreateOption
	if dry {
		copts = append(copts, client.DryRunAll)
	}
	copts = append(copts, client.FieldOwner(owner))
	if err := r.Create(ctx, cm, copts...); err != nil {
		return err
	}

	base := []client.SubResourceUpdateOption{client.DryRunAll}
	sopts := append(base, typedOwner)
	if err := r.Status().Update(ctx, w, sopts...); err != nil {
		return err
	}
	return r.Update(ctx, cm, []client.UpdateOption{typedOwner}...)
}

// Clients that name a field manager themselves.
type Owned struct {
	// Every assignment in the package wraps the client.
	Client client.Client
	Status client.SubResourceWriter
}

func NewOwned(c client.Client) *Owned {
	return &Owned{Client: client.WithFieldOwner(c, owner)}
}

func (o *Owned) setup(c client.Client) {
	o.Client = client.WithFieldOwner(c, owner)
	o.Status = o.Client.Status()
}

func (o *Owned) write(ctx context.Context, cm *corev1.ConfigMap, w *v1alpha1.Widget, cfg *rest.Config, c client.Client) error {
	_ = o.Client.Create(ctx, cm)
	_ = o.Client.Status().Update(ctx, w)
	_ = o.Status.Update(ctx, w)

	wc := client.WithFieldOwner(c, "other")
	_ = wc.Update(ctx, cm)
	_ = wc.Status().Patch(ctx, w, client.Merge)
	sw := wc.SubResource("status")
	_ = sw.Update(ctx, w)

	nc, err := client.New(cfg, client.Options{FieldOwner: owner})
	if err != nil {
		return err
	}
	_ = nc.Patch(ctx, cm, client.Apply)

	opts := client.Options{}
	opts.FieldOwner = owner
	nc2, _ := client.New(cfg, opts)
	return client.Client(nc2).Create(ctx, cm)
}

// An embedded client wrapped everywhere the package sets it, in objects
// the package makes: other packages can make their own with a plain
// client, and the fact names the writes for them.
type Embedded struct {
	client.Client // want Client:`^writes through the field: 1 \(Create of \*corev1\.ConfigMap at present\.go:14\d\)$`
}

func NewEmbedded(c client.Client) *Embedded {
	return &Embedded{client.WithFieldOwner(c, owner)}
}

func (e *Embedded) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return e.Create(ctx, cm)
}

// A generic struct: its instances' fields are its own.
type Generic[T any] struct {
	client.Client // want Client:`^writes through the field: 2 \(Create of \*corev1\.ConfigMap at present\.go:1\d\d; Update of \*corev1\.ConfigMap at present\.go:1\d\d\)$`
	Item          T
}

func NewGeneric[T any](c client.Client) *Generic[T] {
	return &Generic[T]{Client: client.WithFieldOwner(c, owner)}
}

func (g *Generic[T]) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return g.Create(ctx, cm)
}

func useGeneric(ctx context.Context, g *Generic[int], cm *corev1.ConfigMap) error {
	return g.Client.Update(ctx, cm)
}
