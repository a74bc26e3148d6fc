package condhelpers_test

import (
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/condhelpers"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// TestCondHelpers runs the WebApp operator as written (a helper that sets
// a condition and writes the status, from every branch of three
// sub-reconciles) and after statuslint -fix (the helper's write guarded by
// a comparison with a copy taken at the load) at the quick size, each on
// its own kube-apiserver and etcd; what statuslint reports on each copy is
// checked before (see check). It asserts that in the steady state the
// operator as written writes the status on every reconcile and the fixed
// one at most a twentieth as often, and that both follow every change of
// a spec and of a child, ending with every status right.
func TestCondHelpers(t *testing.T) {
	results := harness.TestCopies(t, 3, condhelpers.Spec, condhelpers.Measure(condhelpers.Quick))
	t.Logf("quick size:\n%s\n%s", condhelpers.Table(results), condhelpers.Requests(results))

	written, fixed := results[0], results[1]
	// Every WebApp is requeued every Resync: 30 WebApps every 5 s is about
	// 72 reconciles in the 12 s window.
	if written.SteadyReconciles < 30 {
		t.Errorf("%s: %d reconciles in the steady window; the resync does not run", written.Variant, written.SteadyReconciles)
	}
	if written.SteadyStatusWritesAPIServer < 2*written.SteadyReconciles {
		t.Errorf("%s: %d status writes (apiserver) for %d reconciles in the steady window, want about three per reconcile",
			written.Variant, written.SteadyStatusWritesAPIServer, written.SteadyReconciles)
	}
	if 2*fixed.SteadyReconciles < written.SteadyReconciles {
		t.Errorf("%s: %d reconciles in the steady window, against %s's %d: the fix should not change how often it reconciles",
			fixed.Variant, fixed.SteadyReconciles, written.Variant, written.SteadyReconciles)
	}
	if 20*fixed.SteadyStatusWritesAPIServer > written.SteadyStatusWritesAPIServer || 20*fixed.SteadyStatusWritesClient > written.SteadyStatusWritesClient {
		t.Errorf("%s: %d / %d status writes (apiserver / client) in the steady window, want at most a twentieth of %s's %d / %d",
			fixed.Variant, fixed.SteadyStatusWritesAPIServer, fixed.SteadyStatusWritesClient,
			written.Variant, written.SteadyStatusWritesAPIServer, written.SteadyStatusWritesClient)
	}
	for _, r := range results {
		if r.FollowSeconds < 0 || r.Followed != r.ChangedTotal() || r.ChangedTotal() == 0 {
			t.Errorf("%s: %s", r.Variant, r.Follow())
		}
		if r.StatusWrong != 0 {
			t.Errorf("%s: %s WebApps with a wrong status at the end", r.Variant, r.Wrong())
		}
	}
}
