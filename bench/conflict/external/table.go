package external

import (
	"fmt"
	"sort"
	"strings"
)

// Table is the Markdown table of results, one row per run.
func Table(results []*Result) string {
	var b strings.Builder
	handover := false
	for _, r := range results {
		handover = handover || r.Load.Handover
	}
	b.WriteString("| variant | 409 on claim status writes (apiserver / operator) | 409 on Pod writes | other 409s (apiserver) | operator writes (POST / PUT / PATCH / DELETE) | reconcile errors | log lines: errors (of which conflicts) | every claim bound and Ready (per claim: p50, max) | warm pool Ready | observedGeneration regressions | status back to an earlier value (A, B, A) | Ready flaps |")
	if handover {
		b.WriteString(" hand-over: leader killed at / other leads after |")
	}
	b.WriteString("\n|" + strings.Repeat(" --- |", 12))
	if handover {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	for _, r := range results {
		clientClaim409 := int64(0)
		for what, n := range r.Client409 {
			if strings.Contains(what, " sandboxclaims/status ") {
				clientClaim409 += n
			}
		}
		other := r.APIServer409Claims + r.APIServer409Sandboxes
		w := r.ClientWrites
		fmt.Fprintf(&b, "| %s | %d / %d | %d | %d | %d / %d / %d / %d | %d | %d (%d) | %.1f s (%.2f, %.2f s) | %.1f s | %d | %d | %d |",
			r.Variant, r.APIServer409ClaimStatus, clientClaim409, r.APIServer409Pods, other,
			w["POST"], w["PUT"], w["PATCH"], w["DELETE"], r.ReconcileErrors, r.ErrorLogLines, r.ConflictLogLines,
			r.ClaimsReadySeconds, r.ClaimLatency.P50, r.ClaimLatency.Max, r.WarmPoolReadySeconds,
			r.Regressions, r.StatusReverts, r.ReadyFlaps)
		if handover {
			if r.Load.Handover {
				fmt.Fprintf(&b, " %.1f s / %.1f s |", r.HandoverAtSeconds, r.HandoverSeconds)
			} else {
				b.WriteString(" - |")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Writes lists a result's operator writes by verb and resource, for the
// notes under the table.
func Writes(r *Result) string {
	var keys []string
	for k := range r.ClientWritesByResource {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.ClientWritesByResource[k]))
	}
	return strings.Join(parts, ", ")
}
