package guarded

// Guards that compare a snapshot taken before the conditions were set with
// the status afterwards, whatever the snapshot copies: the whole object,
// the status alone, or the conditions slice; compared in place or by a
// helper. None is reported.

import (
	"context"
	"slices"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"conditions/api"
)

type SprocketR struct{ client.Client }

func (r *SprocketR) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s api.Sprocket
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, err
	}
	switch s.Name {
	case "object":
		orig := s.DeepCopy()
		meta.SetStatusCondition(&s.Status.Conditions, ready)
		if !equality.Semantic.DeepEqual(orig.Status, s.Status) {
			return ctrl.Result{}, r.Status().Update(ctx, &s)
		}
	case "status":
		before := s.Status.DeepCopy()
		meta.SetStatusCondition(&s.Status.Conditions, ready)
		if !equality.Semantic.DeepEqual(before, &s.Status) {
			return ctrl.Result{}, r.Status().Update(ctx, &s)
		}
	case "conditions":
		conds := slices.Clone(s.Status.Conditions)
		meta.SetStatusCondition(&s.Status.Conditions, ready)
		if slices.Equal(conds, s.Status.Conditions) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, r.Status().Update(ctx, &s)
	case "helper":
		before := s.Status.DeepCopy()
		meta.SetStatusCondition(&s.Status.Conditions, ready)
		if statusChanged(before, &s.Status) {
			return ctrl.Result{}, r.Status().Update(ctx, &s)
		}
	}
	return ctrl.Result{}, nil
}

// statusChanged compares two statuses.
func statusChanged(old, cur *api.SprocketStatus) bool {
	return !equality.Semantic.DeepEqual(old, cur)
}
