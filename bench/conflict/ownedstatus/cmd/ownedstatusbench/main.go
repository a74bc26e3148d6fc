// Command ownedstatusbench runs the ownedstatus benchmark: the
// Deployment-owning operator as written and after statuslint -fix, each on
// its own kube-apiserver and etcd, some rounds of both, and writes the
// tables as Markdown. Run it from bench/conflict:
//
//	go run ./ownedstatus/cmd/ownedstatusbench -size large -runs 3 -o ownedstatus/RESULTS.md
package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/harness"
	"github.com/statuslint/statuslint/bench/conflict/ownedstatus"
)

var sizes = map[string]ownedstatus.Config{"quick": ownedstatus.Quick, "large": ownedstatus.Large}

func main() {
	harness.MarkdownCommand("ownedstatusbench", ownedstatus.Spec, sizes, ownedstatus.Measure,
		func(size string, prepared []*harness.PreparedCopy, rounds [][]*ownedstatus.Result, took time.Duration) string {
			return report(size, sizes[size], prepared, rounds, took)
		})
}

// report is the Markdown of the rounds: the steady-state figures side by
// side with their ratios, then each round's tables.
func report(size string, cfg ownedstatus.Config, prepared []*harness.PreparedCopy, rounds [][]*ownedstatus.Result, took time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# ownedstatus: owned Deployments watched without a predicate, before and after statuslint -fix\n\n")
	fmt.Fprintf(&b, "Written by `go run ./ownedstatus/cmd/ownedstatusbench -size %s -runs %d -o ownedstatus/RESULTS.md` (from bench/conflict) on %s, %d CPUs, in %s; see [../README.md](../README.md#ownedstatus-owned-deployments-watched-without-a-predicate) for what it runs.\n\n",
		size, len(rounds), time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), took.Round(time.Second))
	fmt.Fprintf(&b, "Size: %d Widgets, one Deployment each, %d replicas; a Pod ready every %s on average; once rolled out, one Pod of each Deployment loses and regains its readiness every %s on average; MaxConcurrentReconciles %d; %s settling, then a steady window of %s; then %d Deployments scaled by hand (driver flags `%s`).\n\n",
		cfg.Widgets, cfg.Replicas, cfg.PodReady, cfg.Flap, cfg.Workers, cfg.Settle, cfg.Steady, cfg.Drift, strings.Join(cfg.Args(), " "))
	b.WriteString("What statuslint reported on each copy:\n\n" + harness.FindingsList(prepared))
	b.WriteString("\n## The steady state, as written / after statuslint -fix\n\n")
	b.WriteString("Per minute of the steady window; a ratio is as written over fixed.\n\n")
	rows := [][]string{{"round", "Deployment status writes/min", "operator reconciles/min", "operator API requests/min", "of which GET secrets",
		"API server requests/min (Deployments, Widgets, Secrets)", "scaled Deployments set back: as written", "fixed"}}
	for i, rs := range rounds {
		w, f := rs[0], rs[1]
		rows = append(rows, []string{fmt.Sprint(i + 1),
			fmt.Sprintf("%.0f / %.0f", w.PerMinute(w.SteadyStatusWrites), f.PerMinute(f.SteadyStatusWrites)),
			harness.Ratio(w.PerMinute(w.SteadyReconciles), f.PerMinute(f.SteadyReconciles)),
			harness.Ratio(w.PerMinute(ownedstatus.Total(w.SteadyOperatorRequests)), f.PerMinute(ownedstatus.Total(f.SteadyOperatorRequests))),
			harness.Ratio(w.PerMinute(w.SteadyOperatorRequests["GET secrets"]), f.PerMinute(f.SteadyOperatorRequests["GET secrets"])),
			harness.Ratio(w.PerMinute(ownedstatus.Total(w.SteadyAPIServerRequests)), f.PerMinute(ownedstatus.Total(f.SteadyAPIServerRequests))),
			w.Drift(), f.Drift()})
	}
	b.WriteString(harness.Markdown(rows))
	for i, rs := range rounds {
		fmt.Fprintf(&b, "\n## Round %d\n\n%s\nRequests per minute of the steady window, by verb and resource:\n\n%s", i+1, ownedstatus.Table(rs), ownedstatus.Requests(rs))
	}
	return b.String()
}
