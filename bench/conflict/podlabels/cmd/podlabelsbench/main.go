// Command podlabelsbench runs the podlabels benchmark: the Pod labeller as
// written and after statuslint -fix, each on its own kube-apiserver and
// etcd, and prints the table. Run it from bench/conflict:
//
//	go run ./podlabels/cmd/podlabelsbench -size large -runs 3
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/statuslint/statuslint/bench/conflict/harness"
	"github.com/statuslint/statuslint/bench/conflict/podlabels"
)

func main() {
	size := flag.String("size", "large", "quick (the test's) or large")
	runs := flag.Int("runs", 1, "rounds of both variants")
	jsonOut := flag.String("json", "", "also write every result to this file as JSON")
	flag.Parse()
	if err := run(*size, *runs, *jsonOut); err != nil {
		fmt.Fprintln(os.Stderr, "podlabelsbench:", err)
		os.Exit(1)
	}
}

func run(size string, runs int, jsonOut string) error {
	var cfg podlabels.Config
	switch size {
	case "quick":
		cfg = podlabels.Quick
	case "large":
		cfg = podlabels.Large
	default:
		return fmt.Errorf("unknown size %q", size)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Run from bench/conflict, the repository is two folders up.
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "podlabelsbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	assets, err := (&harness.Harness{Root: root}).Servers(ctx)
	if err != nil {
		return err
	}
	b := &podlabels.Bench{Harness: harness.Harness{Root: root, Assets: assets, Work: work, Log: os.Stderr}}
	if err := b.BuildStatuslint(ctx); err != nil {
		return err
	}
	var prepared []*podlabels.Prepared
	for _, v := range podlabels.Variants {
		p, err := b.Prepare(ctx, v)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: statuslint findings on the copy: %q\n", v.Name, p.Findings)
		prepared = append(prepared, p)
	}
	var all []*podlabels.Result
	for r := 1; r <= runs; r++ {
		var results []*podlabels.Result
		for _, p := range prepared {
			res, err := b.Run(ctx, p, cfg)
			if err != nil {
				return err
			}
			results = append(results, res)
		}
		fmt.Printf("round %d of %d, %s size (%s):\n\n%s\n", r, runs, size, strings.Join(cfg.Args(), " "), podlabels.Table(results))
		all = append(all, results...)
	}
	if jsonOut != "" {
		data, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			return err
		}
		return os.WriteFile(jsonOut, data, 0o644)
	}
	return nil
}
