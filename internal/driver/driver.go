// Package driver is statuslint's standalone driver: what runs for
// `statuslint [flags] packages...`, with the flags, output and exit codes
// of x/tools' multichecker, statuslint's own usage text, and one
// difference that matters.
//
// x/tools' checker type-checks every dependency from source once an
// analyzer has facts, so a standalone run on an operator paid for parsing
// and type-checking client-go, k8s.io/api and the standard library: on the
// bundled example, 7.5 s of CPU and 1.46 GB, where this driver takes 0.9 s
// and 102 MB (bench/RESULTS.md). It reads the types of every package that
// cannot carry a statuslint fact from the compiler's export data instead
// (see [Load]), and hands the rest to x/tools' checker.Analyze, which
// computes facts, diagnostics and fixes as before. The facts of the
// dependencies it does type-check are kept in an on-disk cache, so that
// the next run reads those from export data too (cache.go).
// STATUSLINT_NOSKIP=1 type-checks everything from source again, without
// the cache.
//
// The vet and fix tool protocol (a *.cfg argument, -flags, -V) and
// "help ANALYZER" are left to multichecker: see [Handles].
package driver

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/vetskip"
)

// Handles reports whether this driver handles a command line (without
// the program name): standalone runs and the usage text. The vet and fix
// tool protocol (a trailing *.cfg file, -flags, -V) and "help ANALYZER"
// are multichecker's, which the caller runs instead.
func Handles(args []string) bool {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			if strings.HasSuffix(a, ".cfg") {
				return false
			}
			// "help" alone is ours; "help statusupdate" is multichecker's
			// analyzer documentation.
			return a != "help" || i != 0 || len(args) == 1
		}
		name := strings.TrimLeft(a, "-")
		if i := strings.IndexByte(name, '='); i >= 0 {
			name = name[:i]
		}
		if name == "flags" || name == "V" {
			return false
		}
	}
	return true
}

// options are the driver's own flags, as multichecker names them.
type options struct {
	json       bool
	format     string
	context    int
	fix, diff  bool
	tests      bool
	debug      string
	cpuprofile string
	memprofile string
	trace      string
	verbose    bool
}

// Main runs the analyzers standalone on the packages args name and exits
// with multichecker's codes: 0 when there is nothing to report (and
// always with -json or -fix when nothing failed), 1 when loading or
// analysis failed, 3 when there are diagnostics.
func Main(progname string, analyzers []*analysis.Analyzer, args []string) {
	os.Exit(run(progname, analyzers, args, os.Stdout, os.Stderr))
}

func run(progname string, analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) (exitcode int) {
	exitAtLeast := func(code int) { exitcode = max(exitcode, code) }
	// This driver merges the fixes of every package of a run and writes
	// them all or none (applyFixes), so a fix may edit another package's
	// files: a helper's sibling that its callers' fixes add (see
	// internal/fixes/files.go). go vet -fix, go fix and gopls apply fixes
	// package by package and never see such a fix.
	fixes.AllowAcrossPackages(true)
	defer fixes.AllowAcrossPackages(false)
	log := log.New(stderr, progname+": ", 0)

	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // a bad flag is one line, printed below
	fs.Usage = func() {}
	var opts options
	fs.BoolVar(&opts.json, "json", false, "emit JSON output (the same as -format=json)")
	fs.StringVar(&opts.format, "format", "text", "output format: text, json (go vet -json's), or sarif (SARIF 2.1.0, for GitHub code scanning)")
	fs.IntVar(&opts.context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&opts.fix, "fix", false, "apply all suggested fixes")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&opts.tests, "test", true, "load the packages' tests too (each analyzer checks _test.go files only with its -NAME.tests flag)")
	fs.StringVar(&opts.debug, "debug", "", `debug flags, any subset of "fpstv"`)
	fs.StringVar(&opts.cpuprofile, "cpuprofile", "", "write CPU profile to this file")
	fs.StringVar(&opts.memprofile, "memprofile", "", "write memory profile to this file")
	fs.StringVar(&opts.trace, "trace", "", "write trace log to this file")
	fs.BoolVar(&opts.verbose, "v", false, "alias for -debug=v")
	// Accepted for compatibility with multichecker's command line.
	for _, name := range []string{"all", "source"} {
		fs.Bool(name, false, "no effect (deprecated)")
	}
	fs.String("tags", "", "no effect (deprecated); use GOFLAGS=-tags=...")
	enabled := make(map[*analysis.Analyzer]*triState)
	for _, a := range analyzers {
		t := new(triState)
		enabled[a] = t
		fs.Var(t, a.Name, "enable "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			usage(progname, analyzers, fs, stdout)
			return 0
		}
		fmt.Fprintf(stderr, "%s: %v ('%s -help' lists the flags)\n", progname, err, progname)
		return 2
	}
	switch {
	case fs.NArg() == 1 && fs.Arg(0) == "help":
		usage(progname, analyzers, fs, stdout)
		return 0
	case fs.NArg() == 0:
		usage(progname, analyzers, fs, stderr)
		return 2
	}
	switch opts.format {
	case "text":
		if opts.json {
			opts.format = "json"
		}
	case "json", "sarif":
		if opts.json && opts.format != "json" {
			fmt.Fprintf(stderr, "%s: -json and -format=%s: choose one\n", progname, opts.format)
			return 2
		}
	default:
		fmt.Fprintf(stderr, "%s: -format=%s: the formats are text, json and sarif\n", progname, opts.format)
		return 2
	}
	if opts.verbose && !strings.Contains(opts.debug, "v") {
		opts.debug += "v"
	}
	dbg := func(b byte) bool { return strings.IndexByte(opts.debug, b) >= 0 }
	analyzers = selectAnalyzers(analyzers, enabled)

	if opts.cpuprofile != "" {
		f, err := os.Create(opts.cpuprofile)
		if err != nil {
			log.Print(err)
			return 1
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Print(err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}

	if opts.trace != "" {
		f, err := os.Create(opts.trace)
		if err != nil {
			log.Print(err)
			return 1
		}
		if err := trace.Start(f); err != nil {
			log.Print(err)
			return 1
		}
		defer func() {
			trace.Stop()
			f.Close()
		}()
	}

	t0 := time.Now()
	cache, err := openFactCache(analyzers)
	if err != nil && dbg('v') {
		log.Print(err) // the run goes on without the cache
	}
	// The packages are listed here and type-checked by the checker, each
	// when it gets to it (see loader.analyzer).
	ld, loaded, err := plan(LoadConfig{Tests: opts.tests, AllSource: vetskip.Disabled(), cache: cache}, fs.Args())
	if err != nil {
		log.Print(err)
		if !inModule() {
			log.Print("there is no go.mod here or above: run statuslint in a Go module (the directory of its go.mod, or below it), e.g. cd path/to/operator && statuslint ./...")
		}
		return 1
	}
	listed := time.Since(t0)
	// A root with nothing to analyze (a pattern that matched no directory,
	// a package without Go files) has its error printed below; analyzing
	// it would only add an "analysis skipped" line per analyzer.
	roots := slices.DeleteFunc(slices.Clone(loaded.Roots), func(p *packages.Package) bool {
		return len(p.CompiledGoFiles) == 0 && len(p.Errors) > 0
	})
	if len(roots) == 0 {
		if printErrors(stderr, progname, loaded) > 0 {
			exitAtLeast(1)
		}
		return exitcode
	}

	var factLog io.Writer
	if dbg('f') {
		// The checker logs facts from its analysis goroutines.
		factLog = &lockedWriter{w: stderr}
	}
	// The analyzers run wrapped, so that each result is released once
	// every analyzer that reads it has run on its package (release.go).
	rel := newReleaser(analyzers, roots, ld.analyzer())
	rel.cache = cache
	graph, err := checker.Analyze(rel.wrapped(analyzers), roots, &checker.Options{
		SanityCheck: dbg('s'),
		Sequential:  dbg('p'),
		FactLog:     factLog,
	})
	if err != nil {
		log.Print(err)
		return 1
	}
	// Type errors are known only now, each package having been checked
	// in its turn.
	loaded.ExportErrors = ld.exportErrors()
	if dbg('v') {
		log.Printf("loaded %d packages, %d of them type-checked from source (listed in %v, type-checked and analysed in %v)",
			loaded.Total, loaded.Source, listed.Round(time.Millisecond), (time.Since(t0) - listed).Round(time.Millisecond))
	}
	if printErrors(stderr, progname, loaded) > 0 {
		exitAtLeast(1)
	}
	if cache != nil {
		// After the run's reads, which refresh what they use, and its
		// writes; before the summary, which reports its errors.
		cache.trim(time.Now())
		if dbg('v') {
			log.Print(cache.summary())
		}
	}
	if opts.memprofile != "" {
		// Written once the analysis is done: every package's types are
		// live, its syntax and types.Info released once every analyzer
		// had run on it, and results once their readers had
		// (release.go); the peak, with the packages in flight, is
		// higher than what this shows.
		if err := writeHeapProfile(opts.memprofile); err != nil {
			log.Print(err)
			exitAtLeast(1)
		}
	}

	findings := Findings(graph)
	switch {
	case opts.fix, opts.format == "text":
		failed := printActionErrors(stderr, graph)
		if opts.fix {
			// What -fix leaves standing is printed as findings, and the
			// exit code says so: 3 when findings remain (without a fix,
			// or whose fix was not applied), 1 when something failed,
			// and then no file was changed.
			var err error
			findings, err = applyFixes(findings, ld.isGenerated, opts.diff, stdout, log, dbg('v'))
			if err != nil {
				log.Print(err)
				exitAtLeast(1)
			}
		}
		if err := printText(stderr, findings, opts.context, workingDir()); err != nil {
			exitAtLeast(1)
		}
		if failed > 0 {
			exitAtLeast(1)
		} else if len(findings) > 0 {
			exitAtLeast(3)
		}
	case opts.format == "json":
		if err := printJSON(stdout, graph, findings); err != nil {
			exitAtLeast(1)
		}
	case opts.format == "sarif":
		// Like -json, it exits 0 unless something failed, so that a CI
		// step uploading it runs; what failed is printed as in text.
		if printActionErrors(stderr, graph) > 0 {
			exitAtLeast(1)
		}
		if err := printSARIF(stdout, analyzers, findings); err != nil {
			log.Print(err)
			exitAtLeast(1)
		}
	}
	if dbg('t') && !opts.fix { // -fix prints no times
		printTimes(stderr, graph)
	}
	return exitcode
}

func writeHeapProfile(file string) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// usage prints what the command does, how to run it, its analyzers and
// its flags.
func usage(progname string, analyzers []*analysis.Analyzer, fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, `%[1]s finds the writes with which a controller-runtime controller fights
its own API server: each pass below finds one way a controller wastes or
loses API writes, and a finding carries a suggested fix where one is safe.
A finding ends with the name of its pass, as //statuslint:ignore needs it.

Usage:
  %[1]s [flags] packages...          report the findings
  %[1]s -fix [-diff] packages...     apply the suggested fixes, or print them as a diff
  go vet -vettool=$(which %[1]s) packages...
  go fix -fixtool=$(which %[1]s) packages...
  %[1]s help ANALYZER                an analyzer's documentation and flags
  %[1]s -version                     the version of this binary

Exit codes: 0 nothing to report (with -json or -format=sarif: nothing
failed; with -fix: every finding fixed), 3 findings (with -fix: findings
that remain, printed), 1 a package could not be loaded or analysed, or
-fix could not write (then no file is changed), 2 a bad command line.

Analyzers (all run by default; -NAME runs only those named, -NAME=false all but those):
`, progname)
	for _, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "  %-14s %s\n", a.Name, strings.TrimSuffix(title, "."))
	}
	fmt.Fprintf(w, "\nFlags:\n")
	shown := flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Usage, "no effect") {
			shown.Var(f.Value, f.Name, f.Usage)
		}
	})
	shown.SetOutput(w)
	shown.PrintDefaults()
	fmt.Fprintf(w, `
Environment:
  %s=1   type-check every dependency from source and analyze it in full
                        (slower; the findings are the same); implies %s=off
  %s=off|DIR  where to keep the facts of dependencies between runs
                        (default: statuslint/facts in the user cache directory)
`, vetskip.EnvDisable, EnvCache, EnvCache)
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// triState is an analyzer's enable flag: unset, true or false, as
// multichecker has it. Naming any analyzer true runs only those named
// true; otherwise naming one false runs all but those.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}
func (t *triState) Set(v string) error {
	switch v {
	case "true", "1", "t", "T", "TRUE", "True":
		*t = setTrue
	case "false", "0", "f", "F", "FALSE", "False":
		*t = setFalse
	default:
		return fmt.Errorf("invalid boolean value %q", v)
	}
	return nil
}

func selectAnalyzers(all []*analysis.Analyzer, enabled map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	var anyTrue, anyFalse bool
	for _, t := range enabled {
		anyTrue = anyTrue || *t == setTrue
		anyFalse = anyFalse || *t == setFalse
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		switch {
		case anyTrue && *enabled[a] == setTrue,
			!anyTrue && *enabled[a] != setFalse:
			keep = append(keep, a)
		}
	}
	return keep
}

// printErrors prints the errors of every package in the loaded graph,
// dependencies first, as packages.PrintErrors does, and returns how many
// there were. An error without a position is prefixed with the program's
// name instead of "-".
//
// A package type-checked from source that has errors of its own has them
// once, with their positions: the compiler's report of the same errors
// ("# pkg" and its lines, from listing the package) is left out. A root
// package not analysed because a package it imports has errors says so
// on one line.
func printErrors(w io.Writer, progname string, loaded *Loaded) int {
	n := 0
	wd := workingDir()
	print := func(p *packages.Package) {
		checked := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
			return e.Kind == packages.TypeError || e.Kind == packages.ParseError
		})
		for _, err := range p.Errors {
			switch {
			case checked && strings.HasPrefix(err.Msg, "# "):
				continue // the compiler's copy of the errors below
			case err.Pos == "" || err.Pos == "-":
				fmt.Fprintf(w, "%s: %s\n", progname, err.Msg)
			default:
				fmt.Fprintf(w, "%s: %s\n", shortPath(err.Pos, wd), err.Msg)
			}
			n++
		}
	}
	for _, p := range loaded.ExportErrors {
		print(p)
	}
	for _, p := range postorder(loaded.Roots) {
		print(p)
	}
	for _, p := range loaded.Roots {
		if p.IllTyped && len(p.Errors) == 0 {
			if bad := brokenImport(p); bad != nil {
				fmt.Fprintf(w, "%s: %s not analysed: it imports %s, which has errors\n", progname, p.ID, bad.PkgPath)
				n++
			}
		}
	}
	return n
}

// inModule reports whether the go command finds a main module from the
// working directory (GOMOD names a go.mod file), or cannot tell.
func inModule() bool {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return true
	}
	gomod := strings.TrimSpace(string(out))
	return gomod != "" && gomod != os.DevNull
}

// UnknownPass returns an error naming the valid passes when a command line
// asks for the documentation of one that does not exist ("help nosuch"),
// else nil.
func UnknownPass(analyzers []*analysis.Analyzer, args []string) error {
	if len(args) < 2 || args[0] != "help" {
		return nil
	}
	var names []string
	for _, a := range analyzers {
		names = append(names, a.Name)
	}
	for _, name := range args[1:] {
		if !slices.Contains(names, name) {
			return fmt.Errorf("no pass named %q; the passes are %s", name, strings.Join(names, ", "))
		}
	}
	return nil
}

// brokenImport returns the package with errors that makes p ill-typed
// through its imports, or nil.
func brokenImport(p *packages.Package) *packages.Package {
	seen := make(map[*packages.Package]bool)
	var find func(p *packages.Package) *packages.Package
	find = func(p *packages.Package) *packages.Package {
		for _, imp := range p.Imports {
			if seen[imp] || !imp.IllTyped {
				continue
			}
			seen[imp] = true
			if len(imp.Errors) > 0 {
				return imp
			}
			if bad := find(imp); bad != nil {
				return bad
			}
		}
		return nil
	}
	return find(p)
}

// printActionErrors prints the errors of the graph's actions, one line
// each with the pass and the package, and returns how many actions
// failed. The checker's consequences of other errors are counted but not
// printed: an analysis skipped for a package's own errors (printed by
// printErrors), and the failed prerequisites of an action whose
// prerequisite's error is printed itself.
func printActionErrors(w io.Writer, graph *checker.Graph) int {
	failed := 0
	for act := range graph.All() {
		if act.Err == nil {
			continue
		}
		failed++
		msg := act.Err.Error()
		if strings.HasPrefix(msg, "failed prerequisites") || act.Package.IllTyped && msg == "analysis skipped due to errors in package" {
			continue
		}
		fmt.Fprintf(w, "%s: %s: %s\n", act.Analyzer.Name, act.Package.ID, msg)
	}
	return failed
}

// printTimes prints the actions that took 90% of the analysis time.
func printTimes(w io.Writer, graph *checker.Graph) {
	var list []*checker.Action
	var total time.Duration
	for act := range graph.All() {
		list = append(list, act)
		total += act.Duration
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Duration > list[j].Duration })
	var sum time.Duration
	for _, act := range list {
		fmt.Fprintf(w, "%s\t%s\n", act.Duration, act)
		sum += act.Duration
		if sum >= total*9/10 {
			break
		}
	}
	if total > sum {
		fmt.Fprintf(w, "%s\tall others\n", total-sum)
	}
}
