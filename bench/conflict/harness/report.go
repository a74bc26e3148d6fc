package harness

import (
	"fmt"
	"maps"
	"slices"
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

// Markdown is a Markdown table: the first row is the header.
func Markdown(rows [][]string) string {
	var b strings.Builder
	for i, row := range rows {
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", len(row)) + "\n")
		}
	}
	return b.String()
}

// Ratio says how a figure before (as written) compares with after (fixed):
// "x / y = r×", or that after is none.
func Ratio(before, after float64) string {
	if after == 0 {
		return fmt.Sprintf("%.0f / 0 (none after)", before)
	}
	return fmt.Sprintf("%.0f / %.0f = %.1f×", before, after, before/after)
}

// Errors is a run's reconcile errors and the operator's failed requests
// (driver.Failed), for a table cell.
func Errors(reconcileErrors int64, failed map[string]int64) string {
	if len(failed) == 0 {
		return fmt.Sprint(reconcileErrors)
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(failed)) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, failed[k]))
	}
	return fmt.Sprintf("%d (%s)", reconcileErrors, strings.Join(parts, ", "))
}

// SteadyRequests is one variant's requests in a steady window, by "VERB
// resource[/subresource]" (driver.RequestsBetween): the operator's and the
// API server's.
type SteadyRequests struct {
	Variant             string
	Seconds             float64
	Operator, APIServer map[string]int64
}

// RequestsTable is the Markdown table of the steady windows' requests per
// minute by verb and resource, two columns per variant.
func RequestsTable(variants []SteadyRequests) string {
	keys := map[string]bool{}
	head := []string{"request"}
	for _, v := range variants {
		for k := range v.Operator {
			keys[k] = true
		}
		for k := range v.APIServer {
			keys[k] = true
		}
		head = append(head, v.Variant+": operator", v.Variant+": API server")
	}
	perMinute := func(v SteadyRequests, n int64) string {
		if v.Seconds <= 0 {
			return "0.0"
		}
		return fmt.Sprintf("%.1f", float64(n)/v.Seconds*60)
	}
	rows := [][]string{head}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		row := []string{k}
		for _, v := range variants {
			row = append(row, perMinute(v, v.Operator[k]), perMinute(v, v.APIServer[k]))
		}
		rows = append(rows, row)
	}
	return Markdown(rows)
}

// FindingsList is a Markdown list of what statuslint reported on each
// prepared copy.
func FindingsList(prepared []*PreparedCopy) string {
	var b strings.Builder
	for _, p := range prepared {
		if len(p.Findings) == 0 {
			fmt.Fprintf(&b, "- %s: nothing\n", p.Name)
			continue
		}
		quoted := make([]string, len(p.Findings))
		for i, f := range p.Findings {
			quoted[i] = "`" + f + "`"
		}
		fmt.Fprintf(&b, "- %s: %s\n", p.Name, strings.Join(quoted, "; "))
	}
	return b.String()
}
