// Package siblings calls the status helpers of another package with
// objects it loads. Where the helper has a sibling that patches from a
// snapshot, the fix copies the object after the load and calls the
// sibling, adding it to the helper's package.
package siblings

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
	"statusupdate/siblinghelpers"
)

type R struct {
	client.Client
	rep *siblinghelpers.Reporter
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if !w.Status.Ready {
		return reconcile.Result{}, siblinghelpers.SetReady(ctx, r, &w) // want `in another package \(2 calls in this package reach it\); a stale cached resourceVersion makes it fail with 409 Conflict: patch the status in siblinghelpers\.SetReady instead \(statuslint -fix adds siblinghelpers\.SetReadyFrom, siblinghelpers\.SetReadyAndRecordFrom beside it and calls it with a copy taken after the load\)$`
	}
	return reconcile.Result{}, r.finish(ctx, &w)
}

// finish hands on the object its caller loaded: the snapshot is threaded
// through it.
func (r *R) finish(ctx context.Context, w *api.Widget) error {
	return r.rep.Report(ctx, w) // want `patch the status in \(\*siblinghelpers\.Reporter\)\.Report instead \(statuslint -fix adds \(\*siblinghelpers\.Reporter\)\.ReportFrom beside it and calls it with a copy taken after the load\)$`
}

// Legacy calls a helper whose client parameter is named client.
type Legacy struct{ client.Client }

func (r *Legacy) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Ready = true
	return reconcile.Result{}, siblinghelpers.UpdateStatus(r, w) // want `patch the status in siblinghelpers\.UpdateStatus instead \(statuslint -fix adds siblinghelpers\.UpdateStatusFrom beside it`
}

// NoFix has the calls whose fix cannot be made, each saying why.
type NoFix struct{ client.Client }

func (r *NoFix) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := siblinghelpers.SetPhase(ctx, r, &w); err != nil { // want `patch the status in siblinghelpers\.SetPhase instead \(no suggested fix: SetPhaseFrom is taken\)$`
		return reconcile.Result{}, err
	}
	siblinghelpers.Async(ctx, r, &w)                                             // want `patch the status in siblinghelpers\.Async instead \(no suggested fix: Async hands w on in a deferred call or a goroutine\)$`
	siblinghelpers.Disable(ctx, siblinghelpers.Resources{Client: r, Widget: &w}) // want `patch the status in siblinghelpers\.Disable instead \(no suggested fix: Disable is handed the object in siblinghelpers\.Resources\.Widget, a field of a parameter, and does not read it into a variable of its own that it writes`
	made := &api.Widget{}
	made.Name = req.Name
	return reconcile.Result{}, siblinghelpers.MarkDone(ctx, r, made) // want `patch the status in siblinghelpers\.MarkDone instead \(no suggested fix: at siblings\.go:\d+, made is not loaded from the API server before the call\)$`
}

// Conditions calls the helpers that take conditions after the object,
// which reach one write: the variadic one's sibling takes the copy before
// them (xs... too), and the one that reads the object again in a conflict
// retry patches from its own copy, its call unchanged.
type Conditions struct{ client.Client }

func (r *Conditions) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	ready := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}
	if !w.Status.Ready {
		return reconcile.Result{}, siblinghelpers.SetConditions(r, w, ready) // want `\(3 calls in this package reach it\); .*: patch the status in siblinghelpers\.SetConditions instead \(statuslint -fix adds siblinghelpers\.SetConditionsFrom beside it and calls it with a copy taken after the load, and makes siblinghelpers\.ReportBlocked patch from a copy it takes after its own read\)$`
	}
	if w.DeletionTimestamp != nil {
		return reconcile.Result{}, siblinghelpers.ReportBlocked(ctx, r, w, ready)
	}
	return reconcile.Result{}, siblinghelpers.SetConditions(r, w, []metav1.Condition{ready}...)
}

// RetryAfter calls a helper that reads the object again in a conflict
// retry and then writes it once more outside it: no fix.
type RetryAfter struct{ client.Client }

func (r *RetryAfter) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, siblinghelpers.RetryAfterChange(ctx, r, w) // want `patch the status in siblinghelpers\.RetryAfterChange instead \(no suggested fix: RetryAfterChange reads into w or assigns it, but not right before every write\)$`
}

// Fresh hands its object to a helper that writes it through SetReady and
// hands it to RecordFresh, which writes only an object it reads itself,
// right before: the helper's sibling calls SetReadyFrom, and RecordFresh
// as it is.
type Fresh struct{ client.Client }

func (r *Fresh) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, siblinghelpers.SetReadyAndRecord(ctx, r, w, req.NamespacedName)
}

// Fields hands the object in a field of a struct literal: the sibling
// takes a copy of the field's value.
type Fields struct{ client.Client }

func (r *Fields) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	siblinghelpers.Telemetry(siblinghelpers.Resources{Client: r, Widget: &w}) // want `patch the status in siblinghelpers\.Telemetry instead \(statuslint -fix adds siblinghelpers\.TelemetryFrom beside it and calls it with a copy taken after the load\)$`
	return reconcile.Result{}, nil
}

// FieldsInVariable hands the struct in a variable: no fix.
type FieldsInVariable struct{ client.Client }

func (r *FieldsInVariable) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	res := &siblinghelpers.Resources{Client: r, Widget: &w}
	siblinghelpers.TelemetryAgain(res) // want `patch the status in siblinghelpers\.TelemetryAgain instead \(no suggested fix: TelemetryAgain is handed the object in siblinghelpers\.Resources\.Widget, a field of a parameter, and does not read it into a variable of its own`
	return reconcile.Result{}, nil
}
