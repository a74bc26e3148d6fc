package ownedstatus

import (
	"fmt"

	"github.com/statuslint/statuslint/bench/conflict/harness"
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
	return harness.Markdown(rows)
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
func (r *Result) Errors() string { return harness.Errors(r.ReconcileErrors, r.OperatorErrors) }

// Requests is the Markdown table of the steady window's requests per
// minute by verb and resource, the operator's and the API server's, two
// columns per variant.
func Requests(results []*Result) string {
	var steady []harness.SteadyRequests
	for _, r := range results {
		steady = append(steady, harness.SteadyRequests{Variant: r.Variant, Seconds: r.SteadySeconds,
			Operator: r.SteadyOperatorRequests, APIServer: r.SteadyAPIServerRequests})
	}
	return harness.RequestsTable(steady)
}
