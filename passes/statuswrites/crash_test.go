package statuswrites

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// discardT is an analysistest.Testing that ignores the mismatches: the
// panicking run below loses findings on purpose.
type discardT struct{}

func (discardT) Errorf(format string, args ...any) {}

// TestPanicReported makes the analysis of every function panic, as a bug
// would, and checks that the package gets one internal-error diagnostic
// at the first function, counting the others, rather than one per
// function or none.
func TestPanicReported(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	panicHook = func(*ssa.Function) { panic("injected") }
	defer func() { panicHook = nil }()
	var roots reconcilepath.Pattern
	tests := false
	a := New(&Config{}, reconcilepath.New(&roots, &tests))
	var msgs []string
	for _, r := range analysistest.Run(discardT{}, dir, a, "statuswrites/basic") {
		for _, d := range r.Diagnostics {
			msgs = append(msgs, d.Message)
		}
	}
	if len(msgs) != 1 {
		t.Fatalf("got %d diagnostics, want one internal error: %q", len(msgs), msgs)
	}
	if !strings.HasPrefix(msgs[0], "statuswrites: internal error analysing ") || !strings.Contains(msgs[0], "injected") || !strings.Contains(msgs[0], "more in this package") {
		t.Errorf("internal error message: %s", msgs[0])
	}
}
