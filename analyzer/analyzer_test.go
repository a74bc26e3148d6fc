package analyzer_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/ignore"
)

func TestNamesMatchDirectives(t *testing.T) {
	if !slices.Equal(analyzer.Names, ignore.Passes) {
		t.Fatalf("analyzer.Names %v != ignore.Passes %v: directives would not know every pass", analyzer.Names, ignore.Passes)
	}
	var got []string
	for _, a := range analyzer.Analyzers {
		got = append(got, a.Name)
	}
	if !slices.Equal(got, analyzer.Names) {
		t.Fatalf("Analyzers are %v, want %v", got, analyzer.Names)
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
	if len(as) != len(analyzer.Names)-1 {
		t.Fatalf("got %d analyzers, want %d", len(as), len(analyzer.Names)-1)
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
