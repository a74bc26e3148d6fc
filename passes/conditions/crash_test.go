package conditions

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// collectT is an analysistest.Testing that keeps the mismatches instead
// of failing: the panicking runs below lose findings on purpose.
type collectT struct{ errs []string }

func (c *collectT) Errorf(format string, args ...any) {}

// TestPanicReported makes the pass panic where a bug would (checking a
// SetStatusCondition call, building a fix) and checks that each run
// reports one internal error, at the first call it hit, instead of
// dropping the findings silently.
func TestPanicReported(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, where := range []string{"check", "fix"} {
		t.Run(where, func(t *testing.T) {
			panicHook = func(w string) {
				if w == where {
					panic("injected")
				}
			}
			defer func() { panicHook = nil }()
			var roots reconcilepath.Pattern
			tests := false
			a := New(&Config{}, reconcilepath.New(&roots, &tests))
			results := analysistest.Run(&collectT{}, dir, a, "conditions/basic")
			var internal []analysis.Diagnostic
			findings := 0
			for _, r := range results {
				for _, d := range r.Diagnostics {
					if strings.HasPrefix(d.Message, "conditions: internal error") {
						internal = append(internal, d)
					} else {
						findings++
					}
				}
			}
			if len(internal) != 1 {
				t.Fatalf("got %d internal-error diagnostics, want 1: %v", len(internal), internal)
			}
			msg := internal[0].Message
			if !strings.Contains(msg, "injected") || !strings.Contains(msg, "more in this package") {
				t.Errorf("internal error message: %s", msg)
			}
			if where == "fix" && findings == 0 {
				t.Error("a panic building a fix lost the findings; they should stay, without a fix")
			}
		})
	}
}
