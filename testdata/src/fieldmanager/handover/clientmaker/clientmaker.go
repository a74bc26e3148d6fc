// Package clientmaker makes clients for the controllers of other packages,
// as openkruise's utilclient.NewClientFromManager does: a function that
// makes its client on every path exports what the client names.
package clientmaker

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// FromManager makes a client of the manager's config, naming no field
// manager.
func FromManager(mgr manager.Manager, name string) client.Client { // want FromManager:`^client results: result 0 names none$`
	c, _ := client.New(mgr.GetConfig(), client.Options{})
	return c
}

// Owned makes one that names a field manager.
func Owned(mgr manager.Manager) (client.Client, error) { // want Owned:`^client results: result 0 names a field manager$`
	return client.New(mgr.GetConfig(), client.Options{FieldOwner: "clientmaker"})
}

// Wrapped names one whatever it is handed.
func Wrapped(c client.Client) client.Client { // want Wrapped:`^client results: result 0 names a field manager$`
	return client.WithFieldOwner(c, "clientmaker")
}

// WithOptions makes a client of the options its caller hands: no fact.
func WithOptions(mgr manager.Manager, o client.Options) client.Client {
	c, _ := client.New(mgr.GetConfig(), o)
	return c
}

// Maker keeps a client another package sets.
type Maker struct{ Client client.Client }

// Get returns the kept client, which this package never sets: no fact.
func (m *Maker) Get() client.Client { return m.Client }

// Either returns a client made here or the kept one: no fact.
func (m *Maker) Either(mgr manager.Manager, own bool) client.Client {
	if own {
		return FromManager(mgr, "either")
	}
	return m.Client
}
