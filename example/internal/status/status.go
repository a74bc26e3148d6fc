// Package status holds the status helpers shared by the operator's controllers.
package status

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/example/api/v1alpha1"
)

// ConditionReady is the condition type every kind of this operator reports.
const ConditionReady = "Ready"

// fieldOwner names this package's writes in managedFields.
const fieldOwner = client.FieldOwner("widget-operator")

// SetReady marks obj Ready for its current generation and writes its status
// when that changed anything. Its Update is the statusupdate mistake, but the
// helper cannot know where obj was loaded, so statuslint reports it where a
// reconciler calls SetReady (see WidgetReconciler.Reconcile).
func SetReady(ctx context.Context, c client.Client, obj *v1alpha1.Widget) error {
	changed := meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type:               ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciled",
		Message:            "the Widget's ConfigMap is up to date",
		ObservedGeneration: obj.Generation,
	})
	if !changed && obj.Status.ObservedGeneration == obj.Generation {
		return nil
	}
	obj.Status.ObservedGeneration = obj.Generation
	return c.Status().Update(ctx, obj, fieldOwner)
}
