package paths

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct {
	client.Client
	sw    client.SubResourceWriter
	scale client.SubResourceWriter
	set   statusSetter
}

func NewR(c client.Client) *R {
	return &R{Client: c, sw: c.Status(), scale: c.SubResource("scale"), set: &updater{c: c}}
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	// Called with the cached object: its implementations' writes are
	// reported (called after a write of w, they would not be).
	_ = r.set.set(ctx, &w)
	if err := r.markReady(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	write := func() error {
		return r.Status().Update(ctx, &w) // want `reconcile path; .* \(no suggested fix: w is not loaded in the function literal that writes it; snapshot it where it is loaded and patch with client\.MergeFrom\)`
	}
	_ = write()
	defer r.Status().Update(ctx, &w) // want `\(no suggested fix: w is read again in the function before this runs; no one snapshot fits every path\)`
	go r.Status().Update(ctx, &w)    // want `\(no suggested fix: the write runs in its own goroutine\)`
	u := r.Status().Update           // want `\(no suggested fix: the write goes through a method value\)`
	_ = u(ctx, &w)
	_ = r.sw.Update(ctx, &w)    // want `reconcile path;`
	_ = r.scale.Update(ctx, &w) // a scale write is not a status write
	_ = updateAny(ctx, r.Client, &w)
	_ = r.Status().Patch(ctx, &w, client.MergeFrom(w.DeepCopy())) // a patch is fine
	lookalike{}.Status().Update(ctx, &w)                          // not controller-runtime
	return reconcile.Result{}, nil
}

func (r *R) markReady(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `reconcile path; [^()]*: patch the status instead$`
}

// updateAny is a generic helper.
func updateAny[T client.Object](ctx context.Context, c client.Client, obj T) error {
	return c.Status().Update(ctx, obj) // want `reconcile path;`
}

type statusSetter interface {
	set(ctx context.Context, w *api.Widget) error
}

type updater struct{ c client.Client }

func (u *updater) set(ctx context.Context, w *api.Widget) error {
	return u.c.Status().Update(ctx, w) // want `reconcile path;`
}

// gizmoSetter's set has the name of statusSetter's method but another
// signature: it does not implement statusSetter, and the call through
// r.set does not reach it.
type gizmoSetter struct{ c client.Client }

func (g gizmoSetter) set(ctx context.Context, o *api.Gizmo) error {
	return g.c.Status().Update(ctx, o)
}

// embedsUpdater implements statusSetter through a promoted method, and a
// value-receiver type implements it directly: both are reached through
// the call on r.set.
type embedsUpdater struct{ *updater }

type valueSetter struct{ c client.Client }

func (v valueSetter) set(ctx context.Context, w *api.Widget) error {
	return v.c.Status().Update(ctx, w) // want `reconcile path;`
}

var _ = []statusSetter{embedsUpdater{}, valueSetter{}}
var _ = gizmoSetter{}

// notReached is called from no reconcile.
func notReached(ctx context.Context, c client.Client, w *api.Widget) error {
	return c.Status().Update(ctx, w)
}

type lookalike struct{}
type lookalikeWriter struct{}

func (lookalike) Status() lookalikeWriter                                   { return lookalikeWriter{} }
func (lookalikeWriter) Update(ctx context.Context, obj client.Object) error { return nil }

// A reconcile.Func is a root.
var FuncRoot = reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var c client.Client
	var w api.Widget
	return reconcile.Result{}, c.Status().Update(ctx, &w) // want `reconcile path;`
})

// ObjectR is an ObjectReconciler: the object is a parameter.
type ObjectR struct{ c client.Client }

func (r *ObjectR) Reconcile(ctx context.Context, w *api.Widget) (reconcile.Result, error) { // want Reconcile:"leaves parameters 1 written"
	return reconcile.Result{}, r.c.Status().Update(ctx, w) // want `reconcile path;`
}

var _ = reconcile.AsReconciler[*api.Widget](nil, &ObjectR{})

// TypedR is a TypedReconciler over its own request type.
type TypedR struct{ c client.Client }

type myRequest struct{ Name string }

func (r *TypedR) Reconcile(ctx context.Context, req myRequest) (reconcile.Result, error) {
	var w api.Widget
	return reconcile.Result{}, r.c.SubResource("status").Update(ctx, &w) // want `reconcile path;`
}

var _ reconcile.TypedReconciler[myRequest] = &TypedR{}

// NotAReconciler has a Reconcile method of another shape.
type NotAReconciler struct{ c client.Client }

func (r *NotAReconciler) Reconcile(ctx context.Context, w *api.Widget) error { // want Reconcile:"leaves parameters 1 written" Reconcile:"patches from a snapshot as ReconcileFrom, parameter 1"
	return r.c.Status().Update(ctx, w)
}

// syncer writes the object, then its status: the status Update carries the
// resourceVersion the first write returned, even for a parameter.
type syncer struct{ c client.Client }

func (s *syncer) Sync(ctx context.Context, w *api.Widget) error { // want Sync:"patches from a snapshot as SyncFrom, parameter 1"
	if err := s.c.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Ready = true
	return s.c.Status().Update(ctx, w)
}

type SyncR struct{ s *syncer }

func (r *SyncR) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	return reconcile.Result{}, r.s.Sync(ctx, &w)
}
