// Command condhelpersbench runs the condhelpers benchmark: the WebApp
// operator as written and after statuslint -fix, each on its own
// kube-apiserver and etcd, some rounds of both, and writes the tables as
// Markdown. Run it from bench/conflict:
//
//	go run ./condhelpers/cmd/condhelpersbench -size large -runs 3 -o condhelpers/RESULTS.md
package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/condhelpers"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

var sizes = map[string]condhelpers.Config{"quick": condhelpers.Quick, "large": condhelpers.Large}

func main() {
	harness.MarkdownCommand("condhelpersbench", condhelpers.Spec, sizes, condhelpers.Measure,
		func(size string, prepared []*harness.PreparedCopy, rounds [][]*condhelpers.Result, took time.Duration) string {
			return report(size, sizes[size], prepared, rounds, took)
		})
}

// report is the Markdown of the rounds: the steady-state figures side by
// side with their ratios, then each round's tables.
func report(size string, cfg condhelpers.Config, prepared []*harness.PreparedCopy, rounds [][]*condhelpers.Result, took time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# condhelpers: a condition helper that writes the status from every branch, before and after statuslint -fix\n\n")
	fmt.Fprintf(&b, "Written by `go run ./condhelpers/cmd/condhelpersbench -size %s -runs %d -o condhelpers/RESULTS.md` (from bench/conflict) on %s, %d CPUs, in %s; see [../README.md](../README.md#condhelpers-a-condition-helper-that-writes-the-status-from-every-branch) for what it runs.\n\n",
		size, len(rounds), time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), took.Round(time.Second))
	fmt.Fprintf(&b, "Size: %d WebApps, each with a ConfigMap, a Deployment and a headless Service; the operator requeues every WebApp %s after its reconcile, MaxConcurrentReconciles %d; %s settling, then a steady window of %s; then %d WebApps changed for each of: a new image in the spec, the ConfigMap edited, the Deployment scaled, the Service deleted (driver flags `%s`).\n\n",
		cfg.Apps, cfg.Resync, cfg.Workers, cfg.Settle, cfg.Steady, cfg.Changes, strings.Join(cfg.Args(), " "))
	b.WriteString("What statuslint reported on each copy:\n\n" + harness.FindingsList(prepared))
	b.WriteString("\n## The steady state, as written / after statuslint -fix\n\n")
	b.WriteString("Per minute of the steady window; a ratio is as written over fixed.\n\n")
	rows := [][]string{{"round", "status writes/min (apiserver)", "status writes/min (operator's client)", "reconciles/min",
		"operator API requests/min", "API server requests/min (WebApps, ConfigMaps, Deployments, Services)",
		"changes followed: as written", "fixed", "wrong statuses at the end: as written / fixed"}}
	for i, rs := range rounds {
		w, f := rs[0], rs[1]
		rows = append(rows, []string{fmt.Sprint(i + 1),
			harness.Ratio(w.PerMinute(w.SteadyStatusWritesAPIServer), f.PerMinute(f.SteadyStatusWritesAPIServer)),
			harness.Ratio(w.PerMinute(w.SteadyStatusWritesClient), f.PerMinute(f.SteadyStatusWritesClient)),
			fmt.Sprintf("%.0f / %.0f", w.PerMinute(w.SteadyReconciles), f.PerMinute(f.SteadyReconciles)),
			harness.Ratio(w.PerMinute(condhelpers.Total(w.SteadyOperatorRequests)), f.PerMinute(condhelpers.Total(f.SteadyOperatorRequests))),
			harness.Ratio(w.PerMinute(condhelpers.Total(w.SteadyAPIServerRequests)), f.PerMinute(condhelpers.Total(f.SteadyAPIServerRequests))),
			w.Follow(), f.Follow(), fmt.Sprintf("%d / %d", w.StatusWrong, f.StatusWrong)})
	}
	b.WriteString(harness.Markdown(rows))
	for i, rs := range rounds {
		fmt.Fprintf(&b, "\n## Round %d\n\n%s\nRequests per minute of the steady window, by verb and resource:\n\n%s", i+1, condhelpers.Table(rs), condhelpers.Requests(rs))
	}
	return b.String()
}
