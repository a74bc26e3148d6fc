package external_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/external"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// TestClaimOp runs the runner on the project's own agent-sandbox-shaped
// operator (claimop/), as shipped and after statuslint -fix, at the quick
// size: the operator's own main, built from a copy of its module, started
// as a process against a real kube-apiserver and etcd, with the
// kubelet-like component starting its Pods. It asserts the shape of agent-sandbox
// PR #508's measurement: the claims' status writes conflict as shipped and
// never after -fix; and every claim is bound and Ready in both (Run fails
// otherwise).
func TestClaimOp(t *testing.T) {
	results := runClaimOp(t, external.Quick)
	shipped, fixed := results[0], results[1]
	if shipped.APIServer409ClaimStatus == 0 {
		t.Errorf("%s: no 409 on claim status writes; the load does not reproduce the conflict", shipped.Variant)
	}
	if fixed.APIServer409ClaimStatus != 0 || clientClaimStatus409(fixed) != 0 {
		t.Errorf("%s: 409 on claim status writes: %d (apiserver), %d (operator), want 0",
			fixed.Variant, fixed.APIServer409ClaimStatus, clientClaimStatus409(fixed))
	}
	if fixed.ClientWritesByResource["PUT sandboxclaims/status"] != 0 {
		t.Errorf("%s: %d claim status Updates, want patches only", fixed.Variant, fixed.ClientWritesByResource["PUT sandboxclaims/status"])
	}
}

// TestClaimOpHandover runs the same two variants as two processes under
// leader election, the leader killed halfway through the second burst: the
// other process must take over and bring every claim to Ready. What the
// hand-over does to the claims' statuses is reported, not asserted.
func TestClaimOpHandover(t *testing.T) {
	results := runClaimOp(t, external.Quick.WithHandover())
	for _, r := range results {
		if r.HandoverSeconds == 0 {
			t.Errorf("%s: no hand-over", r.Variant)
		}
	}
}

func runClaimOp(t *testing.T, load external.Load) []*external.Result {
	ctx, h := harnessForTest(t)
	co := external.Checkouts{Shipped: filepath.Join(h.Root, "bench", "conflict", "claimop")}
	var results []*external.Result
	for _, v := range external.VariantsFor(external.ClaimOp, co) {
		p, err := external.Prepare(ctx, h, external.ClaimOp, co, external.Packages{"./..."}, v, h.Work)
		if err != nil {
			t.Fatal(err)
		}
		r, err := external.Run(ctx, external.ClaimOp, v.Name, p.Binary, p.CRDs, h.Assets, filepath.Dir(p.Dir), load)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	if len(results) != 2 {
		t.Fatalf("%d variants of claimop, want shipped and statuslint -fix", len(results))
	}
	t.Logf("%s", external.Table(results))
	for _, r := range results {
		t.Logf("%s: writes %s; regressions %v; reverts %v; flaps %v", r.Variant, external.Writes(r), r.RegressionExamples, r.StatusRevertExamples, r.ReadyFlapExamples)
	}
	return results
}

func clientClaimStatus409(r *external.Result) int64 {
	var n int64
	for what, c := range r.Client409 {
		if strings.Contains(what, " sandboxclaims/status ") {
			n += c
		}
	}
	return n
}

func harnessForTest(t *testing.T) (context.Context, *harness.Harness) {
	// bench/conflict/external is three folders below the repository's root.
	return harness.ForTest(t, 3)
}
