// Package initers is a controller package whose reconcilers are made
// empty and handed their client by an Init method, which the program
// calls through an interface, as VictoriaMetrics operator does: each
// Init's fact names the writes its client parameter reaches.
package initers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type AgentReconciler struct {
	name   string
	Client client.Client
}

func (r *AgentReconciler) Init(name string, c client.Client) { // want Init:`^writes through its client parameters: param 1: 2 writes \(Create of \*corev1\.ConfigMap at initers\.go:28; Create of \*corev1\.Secret at initers\.go:49\)$`
	r.name, r.Client = name, c
}

func (r *AgentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := ensureSecret(ctx, r.Client); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Client.Create(ctx, &corev1.ConfigMap{})
}

type RuleReconciler struct {
	Client client.Client
}

func (r *RuleReconciler) Init(_ string, c client.Client) { // want Init:`^writes through its client parameters: param 1: 2 writes \(Update of \*corev1\.Secret at initers\.go:43; Create of \*corev1\.Secret at initers\.go:49\)$`
	r.Client = c
}

func (r *RuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := ensureSecret(ctx, r.Client); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Client.Update(ctx, &corev1.Secret{})
}

// ensureSecret is a write both reconcilers reach: a call that may reach
// either counts it once.
func ensureSecret(ctx context.Context, c client.Client) error {
	return c.Create(ctx, &corev1.Secret{})
}

// QuietReconciler names its field manager on every write: no fact.
type QuietReconciler struct {
	Client client.Client
}

func (r *QuietReconciler) Init(_ string, c client.Client) {
	r.Client = c
}

func (r *QuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Client.Create(ctx, &corev1.ConfigMap{}, client.FieldOwner("quiet"))
}
