// Command conflictbench runs the conflict harness at a chosen size and
// writes the table to RESULTS.md:
//
//	cd bench/conflict && go run ./cmd/conflictbench -size large
//
// It builds kube-apiserver and etcd the first time (build-servers.sh), then
// runs the example operator as shipped, after statuslint -fix, and fixed by
// hand, each on its own API server, under the same load.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/driver"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

func main() {
	size := flag.String("size", "large", "quick or large")
	results := flag.String("results", "RESULTS.md", "where to write the table, - for stdout only")
	jsonOut := flag.String("json", "", "also write the full results as JSON to this file")
	runs := flag.Int("runs", 1, "rounds of the three variants")
	handover := flag.Bool("handover", false, "run the operator as two processes under leader election and kill the leader after the third burst (default -results: RESULTS-handover.md)")
	flag.Parse()

	load := harness.Large
	switch *size {
	case "large":
	case "quick":
		load = harness.Quick
	default:
		fmt.Fprintf(os.Stderr, "conflictbench: -size %q: want quick or large\n", *size)
		os.Exit(2)
	}
	if *handover {
		load.Handover = true
		if !flagSet("results") {
			*results = "RESULTS-handover.md"
		}
	}
	if err := run(*size, *runs, load, *results, *jsonOut); err != nil {
		fmt.Fprintln(os.Stderr, "conflictbench:", err)
		os.Exit(1)
	}
}

func run(size string, runs int, load harness.Load, resultsPath, jsonPath string) error {
	ctx := context.Background()
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "conflictbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	h := &harness.Harness{Root: filepath.Dir(filepath.Dir(wd)), Work: work, Log: os.Stderr}
	if _, err := os.Stat(filepath.Join(h.Root, "example", "go.mod")); err != nil {
		return fmt.Errorf("run this from bench/conflict: %w", err)
	}
	if h.Assets, err = h.Servers(ctx); err != nil {
		return err
	}
	if err := h.BuildStatuslint(ctx); err != nil {
		return err
	}
	// Prepare every variant first, then run them in turn, round after
	// round, so that a drift of the machine spreads over all of them.
	var prepared []*harness.Prepared
	findings := map[string][]string{}
	for _, v := range harness.Variants {
		p, err := h.Prepare(ctx, v)
		if err != nil {
			return err
		}
		findings[v.Name] = p.Findings
		prepared = append(prepared, p)
	}
	var res []*driver.Result
	for round := 1; round <= runs; round++ {
		for _, p := range prepared {
			r, err := h.Run(ctx, p, load)
			if err != nil {
				return err
			}
			if runs > 1 {
				r.Variant = fmt.Sprintf("%s (run %d)", r.Variant, round)
			}
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
	doc := report(size, runs, load, res, findings, serverVersions(h.Assets), checkout(h.Root))
	fmt.Print(doc)
	if resultsPath == "-" {
		return nil
	}
	return os.WriteFile(resultsPath, []byte(doc), 0o644)
}

// sortByVariant orders results run round by round as variant by variant.
func sortByVariant(res []*driver.Result, variants int) []*driver.Result {
	var out []*driver.Result
	for v := 0; v < variants; v++ {
		for i := v; i < len(res); i += variants {
			out = append(out, res[i])
		}
	}
	return out
}

// serverVersions is what the two binaries say they are.
func serverVersions(dir string) string {
	var vs []string
	for _, bin := range []string{"kube-apiserver", "etcd"} {
		out, err := exec.Command(filepath.Join(dir, bin), "--version").Output()
		if err != nil {
			vs = append(vs, bin+" (version unknown)")
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
		vs = append(vs, first)
	}
	return strings.Join(vs, ", ")
}

// checkout names the commit statuslint was built from, and says so when the
// tool's sources had changes not committed yet.
func checkout(root string) string {
	head, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "an unknown commit"
	}
	s := "commit " + strings.TrimSpace(string(head))
	dirty, err := exec.Command("git", "-C", root, "status", "--porcelain", "--", "cmd", "analyzer", "passes", "internal").Output()
	if err == nil && len(bytes.TrimSpace(dirty)) > 0 {
		s += " with uncommitted changes to the tool"
	}
	return s
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func report(size string, runs int, load harness.Load, res []*driver.Result, findings map[string][]string, servers, commit string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Conflict harness: the example operator on a real kube-apiserver and etcd\n\n")
	cmdline := "go run ./cmd/conflictbench -size " + size
	if runs > 1 {
		cmdline += fmt.Sprint(" -runs ", runs)
	}
	if load.Handover {
		cmdline += " -handover"
	}
	fmt.Fprintf(&b, "Command, from bench/conflict: `%s`\n\n", cmdline)
	fmt.Fprintf(&b, "Run %s on %d CPUs, %s, %s/%s, against %s built from source by build-servers.sh. ",
		time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, servers)
	fmt.Fprintf(&b, "%d objects (Widgets and Gadgets, half each) in %d bursts of %d, %s apart; MaxConcurrentReconciles %d per controller; "+
		"an interfering writer at %g writes/s (labels and annotations of the objects, annotations of their ConfigMaps) from the first burst to the end; "+
		"then a spec change of every object (a new generation); then, once all are Ready again and the operator has written no status for %s (or after %s), a steady-state window of %s.\n\n",
		load.Bursts*load.PerBurst, load.Bursts, load.PerBurst, load.BurstGap, load.Workers, load.Interfere, load.Settle, load.SettleMax, load.Steady)
	if load.Handover {
		fmt.Fprintf(&b, "The operator runs as two processes under leader election (each its own cache); the leader is killed (SIGKILL) once the creates of burst %d are sent, and the other takes over.\n\n", load.HandoverBurst())
	}
	fmt.Fprintf(&b, "statuslint was built from %s.\n\n", commit)
	b.WriteString(harness.Table(sortByVariant(res, len(harness.Variants))))
	b.WriteString("\n")
	for _, v := range harness.Variants {
		fmt.Fprintf(&b, "- **%s**: %s; statuslint findings left: %d\n", v.Name, v.Note, len(findings[v.Name]))
		for _, f := range findings[v.Name] {
			fmt.Fprintf(&b, "  - `%s`\n", f)
		}
	}
	if load.Handover {
		b.WriteString("\nHand-overs:\n\n")
		for _, r := range sortByVariant(res, len(harness.Variants)) {
			fmt.Fprintf(&b, "- %s: leader killed %.1f s after the first create; the other led %.1f s later\n", r.Variant, r.HandoverAtSeconds, r.HandoverSeconds)
		}
	}
	if runs == 1 {
		fmt.Fprintf(&b, "\nHeadline: %s\n", harness.Headline(res[0], res[1], res[2]))
	} else {
		n := len(harness.Variants)
		for i := 0; i+n <= len(res); i += n {
			fmt.Fprintf(&b, "\nHeadline of run %d: %s\n", i/n+1, harness.Headline(res[i], res[i+1], res[i+2]))
		}
	}
	b.WriteString("\nColumns: 409s are counted by the API server (`apiserver_request_total`, code 409, on the status subresource of widgets and gadgets; \"other\" is mostly AlreadyExists on a ConfigMap create from a stale cache) and by the operator's own transport (409 with reason Conflict on a status write). API writes per reconcile are the operator's POST, PUT, PATCH and DELETE requests over its reconciles (controller-runtime's `controller_runtime_reconcile_total`). Steady-state status writes are writes of a Widget or Gadget status during the window, when every object is Ready and only the interfering writer's labels and annotations change. Regressions are times a watcher saw an object's `status.observedGeneration` go down; \"status back to an earlier value\" counts the times it saw an object's whole status come back, at one generation, to a value that a later write had replaced (A, B, A): a write from a stale copy undoing a newer one, or a condition that flapped within a second (lastTransitionTime has whole seconds); Ready flaps count every time an object's Ready condition went from True to anything else without a new generation.\n")
	return b.String()
}
