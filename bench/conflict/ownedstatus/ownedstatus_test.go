package ownedstatus_test

import (
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/harness"
	"github.com/statuslint/statuslint/bench/conflict/ownedstatus"
)

// TestOwnedStatus runs the Deployment-owning operator as written (Owns
// without a predicate) and after statuslint -fix (Owns with the predicate)
// at the quick size, each on its own kube-apiserver and etcd, with a
// stand-in deployment controller writing the Deployments' status; what
// statuslint reports on each copy is checked before (see check). It
// asserts that in the steady state the operator as written reconciles on
// the Deployments' status writes and the fixed one at most a tenth as
// often, and that both set back every Deployment scaled by hand.
func TestOwnedStatus(t *testing.T) {
	results := harness.TestCopies(t, 3, ownedstatus.Spec, ownedstatus.Measure(ownedstatus.Quick))
	t.Logf("quick size:\n%s\n%s", ownedstatus.Table(results), ownedstatus.Requests(results))

	written, fixed := results[0], results[1]
	// The stand-in writes about 2 × 40 / 20 s = 4 statuses a second; the
	// operator as written must see most of them (the workqueue merges a few).
	if written.SteadyStatusWrites < 40 {
		t.Errorf("%s: %d Deployment status writes in the steady window; the load does not move the status", written.Variant, written.SteadyStatusWrites)
	}
	if 2*written.SteadyReconciles < written.SteadyStatusWrites {
		t.Errorf("%s: %d reconciles for %d Deployment status writes in the steady window, want at least half as many",
			written.Variant, written.SteadyReconciles, written.SteadyStatusWrites)
	}
	if 10*fixed.SteadyReconciles > written.SteadyReconciles {
		t.Errorf("%s: %d reconciles in the steady window, want at most a tenth of %s's %d",
			fixed.Variant, fixed.SteadyReconciles, written.Variant, written.SteadyReconciles)
	}
	for _, r := range results {
		if r.DriftSeconds < 0 || r.DriftSetBack != r.DriftScaled || r.DriftScaled == 0 {
			t.Errorf("%s: %d of %d Deployments scaled by hand set back", r.Variant, r.DriftSetBack, r.DriftScaled)
		}
	}
}
