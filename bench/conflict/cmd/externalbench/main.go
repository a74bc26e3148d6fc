// Command externalbench runs a real operator, one that is not the project's
// example, under the conflict harness and writes the table:
//
//	cd bench/conflict && go run ./cmd/externalbench -operator agent-sandbox \
//	    -shipped CHECKOUT -upstream CHECKOUT -runs 3
//
// Each checkout is a directory holding the operator's module at one commit
// (see README.md for the commits and how to fetch them). It runs the
// operator as shipped, after statuslint -fix, as the upstream fix left it,
// and with a quiet requeue on conflict, each on its own kube-apiserver and
// etcd, under the load of agent-sandbox PR #508's measurement (package
// external).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/external"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

func main() {
	opName := flag.String("operator", "agent-sandbox", "agent-sandbox or claimop (the project's own, in claimop/)")
	shipped := flag.String("shipped", "", "checkout of the operator's module at the commit measured (claimop: claimop/)")
	upstream := flag.String("upstream", "", "checkout of the commit with the upstream fix (optional)")
	size := flag.String("size", "pr", "pr (agent-sandbox PR #508's load) or quick")
	runs := flag.Int("runs", 1, "rounds of the variants")
	handover := flag.Bool("handover", false, "two operator processes under leader election; the leader is killed mid-burst")
	packages := flag.String("packages", "", "comma-separated packages statuslint fixes and reports on (default: the operator's)")
	results := flag.String("results", "", "where to write the report, as Markdown (default: stdout only)")
	jsonOut := flag.String("json", "", "also write the full results as JSON to this file")
	only := flag.String("variants", "", "comma-separated names of the variants to run (default: all that apply)")
	flag.Parse()

	ops := map[string]external.Operator{"agent-sandbox": external.AgentSandbox, "claimop": external.ClaimOp}
	op, ok := ops[*opName]
	if !ok {
		fail(fmt.Errorf("-operator %q: want agent-sandbox or claimop", *opName))
	}
	load := external.PR
	switch *size {
	case "pr":
	case "quick":
		load = external.Quick
	default:
		fail(fmt.Errorf("-size %q: want pr or quick", *size))
	}
	if *handover {
		load = load.WithHandover()
	}
	if *shipped == "" && op.Name == "claimop" {
		*shipped = "claimop"
	}
	if *shipped == "" {
		fail(fmt.Errorf("-shipped: give the checkout of %s's module", op.Name))
	}
	co := external.Checkouts{Shipped: abs(*shipped)}
	if *upstream != "" {
		co.Upstream = abs(*upstream)
	}
	pkgs := external.Packages{"./..."}
	if op.Name == "agent-sandbox" {
		pkgs = external.Packages{"./controllers/...", "./extensions/...", "./cmd/..."}
	}
	if *packages != "" {
		pkgs = strings.Split(*packages, ",")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	variants := external.VariantsFor(op, co)
	if *only != "" {
		var keep []external.Variant
		for _, name := range strings.Split(*only, ",") {
			found := false
			for _, v := range variants {
				if v.Name == name {
					keep, found = append(keep, v), true
				}
			}
			if !found {
				fail(fmt.Errorf("-variants: no variant %q for %s", name, op.Name))
			}
		}
		variants = keep
	}
	if err := run(ctx, op, co, pkgs, variants, load, *runs, *results, *jsonOut); err != nil {
		fail(err)
	}
}

func run(ctx context.Context, op external.Operator, co external.Checkouts, pkgs external.Packages, variants []external.Variant, load external.Load, runs int, resultsPath, jsonPath string) error {
	h, done, err := harness.ForCommand(ctx)
	if err != nil {
		return err
	}
	defer done()
	var prepared []*external.Prepared
	for _, v := range variants {
		p, err := external.Prepare(ctx, h, op, co, pkgs, v, h.Work)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: %d findings\n", v.Name, len(p.Findings))
		prepared = append(prepared, p)
	}
	// Variants run in turn, round after round, so that a drift of the
	// machine spreads over all of them.
	var res []*external.Result
	for round := 1; round <= runs; round++ {
		for _, p := range prepared {
			start := time.Now()
			r, err := external.Run(ctx, op, p.Name, p.Binary, p.CRDs, h.Assets, filepath.Dir(p.Dir), load)
			if err != nil {
				return fmt.Errorf("%s, round %d: %w", p.Name, round, err)
			}
			if runs > 1 {
				r.Variant = fmt.Sprintf("%s (run %d)", r.Variant, round)
			}
			fmt.Fprintf(os.Stderr, "%s done in %s\n", r.Variant, time.Since(start).Round(time.Second))
			res = append(res, r)
		}
	}
	if jsonPath != "" {
		data, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(jsonPath, data, 0o644); err != nil {
			return err
		}
	}
	doc := report(op, co, load, runs, res, prepared)
	fmt.Print(doc)
	if resultsPath == "" {
		return nil
	}
	return os.WriteFile(resultsPath, []byte(doc), 0o644)
}

func report(op external.Operator, co external.Checkouts, load external.Load, runs int, res []*external.Result, prepared []*external.Prepared) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s on %d CPUs, %s, %s/%s: a warm pool of %d, then %d bursts of %d claims at %g/s, a %s pause after each burst is Ready; %s; kubelet-like pace: bind %s, running %s later, Ready %s later",
		op.Name, runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		load.WarmPool, load.Bursts, load.PerBurst, load.QPS, load.Pause, strings.Join(op.Flags, " "),
		load.Pace.Schedule, load.Pace.Start, load.Pace.Ready)
	if load.Handover {
		fmt.Fprintf(&b, "; two processes under leader election, the leader killed (SIGKILL) halfway through burst %d", load.HandoverBurst)
	}
	fmt.Fprintf(&b, ". %d round(s).\n\n", runs)
	b.WriteString(external.Table(res))
	b.WriteString("\n")
	for _, p := range prepared {
		fmt.Fprintf(&b, "- **%s**: %s; statuslint findings: %d\n", p.Name, p.Note, len(p.Findings))
		for _, f := range p.Findings {
			fmt.Fprintf(&b, "  - `%s`\n", f)
		}
	}
	b.WriteString("\nOperator writes by verb and resource:\n\n")
	for _, r := range res {
		fmt.Fprintf(&b, "- %s: %s\n", r.Variant, external.Writes(r))
	}
	return b.String()
}

func abs(dir string) string {
	a, err := filepath.Abs(dir)
	if err != nil {
		fail(err)
	}
	return a
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "externalbench:", err)
	os.Exit(1)
}
