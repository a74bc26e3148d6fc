// Package spilled holds the cases of a Get's key that reaches it through a
// variable SSA keeps a parameter in: a parameter a function literal
// captures (as handed to retry.RetryOnConflict), or a struct parameter
// whose field is the key (req.NamespacedName); and the variables that do
// not hold the parameter all along (assigned again, changed through a
// field, or handed to a call that may change them), which stay silent.
// The shapes are rook's (nine controllers) and helm-controller's.
package spilled

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

type R struct{ client client.Client }

// updateDirect loads the object by the key it is given and writes it.
func (r *R) updateDirect(ctx context.Context, name types.NamespacedName, ready bool) {
	w := &api.Widget{}
	if err := r.client.Get(ctx, name, w); err != nil {
		return
	}
	w.Status.Ready = ready
	_ = r.client.Status().Update(ctx, w)
}

// updateRetried does the same in a function literal retried on conflict,
// which captures name: SSA keeps name in a variable.
func (r *R) updateRetried(ctx context.Context, name types.NamespacedName, ready bool) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := r.client.Get(ctx, name, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return r.client.Status().Update(ctx, w)
	})
}

// updateDropped retries and drops the error.
func (r *R) updateDropped(ctx context.Context, name types.NamespacedName, ready bool) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := r.client.Get(ctx, name, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return r.client.Status().Update(ctx, w)
	})
}

// updateNow calls its function literal itself.
func (r *R) updateNow(ctx context.Context, name types.NamespacedName, ready bool) {
	write := func() {
		w := &api.Widget{}
		if err := r.client.Get(ctx, name, w); err != nil {
			return
		}
		w.Status.Ready = ready
		_ = r.client.Status().Update(ctx, w)
	}
	write()
}

// updateNamed selects a field of name, so SSA keeps name in a variable.
func (r *R) updateNamed(ctx context.Context, name types.NamespacedName, ready bool) {
	if name.Name == "" {
		return
	}
	w := &api.Widget{}
	if err := r.client.Get(ctx, name, w); err != nil {
		return
	}
	w.Status.Ready = ready
	_ = r.client.Status().Update(ctx, w)
}

// updateRequest takes the whole request and retries with its key.
func (r *R) updateRequest(ctx context.Context, req reconcile.Request, ready bool) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := r.client.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return r.client.Status().Update(ctx, w)
	})
}

// Retried writes twice through the retried helper, its error returned.
type Retried struct{ R }

func (r *Retried) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	if err := r.updateRetried(ctx, req.NamespacedName, false); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.updateRetried(ctx, req.NamespacedName, true) // want `^status of w written a second time in one reconcile \(first write at :100 through \(\*R\)\.updateRetried\): collect`
}

// Ignored ignores the retried helper's error.
type Ignored struct{ R }

func (r *Ignored) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	_ = r.updateRetried(ctx, req.NamespacedName, false)
	_ = r.updateRetried(ctx, req.NamespacedName, true) // want `^status of w written a second time in one reconcile \(first write at :110 through \(\*R\)\.updateRetried\)`
	return reconcile.Result{}, nil
}

// Dropped writes through the helper that drops the error, then directly.
type Dropped struct{ R }

func (r *Dropped) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	r.updateDropped(ctx, req.NamespacedName, false)
	r.updateDirect(ctx, req.NamespacedName, true) // want `^status of w written a second time in one reconcile \(first write at :119 through \(\*R\)\.updateDropped\)`
	return reconcile.Result{}, nil
}

// Now writes through the helper that calls its literal, then the one
// that selects a field of its key.
type Now struct{ R }

func (r *Now) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	r.updateNow(ctx, req.NamespacedName, false)
	r.updateNamed(ctx, req.NamespacedName, true) // want `^status of w written a second time in one reconcile \(first write at :129 through \(\*R\)\.updateNow\)`
	return reconcile.Result{}, nil
}

// Split writes first in a helper that takes the whole request.
type Split struct{ R }

func (r *Split) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	r.reconcile(ctx, req)
	r.updateDirect(ctx, req.NamespacedName, true) // want `^status of w written a second time in one reconcile \(first write at :138 through \(\*Split\)\.reconcile\)`
	return reconcile.Result{}, nil
}

func (r *Split) reconcile(ctx context.Context, req reconcile.Request) {
	r.updateDirect(ctx, req.NamespacedName, false)
}

// Request writes through the helper that retries with the request's key,
// then through the one that takes the key.
type Request struct{ R }

func (r *Request) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	_ = r.updateRequest(ctx, req, false)
	_ = r.updateRetried(ctx, req.NamespacedName, true) // want `^status of w written a second time in one reconcile \(first write at :152 through \(\*R\)\.updateRequest\)`
	return reconcile.Result{}, nil
}

// TwoKeys writes two objects: the reconciled one and another by its own
// key.
type TwoKeys struct{ R }

func (r *TwoKeys) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	_ = r.updateRetried(ctx, req.NamespacedName, false)
	_ = r.updateRetried(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-config"}, true)
	return reconcile.Result{}, nil
}

// Reassigned writes through a literal whose key variable is assigned
// again between the two calls: two objects.
type Reassigned struct{ R }

func (r *Reassigned) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	key := req.NamespacedName
	set := func(ready bool) error {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			w := &api.Widget{}
			if err := r.client.Get(ctx, key, w); err != nil {
				return err
			}
			w.Status.Ready = ready
			return r.client.Status().Update(ctx, w)
		})
	}
	_ = set(false)
	key = types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-child"}
	_ = set(true)
	return reconcile.Result{}, nil
}

// updateParent assigns its key again before the literal captures it: it
// writes another object than the one its key names.
func (r *R) updateParent(ctx context.Context, name types.NamespacedName, ready bool) error {
	name = parentOf(name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := r.client.Get(ctx, name, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return r.client.Status().Update(ctx, w)
	})
}

func parentOf(name types.NamespacedName) types.NamespacedName {
	return types.NamespacedName{Namespace: name.Namespace, Name: name.Name + "-parent"}
}

// updateResolved hands its key's address to a call that may change it.
func (r *R) updateResolved(ctx context.Context, name types.NamespacedName, ready bool) error {
	resolve(&name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := r.client.Get(ctx, name, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return r.client.Status().Update(ctx, w)
	})
}

func resolve(name *types.NamespacedName) { name.Name += "-resolved" }

// updateSuffixed changes the captured key in the literal, through a field.
func (r *R) updateSuffixed(ctx context.Context, name types.NamespacedName, ready bool) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		name.Name += "-status"
		w := &api.Widget{}
		if err := r.client.Get(ctx, name, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return r.client.Status().Update(ctx, w)
	})
}

// reconcilePeer changes a field of the request before it uses its key.
func (r *R) reconcilePeer(ctx context.Context, req reconcile.Request) {
	req.Name += "-peer"
	r.updateDirect(ctx, req.NamespacedName, true)
}

// Changed writes the reconciled object once, and then, through helpers
// whose key variable does not hold the key they are given all along,
// other objects.
type Changed struct{ R }

func (r *Changed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	r.updateDirect(ctx, req.NamespacedName, false)
	_ = r.updateParent(ctx, req.NamespacedName, true)
	_ = r.updateResolved(ctx, req.NamespacedName, true)
	_ = r.updateSuffixed(ctx, req.NamespacedName, true)
	r.reconcilePeer(ctx, req)
	return reconcile.Result{}, nil
}
