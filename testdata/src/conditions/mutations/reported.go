package mutations

import (
	"context"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"conditions/api"
)

// ready is the condition most cases set.
var ready = metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate"}

// ObservedReconciler records the observed generation too: in the steady
// state nothing changes and the write is redundant, but guarding it with
// the conditions' result alone would stop saving a new generation. The fix
// compares the status with a copy taken after the load.
type ObservedReconciler struct {
	client.Client
}

func (r *ObservedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.ObservedGeneration = w.Generation
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.ObservedGeneration is copied from the metadata\)$`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// CallerAssignsReconciler assigns a status field before calling a helper
// that sets and writes: a fix in the helper by the conditions' result would
// drop the caller's change, and the helper cannot copy the status as it was
// loaded. No fix.
type CallerAssignsReconciler struct {
	client.Client
}

func (r *CallerAssignsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.ReadyReplicas = 2
	return ctrl.Result{}, r.setReady(ctx, &w)
}

func (r *CallerAssignsReconciler) setReady(ctx context.Context, w *api.Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `write only when the status changed \(in the steady state: Status\.ReadyReplicas is set to 2\)$`
	return r.Status().Update(ctx, w)
}

// MapReconciler changes a map in the status.
type MapReconciler struct {
	client.Client
}

func (r *MapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Replicas["a"] = 1
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.Replicas\[\.\.\.\] is set to 1\)$`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// RemoveOtherReconciler removes a condition of another type after the set.
type RemoveOtherReconciler struct {
	client.Client
}

func (r *RemoveOtherReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: another condition is removed\)$`
	meta.RemoveStatusCondition(&w.Status.Conditions, "Stale")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// OtherBranchReconciler stamps the time on another branch only: the path
// through the set and the write changes nothing else, so it gets the fix.
type OtherBranchReconciler struct {
	client.Client
}

func (r *OtherBranchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	if w.Spec.Message == "" {
		w.MarkRun(metav1.Now())
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when a condition changed$`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// HarmlessReconciler reads the object, logs it and what strings.Join makes
// of a list in its status, copies it, changes its
// metadata and spec, and hands it to controller-runtime: none of that
// changes the status, so the fix is offered.
type HarmlessReconciler struct {
	client.Client
}

func (r *HarmlessReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	logger := log.FromContext(ctx, "widget", client.ObjectKeyFromObject(&w))
	logger.Info("reconciling", "object", &w, "ready", w.IsReady(), "reasons", strings.Join(w.Status.Reasons, ", "))
	base := w.DeepCopy()
	w.SetLabels(map[string]string{"a": "b"})
	w.Spec.Message = "hello"
	if err := r.Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	_ = base
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when a condition changed$`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// TwiceReconciler calls a helper that sets and writes, and then writes the
// status again itself. The helper's finding and fix are its own, the same
// as where the caller does not write again; the second write is another
// matter (statuswrites).
type TwiceReconciler struct {
	client.Client
}

func (r *TwiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.setReady(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *TwiceReconciler) setReady(ctx context.Context, w *api.Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when a condition changed$`
	return r.Status().Update(ctx, w)
}

// StatusCopyReconciler records the observed generation of a kind whose
// status type has its own DeepCopy: the comparison copies the status alone.
type StatusCopyReconciler struct {
	client.Client
}

func (r *StatusCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Sprocket{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, err
	}
	s.Status.ObservedGeneration = s.Generation
	meta.SetStatusCondition(&s.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.ObservedGeneration is copied from the metadata\)$`
	if err := r.Status().Update(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// FoundReconciler changes another condition's message through the pointer
// FindStatusCondition returns: a status change, so the fix compares the
// status rather than trusting SetStatusCondition's result, which would
// drop it.
type FoundReconciler struct {
	client.Client
}

func (r *FoundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.Conditions\.Message is computed from local values\)$`
	if c := meta.FindStatusCondition(w.Status.Conditions, "Progressing"); c != nil {
		c.Message = req.Name
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// LoopFoundReconciler finds the other condition with a loop that keeps a
// pointer to it, declared nil before the loop: after the loop the pointer
// is nil or into the status, and the change made through it is a status
// change, which a fix by SetStatusCondition's result alone would drop.
type LoopFoundReconciler struct {
	client.Client
}

func (r *LoopFoundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.Conditions\.Message is computed from local values\)$`
	var found *metav1.Condition
	for i := range w.Status.Conditions {
		if w.Status.Conditions[i].Type == "Progressing" {
			found = &w.Status.Conditions[i]
			break
		}
	}
	if found != nil {
		found.Message = req.Name
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// LoopLastReconciler keeps the last matching condition, without a break:
// the pointer merges nil and itself at the loop's head, and is still the
// status wherever it is written through.
type LoopLastReconciler struct {
	client.Client
}

func (r *LoopLastReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, ready) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.Conditions\.Message is computed from local values\)$`
	var last *metav1.Condition
	for i := range w.Status.Conditions {
		if strings.HasPrefix(w.Status.Conditions[i].Type, "Progressing") {
			last = &w.Status.Conditions[i]
		}
	}
	if last != nil {
		last.Message = req.Name
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
