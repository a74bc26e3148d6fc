// want package:"reads status of k8s.io/api/apps/v1.Deployment"

// Package route implements steps.Step: its step reads the status of the
// Deployment it serves, as kserve's HTTPRoute reconciler (a package the
// controller reaches only through its factory's interface) reads its
// routes' status.
package route

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"watches/api"
)

// Step waits for the widget's Deployment.
type Step struct{ C client.Client }

func (s *Step) Reconcile(ctx context.Context, w *api.Widget) error { // want Reconcile:"reads status of k8s.io/api/apps/v1.Deployment"
	var d appsv1.Deployment
	if err := s.C.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, &d); err != nil {
		return err
	}
	if d.Status.ReadyReplicas == 0 {
		return context.DeadlineExceeded
	}
	return nil
}
