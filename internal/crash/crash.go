// Package crash turns a pass's panic on code it did not foresee into one
// diagnostic per package, at the position where it happened.
//
// A pass that recovers and says nothing turns its own bug into a finding
// that silently goes missing; a pass that does not recover takes down the
// whole package (every pass's findings, and under go vet the build) for one
// unusual function. A diagnostic is the one output every driver shows the
// same way (go vet, the standalone command, golangci-lint, gopls), so the
// passes that keep going after a panic report it as one.
package crash

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// Guard collects the panics a pass recovered from while analysing one
// package. The zero value is not usable; call New.
type Guard struct {
	pass  *analysis.Pass
	name  string
	first token.Pos
	what  string
	value any
	count int
}

// New returns a guard for the pass named name.
func New(pass *analysis.Pass, name string) *Guard {
	return &Guard{pass: pass, name: name}
}

// Record notes a recovered panic value p, raised while doing what at pos
// (what reads after "internal error", e.g. "analysing (*R).Reconcile").
// Call it from the deferred function that called recover.
func (g *Guard) Record(pos token.Pos, what string, p any) {
	if g.count == 0 {
		g.first, g.what, g.value = pos, what, p
	}
	g.count++
}

// Failed reports whether a panic was recorded.
func (g *Guard) Failed() bool { return g.count > 0 }

// Report reports the first recorded panic, once, at its position, counting
// the others: one diagnostic per package however many functions hit the
// same bug, so a bug shows up without burying the real findings. It goes
// straight to the pass, not through the ignore directives: an internal
// error is not a finding to silence. Call it once, at the end of the run.
func (g *Guard) Report() {
	if g.count == 0 {
		return
	}
	more := ""
	if g.count > 1 {
		more = fmt.Sprintf(" (and %d more in this package)", g.count-1)
	}
	g.pass.Report(analysis.Diagnostic{
		Pos: g.first,
		Message: fmt.Sprintf("%s: internal error %s%s: %v; findings of this pass may be missing here, please report it",
			g.name, g.what, more, g.value),
	})
}
