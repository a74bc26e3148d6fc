// Package flow holds clients whose origin depends on where the write is:
// the pass traces them on the package's SSA, so a variable reassigned
// after a write, or assigned in a closure, is decided at each write.
package flow

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reconciler's client is set by another package: it names no field
// manager.
type Reconciler struct {
	client.Client
	Other client.Client
}

// A variable wrapped after the first write: the first write goes through
// the plain client, the second through the wrapped one.
func (r *Reconciler) rewrapped(ctx context.Context, cm *corev1.ConfigMap) {
	c := r.Client
	_ = c.Create(ctx, cm) // want `^Create of \*corev1\.ConfigMap names no field manager`
	c = client.WithFieldOwner(c, "flow")
	_ = c.Update(ctx, cm)
}

// Wrapped on one branch only: unknown at the write after the branches.
func (r *Reconciler) branch(ctx context.Context, cm *corev1.ConfigMap, wrap bool) {
	c := r.Client
	if wrap {
		c = client.WithFieldOwner(c, "flow")
	}
	_ = c.Update(ctx, cm)
}

// Wrapped on both branches, and kept plain on both: decided.
func (r *Reconciler) branches(ctx context.Context, cm *corev1.ConfigMap, dry bool) {
	var wrapped, plain client.Client
	if dry {
		wrapped = client.WithFieldOwner(r.Other, "flow")
		plain = r.Other
	} else {
		wrapped = client.WithFieldOwner(r.Client, "flow")
		plain = r.Client
	}
	_ = wrapped.Update(ctx, cm)
	_ = plain.Update(ctx, cm) // want `^Update of \*corev1\.ConfigMap names no field manager`
}

// Assigned in a closure: the closure's assignments count.
func (r *Reconciler) closures(ctx context.Context, cm *corev1.ConfigMap) {
	var owned client.Client
	func() { owned = client.WithFieldOwner(r.Client, "flow") }()
	_ = owned.Create(ctx, cm)

	var plain client.Client
	set := func() { plain = r.Client }
	set()
	_ = plain.Create(ctx, cm) // want `^Create of \*corev1\.ConfigMap names no field manager`

	// Written in the closure, through the variable it captures.
	func() {
		_ = plain.Update(ctx, cm) // want `^Update of \*corev1\.ConfigMap names no field manager`
	}()
}

// A variable whose address is handed to a function may be set there:
// unknown.
func (r *Reconciler) escapes(ctx context.Context, cm *corev1.ConfigMap) {
	c := r.Client
	fill(&c)
	_ = c.Create(ctx, cm)
}

func fill(c *client.Client) { *c = client.WithFieldOwner(*c, "flow") }

// Option slices built from each other in a loop: the loop adds only
// options that name no manager, so neither slice names one.
func (r *Reconciler) cycle(ctx context.Context, cm *corev1.ConfigMap, n int) error {
	var a, b []client.PatchOption
	for i := 0; i < n; i++ {
		a = append(b, client.ForceOwnership)
		b = append(a, client.DryRunAll)
	}
	return r.Patch(ctx, cm, client.Apply, a...) // want `^Patch of \*corev1\.ConfigMap with client\.Apply names no field manager; the API server rejects an apply patch without one: pass client\.FieldOwner\(\.\.\.\) \(no suggested fix: the options are spread from a slice; add the owner to it\)$`
}

// Options set before the write and reset after it, or only after it: the
// write sees the slice as it is where it is made.
func (r *Reconciler) order(ctx context.Context, cm *corev1.ConfigMap) error {
	opts := []client.PatchOption{client.FieldOwner("flow")}
	_ = r.Patch(ctx, cm, client.Merge, opts...)
	opts = []client.PatchOption{client.ForceOwnership}
	_ = r.Patch(ctx, cm, client.Apply, opts...) // want `^Patch of \*corev1\.ConfigMap with client\.Apply names no field manager`

	var later []client.CreateOption
	_ = r.Create(ctx, cm, later...) // want `^Create of \*corev1\.ConfigMap names no field manager`
	later = append(later, client.FieldOwner("flow"))
	return r.Create(ctx, cm, later...)
}

// A generic type's methods and a generic function: their writes are
// decided in their bodies.
type Generic[T any] struct {
	client.Client
	Item T
}

func (g *Generic[T]) write(ctx context.Context, cm *corev1.ConfigMap) error {
	return g.Create(ctx, cm) // want `^Create of \*corev1\.ConfigMap names no field manager`
}

func update[T client.Object](ctx context.Context, r *Reconciler, obj T) error {
	return r.Update(ctx, obj) // want `^Update of T names no field manager`
}

// A variable set again in a loop, always to the plain client: the loop
// adds no other value.
func (r *Reconciler) loop(ctx context.Context, cms []*corev1.ConfigMap, reset bool) {
	c := r.Client
	for _, cm := range cms {
		if reset {
			c = r.Client
		}
		_ = c.Create(ctx, cm) // want `^Create of \*corev1\.ConfigMap names no field manager`
	}
}

// A status writer handed to a helper: the write is named after the writer
// every call of the helper hands in.
func updateStatus(ctx context.Context, sw client.SubResourceWriter, cm *corev1.ConfigMap) error {
	return sw.Update(ctx, cm) // want `^status Update of \*corev1\.ConfigMap names no field manager`
}

func (r *Reconciler) callUpdateStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	return updateStatus(ctx, r.Status(), cm)
}

// writer embeds the client: a reconciler handed over as one writes
// through its own embedded client (keda's authenticationReconciler).
type writer interface {
	client.Client
	Name() string
}

func (r *Reconciler) Name() string { return "flow" }

func label(ctx context.Context, w writer, cm *corev1.ConfigMap) error {
	return w.Update(ctx, cm) // want `^Update of \*corev1\.ConfigMap names no field manager`
}

func (r *Reconciler) relabel(ctx context.Context, cm *corev1.ConfigMap) error {
	return label(ctx, r, cm)
}

// ownedWriter's client, set here, names the field manager: not reported
// here; another package may set its exported field, and the fact says
// which writes go through it.
type ownedWriter struct {
	client.Client // want Client:`^writes through the field: 1 \(Update of \*corev1\.ConfigMap at flow\.go:1\d\d\)$`
}

func (ownedWriter) Name() string { return "owned" }

func labelOwned(ctx context.Context, w writer, cm *corev1.ConfigMap) error {
	return w.Update(ctx, cm)
}

func (r *Reconciler) relabelOwned(ctx context.Context, cm *corev1.ConfigMap) error {
	return labelOwned(ctx, ownedWriter{client.WithFieldOwner(r.Client, "flow")}, cm)
}

// loggingWriter declares its own Update, which names the field manager,
// and promotes the rest: what its Update does is its own, not reported.
type loggingWriter struct {
	client.Client
}

func (loggingWriter) Name() string { return "logging" }

func (l loggingWriter) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return l.Client.Update(ctx, obj, append(opts, client.FieldOwner("flow"))...)
}

func labelLogged(ctx context.Context, w writer, cm *corev1.ConfigMap) error {
	return w.Update(ctx, cm)
}

func (r *Reconciler) relabelLogged(ctx context.Context, cm *corev1.ConfigMap) error {
	return labelLogged(ctx, loggingWriter{r.Client}, cm)
}
