// Package callbackhelpers has functions that take a function: some only
// call it before they return (kueue's queue Manager.WithPenaltyLocked,
// which hands it on to a method that calls it under a lock), one keeps it
// for later.
package callbackhelpers

import (
	"sync"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Penalties struct {
	sync.Mutex
	later []func(int) error
}

// WithPenaltyLocked calls fn under the lock.
func (p *Penalties) WithPenaltyLocked(key string, fn func(penalty int) error) error { // want WithPenaltyLocked:"calls parameters 1 only before it returns"
	p.Lock()
	defer p.Unlock()
	return fn(len(key))
}

type Manager struct{ penalties *Penalties }

// WithPenaltyLocked hands fn on to the method that calls it.
func (m *Manager) WithPenaltyLocked(key string, fn func(penalty int) error) error { // want WithPenaltyLocked:"calls parameters 1 only before it returns"
	return m.penalties.WithPenaltyLocked(key, fn)
}

// Later keeps fn, to call it some time after it returns.
func (m *Manager) Later(fn func(penalty int) error) {
	m.penalties.later = append(m.penalties.later, fn)
}

// Deferred calls fn as it returns.
func Deferred(fn func()) { // want Deferred:"calls parameters 0 only before it returns"
	defer fn()
}

// Key makes the package one that imports the client, as kueue's queue
// package does.
func Key(obj client.Object) string { return obj.GetNamespace() + "/" + obj.GetName() }
