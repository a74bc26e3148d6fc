package harness

import (
	"fmt"
	"strings"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// Table is the Markdown table of results, one row per variant.
func Table(results []*driver.Result) string {
	var b strings.Builder
	b.WriteString("| variant | 409 on status writes (apiserver / client) | other 409s (apiserver: AlreadyExists) | API writes per reconcile | steady-state status writes/min (apiserver / client) | reconciles per object | all Ready after the bursts (per object: p50, max) | all Ready after the spec change (per object: p50, max) | observedGeneration regressions | status back to an earlier value (A, B, A) | Ready flaps (True, then not, at one generation) | reconcile errors |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d / %d | %d | %.2f | %.0f / %.0f | %.2f | %.1f s (%.2f, %.2f s) | %.1f s (%.2f, %.2f s) | %d | %d | %d | %d |\n",
			r.Variant,
			r.APIServer409Status, r.Client409ConflictStatus,
			r.APIServer409Other,
			r.WritesPerReconcile,
			r.SteadyStatusWritesPerMinute, r.SteadyClientStatusWritesPerMinute,
			r.ReconcilesPerObject,
			r.ReadyAfterBurstsSeconds, r.ReadyLatencyBursts.P50, r.ReadyLatencyBursts.Max,
			r.ReadyAfterRolloutSeconds, r.ReadyLatencyRollout.P50, r.ReadyLatencyRollout.Max,
			r.Regressions,
			r.StatusReverts,
			r.ReadyFlaps,
			r.ReconcileErrors)
	}
	return b.String()
}

// Headline is the one line for the README: the shipped operator, after
// statuslint -fix, and fixed by hand the way the remaining messages say.
func Headline(shipped, fixOnly, fixed *driver.Result) string {
	return fmt.Sprintf("On a real kube-apiserver and etcd with %d objects: 409s on status writes: %d → %d after `statuslint -fix` → %d with the remaining findings fixed as their messages say; steady-state status writes: %.0f/min → %.0f/min → %.0f/min; observedGeneration regressions: %d, %d, %d.",
		shipped.Objects,
		shipped.APIServer409Status, fixOnly.APIServer409Status, fixed.APIServer409Status,
		shipped.SteadyStatusWritesPerMinute, fixOnly.SteadyStatusWritesPerMinute, fixed.SteadyStatusWritesPerMinute,
		shipped.Regressions, fixOnly.Regressions, fixed.Regressions)
}
