// Package lists holds the statuswrites cases of objects collected into a
// slice or a map that a loop then writes: one object in it twice, or in it
// and also written on its own, is written twice; the items of a list and
// objects made one per pass are different objects.
package lists

import (
	"context"
	"errors"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// OneAppend appends the same object twice in one call.
type OneAppend struct{ client.Client }

func (r *OneAppend) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	var toUpdate []*api.Widget
	toUpdate = append(toUpdate, w, w)
	for _, o := range toUpdate {
		if err := r.Status().Update(ctx, o); err != nil { // want `^status of w written twice by the loop over toUpdate in one reconcile \(added at :27 and :27\); the second write costs a round trip: put each object in toUpdate once, or collect the changes and write the status once, at the end of \(\*OneAppend\)\.Reconcile$`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// TwoAppends adds the object for each of two reasons, on the way.
type TwoAppends struct{ client.Client }

func (r *TwoAppends) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	var changed []*api.Widget
	if specChanged() {
		w.Status.Ready = false
		changed = append(changed, &w)
	}
	if err := step(); err == nil {
		w.Status.Ready = true
		changed = append(changed, &w)
	}
	for i := range changed {
		_ = r.Status().Patch(ctx, changed[i], client.MergeFrom(changed[i].DeepCopy())) // want `^status of w written twice by the loop over changed in one reconcile \(added at :47 and :51\); the second write costs a round trip: put each object in changed once`
	}
	return reconcile.Result{}, nil
}

// SliceLiteral ranges over a literal that names the object twice, and
// writes through a helper.
type SliceLiteral struct{ client.Client }

func (r *SliceLiteral) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	for _, o := range []*api.Widget{w, w} {
		r.markReady(ctx, o) // want `^status of w written twice by the loop over the slice literal in one reconcile \(added at :68 and :68\); the second write costs a round trip: put each object in the slice literal once, or collect`
	}
	return reconcile.Result{}, nil
}

func (r *SliceLiteral) markReady(ctx context.Context, w *api.Widget) {
	w.Status.Ready = true
	_ = r.Status().Update(ctx, w)
}

// Map keeps the objects to write under what changed in them: the same
// object under two keys.
type Map struct{ client.Client }

func (r *Map) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	byReason := map[string]*api.Widget{"ready": w}
	if specChanged() {
		byReason["spec"] = w
	}
	for _, o := range byReason {
		_ = r.Status().Update(ctx, o) // want `^status of w written twice by the loop over byReason in one reconcile \(added at :88 and :90\); the second write costs a round trip`
	}
	return reconcile.Result{}, nil
}

// LoadedTwice loads the object twice by the same key and writes both
// copies.
type LoadedTwice struct{ client.Client }

func (r *LoadedTwice) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(a\) 2 time\(s\)`
	var a, b api.Widget
	if err := r.Get(ctx, req.NamespacedName, &a); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, &b); err != nil {
		return reconcile.Result{}, err
	}
	a.Status.Ready = true
	for _, o := range []*api.Widget{&a, &b} {
		_ = r.Status().Update(ctx, o) // want `^status of a written twice by the loop over the slice literal in one reconcile \(added at :111 and :111\); the second write sends a copy the first made stale: put each object in`
	}
	return reconcile.Result{}, nil
}

// Values collects copies of the object: each write sends a copy.
type Values struct{ client.Client }

func (r *Values) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	copies := []api.Widget{*w}
	copies = append(copies, *w)
	for _, c := range copies {
		_ = r.Status().Update(ctx, &c) // want `^status of w written twice by the loop over copies in one reconcile \(added at :125 and :126\); the second write sends a copy the first made stale`
	}
	return reconcile.Result{}, nil
}

// WrittenThenListed writes the object and then the list that holds it.
type WrittenThenListed struct{ client.Client }

func (r *WrittenThenListed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	owner := &api.Widget{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "owner"}, owner); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	if err := r.Status().Update(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	for _, o := range []*api.Widget{owner, w} {
		_ = r.Status().Update(ctx, o) // want `^status of w written a second time in one reconcile by the loop over the slice literal, which holds it \(first write at :146\); the second write costs a round trip: collect the changes and write the status once, at the end of \(\*WrittenThenListed\)\.Reconcile$`
	}
	return reconcile.Result{}, nil
}

// ListedThenWritten writes a list that holds the object, then the object
// again, loaded anew by its key.
type ListedThenWritten struct{ client.Client }

func (r *ListedThenWritten) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	objs := []*api.Widget{w}
	for _, o := range objs {
		_ = r.Status().Update(ctx, o)
	}
	r.setReady(ctx, req.NamespacedName) // want `^status of w written a second time in one reconcile \(first write at :166 by the loop over objs, which holds it\); the second write sends a copy the first made stale: collect`
	return reconcile.Result{}, nil
}

func (r *ListedThenWritten) setReady(ctx context.Context, key client.ObjectKey) {
	var w api.Widget
	if err := r.Get(ctx, key, &w); err != nil {
		return
	}
	w.Status.Ready = true
	_ = r.Status().Update(ctx, &w)
}

// Distinct writes several different objects from a list: once each.
type Distinct struct{ client.Client }

func (r *Distinct) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	owner := &api.Widget{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "owner"}, owner); err != nil {
		return reconcile.Result{}, err
	}
	for _, o := range []*api.Widget{w, owner} {
		_ = r.Status().Update(ctx, o)
	}
	byName := map[string]*api.Widget{"w": w, "owner": owner}
	for _, o := range byName {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

// Items writes the items of a list, and objects made one per pass and
// collected: different objects.
type Items struct{ client.Client }

func (r *Items) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	items := listWidgets()
	for i := range items {
		items[i].Status.Ready = true
		_ = r.Status().Update(ctx, &items[i])
	}
	var children []*api.Widget
	for _, name := range []string{"a", "b"} {
		child := &api.Widget{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: name}, child); err != nil {
			continue
		}
		children = append(children, child)
	}
	for i := range items {
		children = append(children, &items[i])
	}
	for _, c := range children {
		_ = r.Status().Update(ctx, c)
	}
	byName := map[string]*api.Widget{}
	for i := range items {
		byName[items[i].Name] = &items[i]
	}
	for _, o := range byName {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

// ExclusiveAppends adds the object on one branch of an if or the other:
// once on every path.
type ExclusiveAppends struct{ client.Client }

func (r *ExclusiveAppends) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	var objs []*api.Widget
	if specChanged() {
		objs = append(objs, w)
	} else {
		objs = append(objs, w)
	}
	for _, o := range objs {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

// AddedOrWritten adds the object to the list on one branch and writes it
// on the other: once on every path.
type AddedOrWritten struct{ client.Client }

func (r *AddedOrWritten) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	var later []*api.Widget
	if specChanged() {
		later = append(later, w)
	} else {
		_ = r.Status().Update(ctx, w)
	}
	for _, o := range later {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

// ExclusiveEntries puts the object in a map under one key or the other.
type ExclusiveEntries struct{ client.Client }

func (r *ExclusiveEntries) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	byReason := map[string]*api.Widget{}
	if specChanged() {
		byReason["spec"] = w
	} else {
		byReason["status"] = w
	}
	for _, o := range byReason {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

// SameKey keys a map by the object's name: adding it twice keeps it once.
type SameKey struct{ client.Client }

func (r *SameKey) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	pending := map[string]*api.Widget{}
	pending[w.Name] = w
	if specChanged() {
		pending[w.Name] = w
	}
	for _, o := range pending {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

// Objects collects client.Objects and writes each in a conflict retry.
type Objects struct{ client.Client }

func (r *Objects) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	objs := []client.Object{w}
	if specChanged() {
		objs = append(objs, w)
	}
	for _, o := range objs {
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error { // want `^status of w written twice by the loop over objs in one reconcile \(added at :326 and :328\); the second write costs a round trip`
			return r.Status().Update(ctx, o)
		})
		if err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// MadeEachPass makes a new object on each pass of a loop and collects it:
// one object per pass.
type MadeEachPass struct{ client.Client }

func (r *MadeEachPass) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var made []*api.Widget
	for i := range 3 {
		w := &api.Widget{}
		w.Name = string(rune('a' + i))
		made = append(made, w)
	}
	for _, o := range made {
		_ = r.Status().Update(ctx, o)
	}
	return reconcile.Result{}, nil
}

func specChanged() bool         { return true }
func step() error               { return errors.New("x") }
func listWidgets() []api.Widget { return nil }
