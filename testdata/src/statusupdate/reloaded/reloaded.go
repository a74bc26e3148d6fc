package reloaded

// Status writes that some paths load the object again before: a finalizer
// added with a patch on some paths, whose answer replaces the object. The
// snapshot goes right after the last such statement when nothing from the
// Get to there can change the status, but the reloads themselves.

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type SecretSpec struct {
	Target  string `json:"target,omitempty"`
	Refresh int    `json:"refresh,omitempty"`
}

type SecretStatus struct {
	Phase      string             `json:"phase,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

func (in *SecretStatus) DeepCopy() *SecretStatus { out := *in; return &out }

type Secret struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SecretSpec   `json:"spec,omitempty"`
	Status SecretStatus `json:"status,omitempty"`
}

func (in *Secret) DeepCopy() *Secret              { out := *in; return &out }
func (in *Secret) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Conditions returns the status's conditions, sharing their array.
func (in *Secret) Conditions() []metav1.Condition { return in.Status.Conditions }

const finalizer = "example.com/cleanup"

type R struct{ client.Client }

// Deferred is external-secrets' shape: the finalizer is patched in on
// some paths, then a deferred write sends the status if it changed.
func (r *R) Deferred(ctx context.Context, req reconcile.Request) (result reconcile.Result, err error) {
	s := &Secret{}
	err = r.Get(ctx, req.NamespacedName, s)
	if err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if !s.GetDeletionTimestamp().IsZero() {
		s.Status.Phase = "Deleting" // returns: never reaches the write
		patch := client.MergeFrom(s.DeepCopy())
		if controllerutil.RemoveFinalizer(s, finalizer) {
			if err := r.Patch(ctx, s, patch); err != nil {
				return reconcile.Result{}, err
			}
		}
		return reconcile.Result{}, nil
	}
	patch := client.MergeFrom(s.DeepCopy())
	if updated := controllerutil.AddFinalizer(s, finalizer); updated {
		if err := r.Patch(ctx, s, patch); err != nil {
			return reconcile.Result{}, err
		}
	}
	if isSkipped(s) {
		return reconcile.Result{}, nil
	}
	currentStatus := *s.Status.DeepCopy()
	defer func() {
		if equality.Semantic.DeepEqual(currentStatus, s.Status) {
			return
		}
		if updateErr := r.Status().Update(ctx, s); updateErr != nil && err == nil { // want `status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status instead$`
			err = updateErr
		}
	}()
	s.Status.Phase = "Ready"
	return reconcile.Result{}, nil
}

// Plain writes after the conditional update, not deferred; the spec and
// the metadata change before it, which the status write ignores.
func (r *R) Plain(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	if s.Spec.Refresh == 0 {
		s.Spec.Refresh = 60
	}
	s.SetAnnotations(map[string]string{"seen": "yes"})
	if isReady(&s) && controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	s.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status instead$`
}

// StatusBefore changes the status between the Get and the reload: a
// snapshot after the reload would hold the change, and the patch would
// not send it.
func (r *R) StatusBefore(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	s.Status.Phase = "Pending"
	if controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `\(no suggested fix: s is loaded or assigned again on some paths before the write; a snapshot after the last of them could miss a status change: Status is changed \(line 117\)\)$`
}

// StatusInBranch changes the status in the reload's branch, before the
// reload.
func (r *R) StatusInBranch(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	if controllerutil.AddFinalizer(&s, finalizer) {
		s.Status.Conditions = nil
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `\(no suggested fix: s is loaded or assigned again on some paths before the write; a snapshot after the last of them could miss a status change: Status is changed \(line 134\)\)$`
}

// HelperChanges hands the object to a helper of the package that changes
// its status.
func (r *R) HelperChanges(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	markPending(&s)
	if controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `\(no suggested fix: s is loaded or assigned again on some paths before the write; a snapshot after the last of them could miss a status change: Status is changed \(in markPending\) \(line 175\)\)$`
}

// HelperReads hands it to helpers that only read it.
func (r *R) HelperReads(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	if !isReady(&s) && controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	s.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `patch the status instead$`
}

func markPending(s *Secret) {
	if s.Status.Phase == "" {
		s.Status.Phase = "Pending"
	}
}

func isReady(s *Secret) bool { return s.Status.Phase == "Ready" && !isSkipped(s) }

func isSkipped(s *Secret) bool { return s.Spec.Target == "" }

// TwoReloads adds a finalizer and then, on some paths, reads the object
// again: the snapshot goes after the second.
func (r *R) TwoReloads(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	if controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	if s.Spec.Refresh > 0 {
		if err := r.Get(ctx, client.ObjectKeyFromObject(&s), &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	s.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `patch the status instead$`
}

// Created is last loaded by its Create, then read again on some paths:
// fresh on some paths and stale on others, reported as before, without a
// fix.
func (r *R) Created(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	s := Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := r.Create(ctx, &s); err != nil {
		return reconcile.Result{}, err
	}
	if s.Spec.Refresh > 0 {
		if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	s.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `\(no suggested fix: s is loaded or assigned again on some paths before the write\)$`
}

// Updated is last loaded by its Update, the same way.
func (r *R) Updated(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	s.Spec.Refresh = 60
	if err := r.Update(ctx, &s); err != nil {
		return reconcile.Result{}, err
	}
	if s.Spec.Target == "" {
		if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	s.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `\(no suggested fix: s is loaded or assigned again on some paths before the write\)$`
}

// Shared writes in a branch that returns and after it, both deferred:
// one snapshot, after the same reload, serves both.
func (r *R) Shared(ctx context.Context, req reconcile.Request) (result reconcile.Result, err error) {
	s := &Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return reconcile.Result{}, err
	}
	patch := client.MergeFrom(s.DeepCopy())
	if controllerutil.AddFinalizer(s, finalizer) {
		if err := r.Patch(ctx, s, patch); err != nil {
			return reconcile.Result{}, err
		}
	}
	if s.Spec.Target == "generic" {
		defer func() {
			_ = r.Status().Update(ctx, s) // want `patch the status instead$`
		}()
		s.Status.Phase = "Generic"
		return reconcile.Result{}, nil
	}
	defer func() {
		err = r.Status().Update(ctx, s) // want `patch the status instead$`
	}()
	s.Status.Phase = "Ready"
	return reconcile.Result{}, nil
}

// Captured hands the object to a function literal before the reload that
// only reads its status: the snapshot moves after the reload.
func (r *R) Captured(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	ready := func() bool { return s.Status.Phase == "Ready" }
	if !ready() && controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `patch the status instead$`
}

// Aliased keeps a second pointer to the object, which changes the status
// before the reload: no fix.
func (r *R) Aliased(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	s := &Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return reconcile.Result{}, err
	}
	other := s
	other.Status.Phase = "Ready"
	if controllerutil.AddFinalizer(s, finalizer) {
		if err := r.Update(ctx, s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, s) // want `could miss a status change: Status is changed \(line 291\)\)$`
}

// AliasedAfter changes the status through the second pointer after the
// reload only: the snapshot after the reload has it as loaded.
func (r *R) AliasedAfter(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	s := &Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return reconcile.Result{}, err
	}
	other := s
	if controllerutil.AddFinalizer(s, finalizer) {
		if err := r.Update(ctx, s); err != nil {
			return reconcile.Result{}, err
		}
	}
	other.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, s) // want `patch the status instead$`
}

// InLoop reloads inside a loop that the Get is outside: no fix.
func (r *R) InLoop(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	for i := 0; i < 3; i++ {
		if s.Spec.Refresh > i {
			if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
				return reconcile.Result{}, err
			}
		}
		s.Status.Phase = "Ready"
		if err := r.Status().Update(ctx, &s); err != nil { // want `\(no suggested fix: s is loaded or assigned again on some paths before the write\)$`
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// DeferredReread reads the object again on some paths before the
// deferred write is made: the snapshot after that read fits.
func (r *R) DeferredReread(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	if s.Spec.Refresh > 0 {
		if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	defer func() {
		_ = r.Status().Update(ctx, &s) // want `patch the status instead$`
	}()
	s.Status.Phase = "Ready"
	return reconcile.Result{}, nil
}

// RereadAfterDefer reads it again after the deferred write is made too:
// no one snapshot fits.
func (r *R) RereadAfterDefer(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	if s.Spec.Refresh > 0 {
		if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	defer func() {
		_ = r.Status().Update(ctx, &s) // want `\(no suggested fix: s is read again in the function before this runs; no one snapshot fits every path\)$`
	}()
	if s.Spec.Target == "" {
		if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// Getter keeps what a method of the object returns, which points into the
// status.
func (r *R) Getter(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	conds := s.Conditions()
	conds[0].Reason = "Changed"
	if controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `could miss a status change: Conditions\(\) is changed \(line 387\)\)$`
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.Deferred(ctx, req)
	r.Plain(ctx, req)
	r.StatusBefore(ctx, req)
	r.StatusInBranch(ctx, req)
	r.HelperChanges(ctx, req)
	r.HelperReads(ctx, req)
	r.TwoReloads(ctx, req)
	r.Created(ctx, req)
	r.Updated(ctx, req)
	r.Shared(ctx, req)
	r.Captured(ctx, req)
	r.CapturedWrites(ctx, req)
	r.Aliased(ctx, req)
	r.AliasedAfter(ctx, req)
	r.DeferredReread(ctx, req)
	r.RereadAfterDefer(ctx, req)
	r.Getter(ctx, req)
	r.GetterWritten(ctx, req)
	return r.InLoop(ctx, req)
}

// GetterWritten changes the status through what a method of the object
// returns, without keeping it, before the reload: a snapshot after the
// reload would miss the change, so no fix.
func (r *R) GetterWritten(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	s.StatusPtr().Phase = "Pending"
	if controllerutil.AddFinalizer(&s, finalizer) {
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `could miss a status change: StatusPtr\(\) is changed \(line 426\)\)$`
}

// StatusPtr returns the status itself.
func (in *Secret) StatusPtr() *SecretStatus { return &in.Status }

// CapturedWrites hands the object to a function literal that sets its
// status, and may run before the reload: no fix.
func (r *R) CapturedWrites(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return reconcile.Result{}, err
	}
	mark := func() { s.Status.Phase = "Pending" }
	if controllerutil.AddFinalizer(&s, finalizer) {
		mark()
		if err := r.Update(ctx, &s); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.Status().Update(ctx, &s) // want `could miss a status change: Status is changed \(line 445\)\)$`
}
