package condhelpers

import (
	"fmt"
	"strings"

	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// Table is the Markdown table of results, one row per variant; the steady
// figures are per minute of the steady window.
func Table(results []*Result) string {
	rows := [][]string{{"variant", "status writes/min (apiserver / client)", "reconciles/min", "status writes per reconcile",
		"operator API requests/min", "API server requests/min (WebApps, ConfigMaps, Deployments, Services)",
		"changes followed", "status writes while following", "WebApps with a wrong status at the end", "setup until settled",
		"reconcile errors (the operator's failed requests, whole run)"}}
	for _, r := range results {
		perReconcile := "-"
		if r.SteadyReconciles > 0 {
			perReconcile = fmt.Sprintf("%.2f", float64(r.SteadyStatusWritesClient)/float64(r.SteadyReconciles))
		}
		rows = append(rows, []string{
			r.Variant,
			fmt.Sprintf("%.0f / %.0f", r.PerMinute(r.SteadyStatusWritesAPIServer), r.PerMinute(r.SteadyStatusWritesClient)),
			fmt.Sprintf("%.0f", r.PerMinute(r.SteadyReconciles)),
			perReconcile,
			fmt.Sprintf("%.0f", r.PerMinute(Total(r.SteadyOperatorRequests))),
			fmt.Sprintf("%.0f", r.PerMinute(Total(r.SteadyAPIServerRequests))),
			r.Follow(),
			fmt.Sprint(r.FollowWrites),
			r.Wrong(),
			fmt.Sprintf("%.1f s", r.SetupSeconds),
			r.Errors(),
		})
	}
	return harness.Markdown(rows)
}

// Follow says how many of the changes the operator followed, and how fast.
func (r *Result) Follow() string {
	var kinds []string
	for _, k := range changeKinds {
		if n := r.Changed[k]; n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", n, k))
		}
	}
	what := strings.Join(kinds, ", ")
	if r.FollowSeconds < 0 {
		return fmt.Sprintf("%d of %d (%s), not all within %s", r.Followed, r.ChangedTotal(), what, followTimeout)
	}
	return fmt.Sprintf("%d of %d (%s) in %.1f s", r.Followed, r.ChangedTotal(), what, r.FollowSeconds)
}

// Wrong is how many WebApps ended with a wrong status, with the first few.
func (r *Result) Wrong() string {
	if r.StatusWrong == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%s)", r.StatusWrong, strings.Join(r.StatusProblems, "; "))
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
