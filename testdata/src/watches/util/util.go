// Package util reads the status of Deployments it is handed; it does not
// import controller-runtime, so it has no fact: a Deployment handed to it
// counts as read.
package util

import appsv1 "k8s.io/api/apps/v1"

// Available reports whether every replica of d is ready.
func Available(d *appsv1.Deployment) bool {
	return d.Spec.Replicas != nil && d.Status.ReadyReplicas == *d.Spec.Replicas
}
