package analyzer_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/passes/reach"
)

func TestNamesMatchDirectives(t *testing.T) {
	if !slices.Equal(analyzer.Names, ignore.Passes) {
		t.Fatalf("analyzer.Names %v != ignore.Passes %v: directives would not know every pass", analyzer.Names, ignore.Passes)
	}
	var got []string
	for _, a := range analyzer.Analyzers {
		got = append(got, a.Name)
	}
	if want := append(slices.Clone(analyzer.Names), ignore.Name, reach.Name); !slices.Equal(got, want) {
		t.Fatalf("Analyzers are %v, want %v", got, want)
	}
}

func TestDisable(t *testing.T) {
	as, err := analyzer.New(&analyzer.Config{Disable: []string{"conditions"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Name == "conditions" {
			t.Fatal("conditions was disabled but is still returned")
		}
	}
	if len(as) != len(analyzer.Names)+1 { // one pass fewer, the directive check and reach
		t.Fatalf("got %d analyzers, want %d", len(as), len(analyzer.Names)+1)
	}
	_, err = analyzer.New(&analyzer.Config{Disable: []string{"condition"}})
	if err == nil || !strings.Contains(err.Error(), `unknown pass "condition"`) {
		t.Fatalf("want an error naming the unknown pass, got %v", err)
	}
}

// TestShared checks that the passes needing reachability share one
// analyzer value, so a package's SSA is built once per run.
func TestShared(t *testing.T) {
	as, err := analyzer.New(&analyzer.Config{})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]any{}
	n := 0
	for _, a := range as {
		for _, r := range a.Requires {
			n++
			if prev, ok := byName[r.Name]; ok && prev != any(r) {
				t.Fatalf("%s is required as two different analyzers", r.Name)
			}
			byName[r.Name] = r
		}
	}
	if n < 2 {
		t.Fatalf("want at least two passes requiring the shared analysis, got %d", n)
	}
}

// TestDirectivesWithPassOff checks that a directive naming an unknown pass
// or none is reported when the pass nearest the wrong name is turned off:
// the suite's directive check reports them, not a pass.
func TestDirectivesWithPassOff(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	as, err := analyzer.New(&analyzer.Config{Disable: []string{"statusupdate"}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "directives/bad")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			msgs = append(msgs, act.Analyzer.Name+": "+d.Message)
		}
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`directives: statuslint:ignore names unknown pass "statusupdat"`, "directives: statuslint:ignore names no pass", "directives: statuslint:ignore needs a reason"} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
}
