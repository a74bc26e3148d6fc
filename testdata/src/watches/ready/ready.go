// want package:"reads status of k8s.io/api/apps/v1.Deployment"

// Package ready loads Deployments and reads their status for other
// packages: its fact says so.
package ready

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Available reports whether every replica of the Deployment is ready.
func Available(ctx context.Context, c client.Reader, key client.ObjectKey) bool {
	var d appsv1.Deployment
	if err := c.Get(ctx, key, &d); err != nil {
		return false
	}
	return d.Spec.Replicas != nil && d.Status.ReadyReplicas == *d.Spec.Replicas
}
