package generichelper

// A generic helper hands its object parameter, of a type parameter, to the
// helper that writes it (cloudnative-pg's detectConflictingManagers[T, TL]
// and markAsFailed). The snapshot is threaded through both: the generic
// helper's parameter has the type parameter's type, and each caller's copy
// has the type the call instantiates it with.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, detectConflicts(ctx, r.Client, &w)
}

func (r *R) reconcileOther(ctx context.Context, req reconcile.Request) error {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	return detectConflicts[*api.Widget](ctx, r.Client, w)
}

func detectConflicts[T client.Object](ctx context.Context, c client.Client, obj T) error {
	if obj.GetName() == "" {
		return nil
	}
	return markFailed(ctx, c, obj)
}

func markFailed(ctx context.Context, c client.Client, obj client.Object) error {
	obj.SetAnnotations(map[string]string{"failed": "true"})
	return c.Status().Update(ctx, obj) // want `reconcile path; .*: patch the status instead$`
}
