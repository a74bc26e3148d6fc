package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/testmodule"
	"github.com/statuslint/statuslint/internal/vetskip"
)

func TestHandles(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"./..."}, true},
		{[]string{"-fix", "-diff", "./..."}, true},
		{[]string{"-statusupdate.roots=Sync", "example.com/op/..."}, true},
		{[]string{"-json", "."}, true},
		{nil, true},                                  // usage
		{[]string{"-fix"}, true},                     // no packages: usage
		{[]string{"help"}, true},                     // usage
		{[]string{"-help"}, true},                    // usage
		{[]string{"-h", "./..."}, true},              // usage
		{[]string{"-V=full"}, false},                 // go vet asks the tool's version
		{[]string{"-flags"}, false},                  // go vet asks the tool's flags
		{[]string{"-json", "/tmp/x/vet.cfg"}, false}, // vet-tool run
		{[]string{"help", "statusupdate"}, false},    // an analyzer's documentation
	} {
		if got := Handles(tc.args); got != tc.want {
			t.Errorf("Handles(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
	}{
		{nil, 2},
		{[]string{"-fix"}, 2},
		{[]string{"help"}, 0},
		{[]string{"-help"}, 0},
	} {
		code, stdout, stderr := runIn(t, dir, tc.args...)
		out := stdout + stderr
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d", tc.args, code, tc.code)
		}
		for _, want := range []string{"Usage:", "go vet -vettool=$(which statuslint)", "statusupdate ", "fieldmanager ", "conditions ", "-fieldmanager.name", "-fix", vetskip.EnvDisable} {
			if !strings.Contains(out, want) {
				t.Errorf("%q: usage lacks %q:\n%s", tc.args, want, out)
			}
		}
	}
	code, _, stderr := runIn(t, dir, "-trace=x", "-nosuch", "./...")
	if code != 2 || !strings.Contains(stderr, "-nosuch") || !strings.Contains(stderr, "statuslint -help") {
		t.Errorf("unknown flag: exit %d\n%s", code, stderr)
	}
}

// TestLoadSkipsDependencies checks which packages Load type-checks from
// source: the roots and every package that may carry a fact, and nothing
// else.
func TestLoadSkipsDependencies(t *testing.T) {
	dir := testmodule.StubModule(t)
	loaded, err := Load(LoadConfig{Dir: dir, Tests: true}, "./internal/controller/...")
	if err != nil {
		t.Fatal(err)
	}
	source := map[string]bool{}
	seen := map[string]bool{}
	for _, r := range loaded.Roots {
		collect(r, source, seen)
		if len(r.Errors) > 0 {
			t.Errorf("%s: %v", r.ID, r.Errors)
		}
		if r.Types == nil || !r.Types.Complete() {
			t.Errorf("%s: types incomplete", r.ID)
		}
	}
	for _, id := range []string{
		"example.com/skiptest/internal/controller",
		"example.com/skiptest/internal/controller/direct",
		"example.com/skiptest/internal/status", // imports client
		"example.com/skiptest/internal/wrap",   // imports status, which may carry facts
	} {
		if !source[id] {
			t.Errorf("%s not type-checked from source", id)
		}
	}
	for _, id := range []string{
		"example.com/skiptest/internal/util",
		"example.com/skiptest/api",
		"fmt",
		"sigs.k8s.io/controller-runtime/pkg/client",
		"k8s.io/apimachinery/pkg/runtime",
	} {
		if source[id] {
			t.Errorf("%s type-checked from source; it cannot carry a fact", id)
		}
	}
	if loaded.Source != len(source) || loaded.Source >= loaded.Total {
		t.Errorf("Source = %d (graph has %d), Total = %d", loaded.Source, len(source), loaded.Total)
	}
	t.Logf("%d of %d packages type-checked from source", loaded.Source, loaded.Total)

	all, err := Load(LoadConfig{Dir: dir, Tests: true, AllSource: true}, "./internal/controller/...")
	if err != nil {
		t.Fatal(err)
	}
	if all.Source != all.Total || all.Total != loaded.Total {
		t.Errorf("AllSource: Source = %d, Total = %d; want both %d", all.Source, all.Total, loaded.Total)
	}
}

// collect records the IDs of the packages of the (source-only) graph.
func collect(p *packages.Package, ids, seen map[string]bool) {
	if seen[p.ID] {
		return
	}
	seen[p.ID] = true
	ids[p.ID] = true
	for _, imp := range p.Imports {
		collect(imp, ids, seen)
	}
}

// runIn runs the driver in dir and returns its exit code, stdout and
// stderr.
func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run("statuslint", analyzer.Analyzers, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestSameAsAllSource runs the driver on the stub module with and without
// the skip: the findings and every fact must be the same.
func TestSameAsAllSource(t *testing.T) {
	dir := testmodule.StubModule(t)
	skip, all := runWithAndWithoutSkip(t, dir, "-debug=f", "./internal/controller/...")
	if got, want := sortedLines(skip), sortedLines(all); !slices.Equal(got, want) {
		t.Errorf("with the skip:\n%s\nwithout:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, want := range []string{
		"(*status.Writer).Flush", // a fact passed on by wrap
		"status.SetReady",
		"has fact writes status", // the fact log is there at all
	} {
		if !strings.Contains(skip, want) {
			t.Errorf("output lacks %q:\n%s", want, skip)
		}
	}
}

// runWithAndWithoutSkip runs the driver in dir with the skip and then
// with STATUSLINT_NOSKIP=1, checks that both exit 3 (findings), and
// returns their stderr.
func runWithAndWithoutSkip(t *testing.T, dir string, args ...string) (skip, all string) {
	t.Helper()
	t.Setenv(EnvCache, t.TempDir()) // cold: dependencies analysed from source
	code, _, skip := runIn(t, dir, args...)
	t.Setenv(vetskip.EnvDisable, "1")
	allCode, _, all := runIn(t, dir, args...)
	if code != 3 || allCode != 3 {
		t.Errorf("exit codes %d and %d, want 3 (findings)", code, allCode)
	}
	return skip, all
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	sort.Strings(lines)
	return lines
}

func TestJSON(t *testing.T) {
	dir := testmodule.StubModule(t)
	code, stdout, stderr := runIn(t, dir, "-json", "./internal/controller/...")
	if code != 0 {
		t.Fatalf("exit %d, want 0 with -json\n%s", code, stderr)
	}
	var tree map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	diags := tree["example.com/skiptest/internal/controller/direct"]["statusupdate"]
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "status.SetReady") {
		t.Errorf("direct: statusupdate diagnostics %+v", diags)
	}
}

func TestSelectAnalyzers(t *testing.T) {
	dir := testmodule.StubModule(t)
	_, _, only := runIn(t, dir, "-fieldmanager", "./internal/controller/...")
	_, _, without := runIn(t, dir, "-fieldmanager=false", "./internal/controller/...")
	if strings.Contains(only, "Status().Update") || strings.Contains(only, "status.SetReady") && !strings.Contains(only, "field") {
		t.Errorf("-fieldmanager ran statusupdate:\n%s", only)
	}
	if !strings.Contains(without, "status.SetReady") {
		t.Errorf("-fieldmanager=false did not run statusupdate:\n%s", without)
	}
}

func TestBadPattern(t *testing.T) {
	dir := testmodule.StubModule(t)
	code, _, stderr := runIn(t, dir, "./nosuchdir/...", "./internal/controller/direct")
	// Exit codes only go up, as in multichecker: findings (3) outrank
	// errors (1).
	if code != 3 || !strings.HasPrefix(stderr, "statuslint: pattern ./nosuchdir/...") || strings.Contains(stderr, "analysis skipped") {
		t.Errorf("exit %d, want 3 with the pattern's error alone and the finding\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "status.SetReady") {
		t.Errorf("the other pattern's package was not analyzed:\n%s", stderr)
	}
	code, _, stderr = runIn(t, dir, "./nosuchdir/...")
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); code != 1 || len(lines) != 1 || !strings.HasPrefix(lines[0], "statuslint: pattern ./nosuchdir/...: ") {
		t.Errorf("exit %d, want 1 with one line\n%s", code, stderr)
	}
	code, _, stderr = runIn(t, dir, "-nosuchflag", "./...")
	if code != 2 || !strings.Contains(stderr, "nosuchflag") {
		t.Errorf("exit %d, want 2 naming the flag\n%s", code, stderr)
	}
}

// TestTypeErrors: an ill-typed root is reported, the analyzers that
// cannot run on it say so, and nothing panics.
func TestTypeErrors(t *testing.T) {
	dir := testmodule.StubModule(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/broken/broken.go": "package broken\n\nimport \"sigs.k8s.io/controller-runtime/pkg/client\"\n\nvar _ client.Client = 42\n",
	})
	code, _, stderr := runIn(t, dir, "./internal/broken")
	if code != 1 || !strings.Contains(stderr, "broken.go:5") {
		t.Errorf("exit %d, want 1 with the type error\n%s", code, stderr)
	}

	// A syntax error, and a package importing the broken one: both are
	// reported, analysis goes on where it can, and nothing panics.
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/unparsable/unparsable.go": "package unparsable\n\nfunc {\n",
		"internal/user/user.go":             "package user\n\nimport _ \"example.com/skiptest/internal/broken\"\n",
	})
	code, _, stderr = runIn(t, dir, "./internal/unparsable", "./internal/user", "./internal/controller/direct")
	if code != 1 || !strings.Contains(stderr, "unparsable.go:3") || !strings.Contains(stderr, "broken.go:5") {
		t.Errorf("exit %d, want 1 with the syntax and type errors\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "status.SetReady") {
		t.Errorf("the well-typed package was not analyzed:\n%s", stderr)
	}
	// Each error once, relative to the working directory, the importer
	// of the broken package on one line, and none of the checker's
	// consequences ("analysis skipped", "failed prerequisites").
	if n := strings.Count(stderr, "broken.go:5"); n != 1 || !strings.Contains(stderr, "\ninternal/broken/broken.go:5:") && !strings.HasPrefix(stderr, "internal/broken/broken.go:5:") {
		t.Errorf("the type error is not printed once, relative to the module (%d times):\n%s", n, stderr)
	}
	if strings.Contains(stderr, "analysis skipped") || strings.Contains(stderr, "failed prerequisites") {
		t.Errorf("the checker's consequences of the errors are printed:\n%s", stderr)
	}
	if !strings.Contains(stderr, "statuslint: example.com/skiptest/internal/user not analysed: it imports example.com/skiptest/internal/broken, which has errors\n") {
		t.Errorf("no line for the package that imports the broken one:\n%s", stderr)
	}
}

// TestOneFindingPerPackage: a package and its test variant make the same
// findings in the package's files; text and JSON have each once, JSON
// under the package, text with paths relative to the working directory.
func TestOneFindingPerPackage(t *testing.T) {
	dir := testmodule.StubModule(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/controller/direct/direct_test.go": "package direct\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
	})
	code, stdout, stderr := runIn(t, dir, "-json", "./internal/controller/direct")
	if code != 0 {
		t.Fatalf("exit %d, want 0 with -json\n%s", code, stderr)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	for id := range tree {
		if id != "example.com/skiptest/internal/controller/direct" {
			t.Errorf("findings under %s, want them under the package alone:\n%s", id, stdout)
		}
	}
	if n := strings.Count(stdout, "status written with Update"); n != 1 {
		t.Errorf("the finding is in the JSON %d times, want once:\n%s", n, stdout)
	}
	_, _, text := runIn(t, dir, "./internal/controller/direct")
	var first []string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(line, "internal/controller/direct/") {
			t.Errorf("line not relative to the working directory: %s", line)
		}
		if !strings.Contains(line, ": \t") {
			first = append(first, line)
		}
	}
	if len(first) != len(slices.Compact(slices.Sorted(slices.Values(first)))) {
		t.Errorf("a finding is printed twice:\n%s", text)
	}
}

// fixableWidget is a package whose reconciler writes the status with
// Update after a Get: one statusupdate finding with a fix.
func fixableWidget(name string) string {
	return `package ` + name + `

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/skiptest/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &w)
}
`
}

func TestFix(t *testing.T) {
	dir := testmodule.StubModule(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/controller/fixme/fixme.go": fixableWidget("fixme"),
	})
	file := filepath.Join(dir, "internal", "controller", "fixme", "fixme.go")
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The findings that have no fix remain, printed, with exit code 3;
	// the one that is fixed is not among them.
	remains := func(what string, code int, stderr string) {
		t.Helper()
		if code != 3 || !strings.Contains(stderr, "status.SetReady") || strings.Contains(stderr, "fixme.go:20:29: status written with Update") {
			t.Errorf("%s: exit %d, want 3 with the findings that have no fix and without the fixed one:\n%s", what, code, stderr)
		}
	}
	code, diff, stderr := runIn(t, dir, "-fix", "-diff", "./internal/...")
	remains("-fix -diff", code, stderr)
	// The headers name the file relative to the working directory.
	short := filepath.Join("internal", "controller", "fixme", "fixme.go")
	for _, want := range []string{"--- " + short + " (old)", "+++ " + short + " (new)", "+\treturn reconcile.Result{}, r.Status().Patch(ctx, &w, client.MergeFrom(base)"} {
		if !strings.Contains(diff, want) {
			t.Errorf("-diff output lacks %q:\n%s", want, diff)
		}
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Errorf("-diff changed %s", file)
	}

	code, _, stderr = runIn(t, dir, "-fix", "./internal/...")
	remains("-fix", code, stderr)
	after, _ := os.ReadFile(file)
	if bytes.Equal(before, after) {
		t.Fatalf("-fix left %s unchanged", file)
	}
	// A second run finds nothing left to fix.
	code, diff, stderr = runIn(t, dir, "-fix", "-diff", "./internal/...")
	if remains("second -fix -diff", code, stderr); diff != "" {
		t.Errorf("second -fix -diff: diff:\n%s%s", diff, stderr)
	}
	// Only the fixable package: nothing remains, exit 0.
	if code, _, stderr := runIn(t, dir, "-fix", "./internal/controller/fixme/"); code != 3 || strings.Contains(stderr, "status written with Update") {
		t.Errorf("-fix of the fixed package: exit %d (the field manager finding has no fix: 3)\n%s", code, stderr)
	}
}

// TestFixAllOrNothing: when one of the files -fix rewrites cannot be
// written, none is: every file keeps the contents it had, and the error
// names the file.
func TestFixAllOrNothing(t *testing.T) {
	dir := testmodule.StubModule(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/controller/fixa/fixa.go": fixableWidget("fixa"),
		"internal/controller/fixb/fixb.go": fixableWidget("fixb"),
	})
	a := filepath.Join(dir, "internal", "controller", "fixa", "fixa.go")
	b := filepath.Join(dir, "internal", "controller", "fixb", "fixb.go")
	for _, tc := range []struct {
		name string
		fail func(t *testing.T)
		want string
	}{
		{"the second rename fails", func(t *testing.T) {
			renamed := 0
			rename = func(from, to string) error {
				if renamed++; renamed == 2 {
					return errors.New("injected failure")
				}
				return os.Rename(from, to)
			}
			t.Cleanup(func() { rename = os.Rename })
		}, "fixb/fixb.go: injected failure; no file changed"},
		{"no temporary file beside the second", func(t *testing.T) {
			createTemp = func(dir, pattern string) (*os.File, error) {
				if strings.Contains(pattern, "fixb") {
					return nil, errors.New("injected failure")
				}
				return os.CreateTemp(dir, pattern)
			}
			t.Cleanup(func() { createTemp = os.CreateTemp })
		}, "fixb/fixb.go: cannot write beside it: injected failure; no file changed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			beforeA, _ := os.ReadFile(a)
			beforeB, _ := os.ReadFile(b)
			tc.fail(t)
			code, _, stderr := runIn(t, dir, "-fix", "./internal/controller/fixa/", "./internal/controller/fixb/")
			// Exit codes only go up: the findings that remain (3)
			// outrank the failure (1).
			if code != 3 || !strings.Contains(stderr, "statuslint: internal/controller/"+tc.want+"\n") {
				t.Errorf("exit %d, want 3 and %q:\n%s", code, tc.want, stderr)
			}
			afterA, _ := os.ReadFile(a)
			afterB, _ := os.ReadFile(b)
			if !bytes.Equal(beforeA, afterA) || !bytes.Equal(beforeB, afterB) {
				t.Errorf("a file changed although -fix failed:\n%s\n%s", afterA, afterB)
			}
			leftovers, _ := filepath.Glob(filepath.Join(dir, "internal", "controller", "fix*", ".*statuslint-*"))
			if len(leftovers) > 0 {
				t.Errorf("temporary files left: %v", leftovers)
			}
		})
	}
}

// TestGeneratedRecorded: the loader records which files are generated
// as it parses them, for -fix, which must not edit them and runs after
// the syntax is released.
func TestGeneratedRecorded(t *testing.T) {
	dir := testmodule.StubModule(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/controller/gen/gen.go": "// Code generated by a test. DO NOT EDIT.\n\npackage gen\n",
		"internal/controller/gen/own.go": "package gen\n",
	})
	ld, loaded, err := plan(LoadConfig{Dir: dir}, []string{"./internal/controller/gen/"})
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, "internal", "controller", "gen", "gen.go")
	if ld.isGenerated(gen) {
		t.Errorf("%s recorded as generated before it was parsed", gen)
	}
	for _, r := range loaded.Roots {
		ld.check(ld.byTypes[r.Types])
	}
	if !ld.isGenerated(gen) {
		t.Errorf("%s not recorded as generated", gen)
	}
	if own := filepath.Join(dir, "internal", "controller", "gen", "own.go"); ld.isGenerated(own) {
		t.Errorf("%s recorded as generated", own)
	}
}

// TestSameAsAllSourceOnExample compares the runs with and without the
// skip on a copy of the bundled example, with the real controller-runtime
// and its thousand dependencies: the same findings, the same facts, and
// far fewer packages type-checked from source.
func TestSameAsAllSourceOnExample(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	skip, all := runWithAndWithoutSkip(t, dir, "-debug=fv", "./...")
	ms, ma := loadLine.FindStringSubmatch(skip), loadLine.FindStringSubmatch(all)
	if ms == nil || ma == nil {
		t.Fatalf("no load summary:\n%s\n%s", skip, all)
	}
	if ms[1] != ma[1] || ma[2] != ma[1] || atoi(t, ms[2])*10 > atoi(t, ms[1]) {
		t.Errorf("type-checked from source: %s of %s with the skip, %s of %s without; want under a tenth with it, all without", ms[2], ms[1], ma[2], ma[1])
	}
	t.Logf("with the skip, %s of %s packages type-checked from source", ms[2], ms[1])
	skip, all = loadLine.ReplaceAllString(skip, ""), loadLine.ReplaceAllString(all, "")
	skip = cacheLine.ReplaceAllString(skip, "")
	if got, want := sortedLines(skip), sortedLines(all); !slices.Equal(got, want) {
		t.Errorf("with the skip:\n%s\nwithout:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(skip, "status.SetReady") || !strings.Contains(skip, "has fact writes status") {
		t.Errorf("findings or facts missing:\n%s", skip)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
