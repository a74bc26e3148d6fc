package conflict_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/driver"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// TestConflicts runs the three variants of the example operator at the quick
// size on a real kube-apiserver and etcd. It asserts what the fixes promise:
// statuslint -fix alone takes the operator to no 409 on a status write, no
// steady-state status write and no observedGeneration regression, as the
// operator fixed by hand (the reference) does; and the shipped one does
// churn, so the harness is seen to measure something.
func TestConflicts(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kube-apiserver and etcd; not in -short")
	}
	// Stop the drivers, and so their kube-apiserver and etcd, a little
	// before go test's own timeout would kill this process and leave them.
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-2*time.Minute))
		defer cancel()
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	h := &harness.Harness{Root: root, Work: t.TempDir(), Log: testWriter{t}}
	if h.Assets, err = h.Servers(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.BuildStatuslint(ctx); err != nil {
		t.Fatal(err)
	}
	var results []*driver.Result
	for _, v := range harness.Variants {
		p, err := h.Prepare(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d statuslint findings left:\n%s", v.Name, len(p.Findings), strings.Join(p.Findings, "\n"))
		res, err := h.Run(ctx, p, harness.Quick)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	t.Logf("quick size (%d objects):\n%s\n%s", results[0].Objects, harness.Table(results), harness.Headline(results[0], results[1], results[2]))
	if out := os.Getenv("CONFLICT_RESULTS_JSON"); out != "" {
		writeJSON(t, out, results)
	}

	shipped, fixOnly, fixed := results[0], results[1], results[2]
	if shipped.SteadyStatusWritesPerMinute <= 0 {
		t.Errorf("shipped: %.0f steady-state status writes/min, want > 0 (the conditions mistake writes on every reconcile)", shipped.SteadyStatusWritesPerMinute)
	}
	for _, v := range []*driver.Result{fixOnly, fixed} {
		if v.APIServer409Status != 0 || v.Client409ConflictStatus != 0 {
			t.Errorf("%s: 409 on status writes: %d (apiserver), %d (client), want 0", v.Variant, v.APIServer409Status, v.Client409ConflictStatus)
		}
		if v.SteadyStatusWritesPerMinute != 0 || v.SteadyClientStatusWritesPerMinute != 0 {
			t.Errorf("%s: steady-state status writes/min %.1f (apiserver), %.1f (client), want 0", v.Variant, v.SteadyStatusWritesPerMinute, v.SteadyClientStatusWritesPerMinute)
		}
		if v.Regressions != 0 {
			t.Errorf("%s: %d observedGeneration regressions: %v", v.Variant, v.Regressions, v.RegressionExamples)
		}
	}
}
