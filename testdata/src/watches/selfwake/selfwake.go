// want package:"reads status of watches/api.Widget"

// Package selfwake has reconcilers that write into their own object's
// status, on every pass, a value that differs each time, with no predicate
// on For: each write wakes the reconcile again.
package selfwake

import (
	"context"
	"math/rand"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"watches/api"
)

// ClockReconciler stamps the time of every sync.
type ClockReconciler struct{ client.Client }

func (r *ClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Ready = true
	w.Status.LastSync = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `status written with the clock on every pass, and the Widget watch has no predicate: each write wakes this reconcile again at once, which writes again \(no suggested fix: keep values that change on every pass out of the status, or filter For with predicate.GenerationChangedPredicate\)$`
}

func (r *ClockReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// CounterReconciler counts its attempts, in a helper, and stamps a
// pointer to a formatted time.
type CounterReconciler struct{ client.Client }

func (r *CounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.count(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	now := metav1.NewTime(time.Now().UTC())
	w.Status.LastSeen = &now
	w.Status.SyncedAt = time.Now().Format(time.RFC3339)
	return ctrl.Result{}, r.Status().Patch(ctx, w, client.MergeFrom(w)) // want `status written with the clock on every pass`
}

func (r *CounterReconciler) count(ctx context.Context, w *api.Widget) error {
	w.Status.Attempts++
	return r.Status().Update(ctx, w) // want `status written with a counter on every pass`
}

func (r *CounterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// DeferredReconciler writes its status in a deferred call, after a random
// value on every path.
type DeferredReconciler struct{ client.Client }

func (r *DeferredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer r.Status().Update(ctx, w) // want `status written with a random value on every pass`
	w.Status.Attempts = rand.Int()
	return ctrl.Result{}, nil
}

func (r *DeferredReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// The quiet ones.

// FilteredReconciler stamps the time, but its For drops status-only
// updates.
type FilteredReconciler struct{ client.Client }

func (r *FilteredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastSync = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *FilteredReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// SteadyReconciler stamps the time only when the spec changed, and sets a
// condition whose time SetStatusCondition keeps when nothing changed.
type SteadyReconciler struct{ client.Client }

func (r *SteadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Attempts != w.Spec.Size {
		w.Status.Attempts = w.Spec.Size
		w.Status.LastSync = metav1.Now()
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()})
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *SteadyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// FirstCheckReconciler stamps the time of its first check only: the write
// that changes LastSeen runs when LastSeen is nil, and not again.
type FirstCheckReconciler struct{ client.Client }

func (r *FirstCheckReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.LastSeen == nil {
		base := w.DeepCopy()
		w.Status.LastSeen = &metav1.Time{Time: time.Now()}
		return ctrl.Result{}, r.Status().Patch(ctx, w, client.MergeFrom(base))
	}
	return ctrl.Result{}, nil
}

func (r *FirstCheckReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// VersionReconciler stamps the time, and its For's predicate drops only
// resyncs: every status update still passes.
type VersionReconciler struct{ client.Client }

func (r *VersionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastSync = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `status written with the clock on every pass`
}

func (r *VersionReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.ResourceVersionChangedPredicate{})).
		Complete(r)
}

// StampReconciler stamps the time through a helper of its own package.
type StampReconciler struct{ client.Client }

func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastSync = stamp()
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `status written with the clock on every pass`
}

func stamp() metav1.Time { return metav1.Now() }

func (r *StampReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// Clock is an injected clock, as operators take one for their tests.
type Clock interface{ Now() time.Time }

// InjectedClockReconciler stamps the time of its injected clock.
type InjectedClockReconciler struct {
	client.Client
	Clock Clock
}

func (r *InjectedClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastSync = metav1.NewTime(r.Clock.Now())
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `status written with the clock on every pass`
}

func (r *InjectedClockReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// EventsReconciler appends to a list in its status on every pass.
type EventsReconciler struct{ client.Client }

func (r *EventsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Events = append(w.Status.Events, "synced")
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `status written with a growing list on every pass`
}

func (r *EventsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// RebuiltReconciler rebuilds the list from nothing on every pass: the
// same list in the steady state.
type RebuiltReconciler struct{ client.Client }

func (r *RebuiltReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Events = nil
	w.Status.Events = append(w.Status.Events, "synced")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *RebuiltReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// HandedClockReconciler reads the clock once and hands the time to a
// helper that stamps and writes it, from two branches: every caller
// hands it the clock, so the helper's write differs on every pass.
type HandedClockReconciler struct{ client.Client }

func (r *HandedClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Size == 0 {
		return ctrl.Result{}, r.markSynced(ctx, &w, start)
	}
	return ctrl.Result{}, r.markSynced(ctx, &w, start)
}

func (r *HandedClockReconciler) markSynced(ctx context.Context, w *api.Widget, at time.Time) error {
	w.Status.LastSync = metav1.NewTime(at)
	return r.Status().Update(ctx, w) // want `status written with the clock on every pass`
}

func (r *HandedClockReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// HandedMixedReconciler hands its helper the clock from one branch and
// the object's creation time from the other: on the second path the
// status repeats, and a value that cannot be told apart by path is not
// counted as changing.
type HandedMixedReconciler struct{ client.Client }

func (r *HandedMixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Size == 0 {
		return ctrl.Result{}, r.markSeen(ctx, &w, w.CreationTimestamp.Time)
	}
	return ctrl.Result{}, r.markSeen(ctx, &w, time.Now())
}

func (r *HandedMixedReconciler) markSeen(ctx context.Context, w *api.Widget, at time.Time) error {
	w.Status.LastSync = metav1.NewTime(at)
	return r.Status().Update(ctx, w)
}

func (r *HandedMixedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// HandedExportedReconciler's helper is exported: another package may
// call it with any time, so what it stores is a value handed in.
type HandedExportedReconciler struct{ client.Client }

func (r *HandedExportedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.MarkSynced(ctx, &w, time.Now())
}

// MarkSynced stamps at and writes the status.
func (r *HandedExportedReconciler) MarkSynced(ctx context.Context, w *api.Widget, at time.Time) error {
	w.Status.LastSync = metav1.NewTime(at)
	return r.Status().Update(ctx, w)
}

func (r *HandedExportedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}

// ScheduledReconciler stamps each check in a helper that its Reconcile
// calls only once the schedule kept in the status is due: the write
// moves the schedule on, so the pass it wakes returns early.
type ScheduledReconciler struct{ client.Client }

func (r *ScheduledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reads status of watches/api.Widget"
	now := time.Now()
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.LastSeen != nil && now.Before(w.Status.LastSeen.Add(time.Hour)) {
		return ctrl.Result{RequeueAfter: time.Hour}, nil
	}
	return ctrl.Result{}, r.markChecked(ctx, &w, now)
}

func (r *ScheduledReconciler) markChecked(ctx context.Context, w *api.Widget, at time.Time) error {
	w.Status.LastSeen = &metav1.Time{Time: at}
	return r.Status().Update(ctx, w)
}

func (r *ScheduledReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Widget{}).Complete(r)
}
