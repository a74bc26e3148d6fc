// Package opmaker makes the operator a program runs, as karpenter's
// operator.NewOperator does: the struct it returns holds the manager it
// makes there, and a function that makes it from options in view on every
// path exports whether the manager's client names a field manager.
package opmaker

import (
	"context"

	"github.com/samber/lo"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Operator embeds the manager, so op.GetClient() is its client.
type Operator struct {
	manager.Manager
	Name string
}

// New makes the manager from options that name no field owner.
func New() (context.Context, *Operator) { // want New:`^manager results: result 1 field 0 names none$`
	var cfg *rest.Config
	opts := ctrl.Options{LeaderElection: true}
	opts.HealthProbeBindAddress = ":8081"
	// As karpenter's: the manager checked with lo.Must, and kept in a
	// variable a closure captures.
	mgr, err := ctrl.NewManager(cfg, opts)
	mgr = lo.Must(mgr, err, "failed to set up the manager")
	check := func() bool { return mgr.GetClient() != nil }
	_ = check
	return context.Background(), &Operator{Manager: mgr, Name: "opmaker"}
}

// Owned makes one whose client names a field manager.
func Owned() *Operator { // want Owned:`^manager results: result 0 field 0 names a field manager$`
	var cfg *rest.Config
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{Client: client.Options{FieldOwner: "opmaker"}})
	return &Operator{Manager: mgr}
}

// WithName changes another field: the manager stays.
func (o *Operator) WithName(name string) *Operator {
	o.Name = name
	return o
}

// FromOptions makes the manager from options its caller hands: no fact.
func FromOptions(opts ctrl.Options) *Operator {
	var cfg *rest.Config
	mgr, _ := ctrl.NewManager(cfg, opts)
	return &Operator{Manager: mgr}
}

// Replaced holds a manager a method of the package sets again.
type Replaced struct{ Mgr manager.Manager }

// NewReplaced makes its manager here, but Use replaces it: no fact.
func NewReplaced() *Replaced {
	var cfg *rest.Config
	mgr, _ := ctrl.NewManager(cfg, ctrl.Options{})
	return &Replaced{Mgr: mgr}
}

// Use replaces the manager.
func (r *Replaced) Use(m manager.Manager) { r.Mgr = m }
