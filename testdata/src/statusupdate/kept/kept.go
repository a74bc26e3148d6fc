// Package kept has helpers that are handed the snapshot they need: the
// callers copy the object right after the load and pass the copy in. The
// fix patches from that copy and changes no signature; where the copy is
// not the object as loaded, the helper gains a parameter as usual.
package kept

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	original := w.DeepCopy()
	w.Status.Ready = true
	return reconcile.Result{}, r.updateStatus(ctx, original, w)
}

// updateStatus compares with the copy and writes only on a change.
func (r *R) updateStatus(ctx context.Context, original, w *api.Widget) error {
	if len(original.Status.Conditions) == len(w.Status.Conditions) && reflect.DeepEqual(original.Status, w.Status) {
		return nil
	}
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// Semantic compares with apimachinery's equality, several callers.
type Semantic struct {
	client.Client
}

func (r *Semantic) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	before := w.DeepCopy()
	if w.Labels["paused"] != "" {
		w.Status.Ready = false
		return reconcile.Result{}, r.write(ctx, w, before)
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.write(ctx, w, before)
}

func (r *Semantic) write(ctx context.Context, w, before *api.Widget) error {
	if equality.Semantic.DeepEqual(before.Status, w.Status) {
		return nil
	}
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// Changed changes the copy in the helper: it is not the object as loaded,
// so the helper gains a snapshot parameter.
type Changed struct {
	client.Client
}

func (r *Changed) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	original := w.DeepCopy()
	w.Status.Ready = true
	return reconcile.Result{}, r.updateStatus(ctx, original, w)
}

func (r *Changed) updateStatus(ctx context.Context, original, w *api.Widget) error {
	original.Status.Ready = false
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// Stale copies before the object is read again, a load after the copy:
// the copy is not of the object as last loaded, so the helper gains a
// parameter.
type Stale struct {
	client.Client
}

func (r *Stale) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	original := w.DeepCopy()
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, r.updateStatus(ctx, original, w)
}

func (r *Stale) updateStatus(ctx context.Context, original, w *api.Widget) error {
	if reflect.DeepEqual(original.Status, w.Status) {
		return nil
	}
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// StatusOnly hands the helper a copy of the status taken after the load:
// the base is the object with that status put back.
type StatusOnly struct {
	client.Client
}

func (r *StatusOnly) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	oldStatus := w.Status.DeepCopy()
	w.Status.Ready = true
	return reconcile.Result{}, r.updateStatus(ctx, oldStatus, w)
}

func (r *StatusOnly) updateStatus(ctx context.Context, oldStatus *api.WidgetStatus, w *api.Widget) error {
	if reflect.DeepEqual(oldStatus, &w.Status) {
		return nil
	}
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}

// Logged binds the copy's status to a local that it only compares and
// logs (kuberay's updateRayCronJobStatus): the copy is still the object
// as loaded.
type Logged struct {
	client.Client
}

func (r *Logged) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	original := w.DeepCopy()
	w.Status.Ready = true
	return reconcile.Result{}, r.updateStatus(ctx, original, w)
}

func (r *Logged) updateStatus(ctx context.Context, original, w *api.Widget) error {
	oldStatus := original.Status
	newStatus := w.Status
	if oldStatus.Ready != newStatus.Ready {
		log.FromContext(ctx).Info("status changed", "old", oldStatus, "new", newStatus)
		return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
	}
	return nil
}

// Rebound changes the copy through the local its status is bound to,
// which shares the conditions' array: the copy is no longer the object
// as loaded, and the helper gains a parameter.
type Rebound struct {
	client.Client
}

func (r *Rebound) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	original := w.DeepCopy()
	w.Status.Ready = true
	return reconcile.Result{}, r.updateStatus(ctx, original, w)
}

func (r *Rebound) updateStatus(ctx context.Context, original, w *api.Widget) error {
	oldStatus := original.Status
	if len(oldStatus.Conditions) > 0 {
		oldStatus.Conditions[0].Reason = "Stale"
	}
	if reflect.DeepEqual(oldStatus, w.Status) {
		return nil
	}
	return r.Status().Update(ctx, w) // want `status written with Update in the reconcile path`
}
