// Package steady holds the writes that change nothing in the steady state:
// each sub-reconcile of an owned object takes its "already as wanted"
// branch and calls a helper that sets a condition and writes the status.
package steady

import (
	"context"
	"fmt"
	"math/rand"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	api "conditions/steadyapi"
)

// AppReconciler manages a Deployment per App; every branch of its
// sub-reconcile ends in updateCondition.
type AppReconciler struct {
	client.Client
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.reconcileDeployment(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileService(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// reconcileService is a second sub-reconcile through the same helper; its
// "created" branch stamps the time with a function of the package.
func (r *AppReconciler) reconcileService(ctx context.Context, app *api.App) error {
	if app.Spec.Size == 0 {
		app.Status.LastUpdated = now()
		return r.updateCondition(ctx, app, metav1.Condition{Type: "Exposed", Status: metav1.ConditionTrue, Reason: "Created"})
	}
	return r.updateCondition(ctx, app, metav1.Condition{Type: "Exposed", Status: metav1.ConditionTrue, Reason: "UpToDate"})
}

func now() metav1.Time { return metav1.Now() }

func (r *AppReconciler) reconcileDeployment(ctx context.Context, app *api.App) error {
	dep := &appsv1.Deployment{}
	err := r.Get(ctx, client.ObjectKeyFromObject(app), dep)
	if apierrors.IsNotFound(err) {
		dep = &appsv1.Deployment{}
		dep.Name, dep.Namespace = app.Name, app.Namespace
		dep.Spec.Replicas = &app.Spec.Size
		if err := r.Create(ctx, dep); err != nil {
			return r.updateCondition(ctx, app, metav1.Condition{Type: "Available", Status: metav1.ConditionFalse, Reason: "CreateFailed", Message: err.Error()})
		}
		app.Status.LastUpdated = metav1.Now()
		return r.updateCondition(ctx, app, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue, Reason: "Created"})
	} else if err != nil {
		return err
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != app.Spec.Size {
		dep.Spec.Replicas = &app.Spec.Size
		if err := r.Update(ctx, dep); err != nil {
			return err
		}
		app.Status.Attempts++
		return r.updateCondition(ctx, app, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue, Reason: "Updated"})
	}
	// Already as wanted: the steady state.
	app.Status.Version = api.VersionOf(app.Spec.Image)
	app.Status.ReadyReplicas = dep.Status.ReadyReplicas
	return r.updateCondition(ctx, app, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue, Reason: "UpToDate"})
}

func (r *AppReconciler) updateCondition(ctx context.Context, app *api.App, cond metav1.Condition) error {
	meta.SetStatusCondition(&app.Status.Conditions, cond) // want `^status written although SetStatusCondition reported no change \(result ignored\); that is an API request on every reconcile: write only when the status changed \(in the steady state: Status\.Version is computed from the spec, Status\.ReadyReplicas is copied from another object\)`
	return r.Status().Update(ctx, app)
}

// DeferReconciler defers its status write and, on the success path, sets
// a result and a message to constants and a Ready condition.
type DeferReconciler struct {
	client.Client
}

func (r *DeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if uerr := r.Status().Update(ctx, app); uerr != nil && err == nil {
			err = uerr
		}
	}()
	app.Status.Result = "Succeeded"
	app.Status.Message = "all parts are ready"
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"}) // want `write only when the status changed \(in the steady state: Status\.Result is set to "Succeeded", Status\.Message is set to "all parts are ready"\)$`
	return ctrl.Result{}, nil
}

// ClockReconciler stamps the time on every path: never redundant.
type ClockReconciler struct {
	client.Client
}

func (r *ClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.LastUpdated = api.Stamp()
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

// CounterReconciler counts its passes: never redundant.
type CounterReconciler struct {
	client.Client
}

func (r *CounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.Attempts = app.Status.Attempts + 1
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

// RandomReconciler records a random token: never redundant.
type RandomReconciler struct {
	client.Client
}

func (r *RandomReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.Message = fmt.Sprintf("run %d", rand.Int())
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

// StampedReconciler calls its helper only from branches that stamp the
// time: no path is steady.
type StampedReconciler struct {
	client.Client
}

func (r *StampedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Spec.Size > 3 {
		app.Status.LastUpdated = metav1.Now()
		return ctrl.Result{}, r.setReady(ctx, app)
	}
	app.Status.LastUpdated = api.Stamp()
	return ctrl.Result{}, r.setReady(ctx, app)
}

func (r *StampedReconciler) setReady(ctx context.Context, app *api.App) error {
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return r.Status().Update(ctx, app)
}

// HistoryReconciler appends to a list in the status on every pass.
type HistoryReconciler struct {
	client.Client
}

func (r *HistoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.History = append(app.Status.History, app.Spec.Image)
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

// BrokenGuardReconciler compares the status with a pointer to its copy:
// DeepEqual of an AppStatus and an *AppStatus never holds, so the guard
// lets every write through. The comparison is reported, with the fix that
// takes the address; the set is not (its finding would be the same).
type BrokenGuardReconciler struct {
	client.Client
}

func (r *BrokenGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	oldStatus := app.Status.DeepCopy()
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if !equality.Semantic.DeepEqual(app.Status, oldStatus) { // want `^equality\.Semantic\.DeepEqual compares steadyapi\.AppStatus with \*steadyapi\.AppStatus, which never holds, so the status is written on every reconcile: compare &app\.Status with oldStatus$`
		return ctrl.Result{}, r.Status().Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// GuardReconciler compares like with like: guarded.
type GuardReconciler struct {
	client.Client
}

func (r *GuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	oldStatus := app.Status.DeepCopy()
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if !equality.Semantic.DeepEqual(&app.Status, oldStatus) {
		return ctrl.Result{}, r.Status().Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// ResetReconciler rebuilds a list in the status from the objects it reads:
// appended to after a reset, it is the same in the steady state.
type ResetReconciler struct {
	client.Client
}

func (r *ResetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var deps appsv1.DeploymentList
	if err := r.List(ctx, &deps); err != nil {
		return ctrl.Result{}, err
	}
	app.Status.History = nil
	for _, d := range deps.Items {
		app.Status.History = append(app.Status.History, d.Name)
	}
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"}) // want `write only when the status changed \(in the steady state: Status\.History is set to nil, Status\.History is computed from the loaded status\)`
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

// ScaffoldReconciler is kubebuilder's deploy-image scaffold: the first
// condition when there is none, the finalizer's path while the object is
// deleted, and the settled path, which alone repeats.
type ScaffoldReconciler struct {
	client.Client
}

func (r *ScaffoldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(app.Status.Conditions) == 0 {
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Available", Status: metav1.ConditionUnknown, Reason: "Reconciling"})
		if err := r.Status().Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
	}
	isDeleted := app.GetDeletionTimestamp() != nil
	if isDeleted {
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Degraded", Status: metav1.ConditionUnknown, Reason: "Finalizing"})
		if err := r.Status().Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Degraded", Status: metav1.ConditionTrue, Reason: "Finalizing"})
		if err := r.Status().Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if !app.DeletionTimestamp.IsZero() {
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Degraded", Status: metav1.ConditionTrue, Reason: "Deleting"})
		return ctrl.Result{}, r.Status().Update(ctx, app)
	}
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue, Reason: "Reconciling"}) // want `write only when a condition changed`
	if err := r.Status().Update(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// LateCopyReconciler copies the status after changing it: made to hold,
// the comparison would skip the write of that change, so there is no fix.
type LateCopyReconciler struct {
	client.Client
}

func (r *LateCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.Result = "Started"
	oldStatus := app.Status.DeepCopy()
	app.Status.ReadyReplicas = 1
	if !equality.Semantic.DeepEqual(app.Status, oldStatus) { // want `compare &app\.Status with oldStatus \(no suggested fix: the copy is not taken right after app is loaded, so changes made before it would no longer be written\)$`
		return ctrl.Result{}, r.Status().Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// ParamCopyReconciler compares in a helper the object is handed to.
type ParamCopyReconciler struct {
	client.Client
}

func (r *ParamCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.Result = "Started"
	return ctrl.Result{}, r.updateIfChanged(ctx, app)
}

func (r *ParamCopyReconciler) updateIfChanged(ctx context.Context, app *api.App) error {
	oldStatus := app.Status.DeepCopy()
	app.Status.ReadyReplicas = 1
	if !equality.Semantic.DeepEqual(oldStatus, app.Status) { // want `\(no suggested fix: app is loaded by the caller, whose changes before the copy would no longer be written\)$`
		return r.Status().Update(ctx, app)
	}
	return nil
}

// StepsReconciler steps one condition through its reasons as it works
// (pulp-operator's restore): whichever set runs last is what the next
// reconcile loads, so every write on the way changes the status, in the
// steady state too. Not reported. Two types set on one path are each
// judged on their own (AppReconciler's sub-reconciles).
type StepsReconciler struct{ client.Client }

func (r *StepsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	r.setComplete(ctx, &app, metav1.ConditionFalse, "Starting")
	if app.Spec.Image == "" {
		r.setComplete(ctx, &app, metav1.ConditionFalse, "NoImage")
		return ctrl.Result{}, nil
	}
	r.setComplete(ctx, &app, metav1.ConditionTrue, "Done")
	return ctrl.Result{}, nil
}

func (r *StepsReconciler) setComplete(ctx context.Context, app *api.App, status metav1.ConditionStatus, reason string) {
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Complete", Status: status, Reason: reason})
	_ = r.Status().Update(ctx, app)
}

// FirstOfTypeReconciler sets a condition only when the object has none of
// its type (pulp-operator's first Finished-Execution condition), in a
// helper whose caller writes the status again later: the set always adds
// the condition, and the steady state never takes that branch. Not
// reported.
type FirstOfTypeReconciler struct{ client.Client }

func (r *FirstOfTypeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.initialize(ctx, &app); err != nil {
		return ctrl.Result{}, err
	}
	app.Status.Version = app.Spec.Image
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

func (r *FirstOfTypeReconciler) initialize(ctx context.Context, app *api.App) error {
	if meta.FindStatusCondition(app.Status.Conditions, "Finished") == nil {
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Finished", Status: metav1.ConditionFalse, Reason: "Running"})
		return r.Status().Update(ctx, app)
	}
	return nil
}

// ChildReconciler writes its status only when it has updated its
// ConfigMap: in the steady state the ConfigMap is as wanted and that
// branch does not run, so no write goes out. Not reported. (Where the
// update fails, a condition written with the same text on every retry is
// a steady write: kubebuilder's samples, reported.)
type ChildReconciler struct{ client.Client }

func (r *ChildReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: app.Name}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["image"] != app.Spec.Image {
		cm.Data = map[string]string{"image": app.Spec.Image}
		if err := r.Update(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.setSynced(ctx, &app, metav1.ConditionTrue, "Updated")
	}
	return ctrl.Result{}, nil
}

func (r *ChildReconciler) setSynced(ctx context.Context, app *api.App, status metav1.ConditionStatus, reason string) error {
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Synced", Status: status, Reason: reason})
	return r.Status().Update(ctx, app)
}

// AlwaysUpdateReconciler updates its ConfigMap on every reconcile, then
// sets a condition: that path is the steady one. Reported.
type AlwaysUpdateReconciler struct{ client.Client }

func (r *AlwaysUpdateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	cm := corev1.ConfigMap{Data: map[string]string{"image": app.Spec.Image}}
	cm.Namespace, cm.Name = app.Namespace, app.Name
	if err := r.Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Synced", Status: metav1.ConditionTrue, Reason: "Updated"}) // want `write only when a condition changed`
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// setPaused sets a condition for its callers, which write the status
// after it: StampingReconciler's write carries the clock and so is
// needed; PausedReconciler's sends what was loaded. The note names the
// caller on the steady path (grafana-operator's setSuspended).
func setPaused(app *api.App) {
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Paused", Status: metav1.ConditionTrue, Reason: "Paused"}) // want `no suggested fix: the status is written in the caller \(\*PausedReconciler\)\.Reconcile;`
}

type StampingReconciler struct{ client.Client }

func (r *StampingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	setPaused(&app)
	app.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

type PausedReconciler struct{ client.Client }

func (r *PausedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	setPaused(&app)
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// markInvalid is called by HandlerReconciler, whose write stamps the
// clock, and by a watch handler's map function, which writes the status
// itself: the map function runs in no reconcile, so it is no steady path,
// and nothing is reported (grafana-operator's controller_shared.go).
func markInvalid(app *api.App) {
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Invalid", Status: metav1.ConditionTrue, Reason: "BadSpec"})
}

type HandlerReconciler struct{ client.Client }

func (r *HandlerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	markInvalid(&app)
	app.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

func (r *HandlerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.App{}).
		Watches(&appsv1.Deployment{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			app, ok := o.(*api.App)
			if !ok {
				return nil
			}
			defer r.Status().Update(ctx, app)
			markInvalid(app)
			return nil
		})).
		Complete(r)
}

// HandedClockReconciler reads the clock once and hands the time to a
// helper that stamps it: every caller hands it the clock, so every path
// needs its write.
type HandedClockReconciler struct{ client.Client }

func (r *HandedClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Spec.Size > 3 {
		stampAt(app, start)
	} else {
		stampAt(app, start)
	}
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

func stampAt(app *api.App, at time.Time) { app.Status.LastUpdated = metav1.NewTime(at) }

// HandedMixedReconciler hands its helper the clock on one path and the
// creation time on the other, which repeats: that path is steady.
type HandedMixedReconciler struct{ client.Client }

func (r *HandedMixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &api.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Spec.Size > 3 {
		stampSeen(app, time.Now())
	} else {
		stampSeen(app, app.CreationTimestamp.Time)
	}
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"}) // want `write only when the status changed \(in the steady state: Status\.LastUpdated is computed from a value handed in\)`
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

func stampSeen(app *api.App, at time.Time) { app.Status.LastUpdated = metav1.NewTime(at) }
