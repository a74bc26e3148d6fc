package ownedstatus

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Table is the Markdown table of results, one row per variant; the steady
// figures are per minute of the steady window.
func Table(results []*Result) string {
	rows := [][]string{{"variant", "Deployment status writes/min (stand-in controller)", "operator reconciles/min",
		"operator API requests/min (GET secrets)", "API server requests/min: all (Deployment status writes)",
		"scaled Deployments set back", "setup until settled", "reconcile errors (the operator's failed requests, whole run)"}}
	for _, r := range results {
		rows = append(rows, []string{
			r.Variant,
			fmt.Sprintf("%.0f", r.PerMinute(r.SteadyStatusWrites)),
			fmt.Sprintf("%.0f", r.PerMinute(r.SteadyReconciles)),
			fmt.Sprintf("%.0f (%.0f)", r.PerMinute(Total(r.SteadyOperatorRequests)), r.PerMinute(r.SteadyOperatorRequests["GET secrets"])),
			fmt.Sprintf("%.0f (%.0f)", r.PerMinute(Total(r.SteadyAPIServerRequests)), r.PerMinute(r.SteadyAPIServerRequests["PATCH deployments/status"])),
			r.Drift(),
			fmt.Sprintf("%.1f s", r.SetupSeconds),
			r.Errors(),
		})
	}
	return Markdown(rows)
}

// Drift says how many of the Deployments scaled by hand the operator set
// back, and how fast.
func (r *Result) Drift() string {
	if r.DriftSeconds < 0 {
		return fmt.Sprintf("%d of %d, not all within %s", r.DriftSetBack, r.DriftScaled, driftTimeout)
	}
	return fmt.Sprintf("%d of %d in %.1f s", r.DriftSetBack, r.DriftScaled, r.DriftSeconds)
}

// Errors is the operator's reconcile errors and the failed requests among
// them, over the whole run.
func (r *Result) Errors() string {
	if len(r.OperatorErrors) == 0 {
		return fmt.Sprint(r.ReconcileErrors)
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(r.OperatorErrors)) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, r.OperatorErrors[k]))
	}
	return fmt.Sprintf("%d (%s)", r.ReconcileErrors, strings.Join(parts, ", "))
}

// Requests is the Markdown table of the steady window's requests per
// minute by verb and resource, the operator's and the API server's, two
// columns per variant.
func Requests(results []*Result) string {
	keys := map[string]bool{}
	head := []string{"request"}
	for _, r := range results {
		for k := range r.SteadyOperatorRequests {
			keys[k] = true
		}
		for k := range r.SteadyAPIServerRequests {
			keys[k] = true
		}
		head = append(head, r.Variant+": operator", r.Variant+": API server")
	}
	rows := [][]string{head}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		row := []string{k}
		for _, r := range results {
			row = append(row, fmt.Sprintf("%.1f", r.PerMinute(r.SteadyOperatorRequests[k])), fmt.Sprintf("%.1f", r.PerMinute(r.SteadyAPIServerRequests[k])))
		}
		rows = append(rows, row)
	}
	return Markdown(rows)
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
