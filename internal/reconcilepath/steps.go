package reconcilepath

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Step is one function on a reconcile path, as Path names it, and the
// place in it that leads on to the next one.
type Step struct {
	Fn   *ssa.Function
	Name string // DisplayName of Fn
	// Next is the display name of the following function on the path,
	// "" for the last step.
	Next string
	// Pos and End span the syntax in Fn that leads to Next: the call, or
	// the function literal or method value handed on. For the last step,
	// and where no such syntax is found, they are Fn's own position.
	Pos, End token.Pos
	// Calls is set when Fn leads on by calling Next (a call, a defer or a
	// go statement), not by making or handing on a function value.
	Calls bool
}

// Steps returns the reconcile path to fn (the functions Path names, root
// first) with where each leads on to the next, or nil when fn is not
// reachable: for messages that show the path as related information, one
// clickable location per step, rather than as text.
func (r *Result) Steps(fn *ssa.Function, pkg *types.Package) []Step {
	if !r.Reachable(fn) {
		return nil
	}
	// The whole parent chain, synthetic wrappers included: a step leads
	// on to its successor on the chain even when Path does not name it.
	var chain []*ssa.Function
	for f := fn; f != nil; f = r.parent[f] {
		chain = append(chain, f)
		if r.isRoot[f] {
			break
		}
	}
	var steps []Step
	for i := len(chain) - 1; i >= 0; i-- {
		f := chain[i]
		if f.Synthetic != "" {
			continue
		}
		s := Step{Fn: f, Name: DisplayName(f, pkg), Pos: f.Pos(), End: f.Pos()}
		if i > 0 {
			s.Pos, s.End, s.Calls = r.leadsOn(f, chain[i-1])
		}
		if n := len(steps); n > 0 {
			steps[n-1].Next = s.Name
		}
		steps = append(steps, s)
	}
	return steps
}

// PathRelated returns the reconcile path to fn as related information:
// one entry per function on it before fn, at the place it leads on, such
// as "(*WidgetReconciler).Reconcile calls markReady". A write in the
// reconcile root itself has none.
func (r *Result) PathRelated(fn *ssa.Function, pkg *types.Package) []analysis.RelatedInformation {
	steps := r.Steps(fn, pkg)
	var out []analysis.RelatedInformation
	for _, s := range steps {
		if s.Next == "" {
			continue
		}
		out = append(out, analysis.RelatedInformation{Pos: s.Pos, End: s.End, Message: s.says(s.Next)})
	}
	return out
}

// says is how a related entry words the step from s to next: "A calls
// B", or "A uses B" for a function value made or handed on.
func (s Step) says(next string) string {
	verb := " uses "
	if s.Calls {
		verb = " calls "
	}
	return s.Name + verb + next
}

// leadsOn returns the syntax in from that leads to to, its successor on
// a reconcile path: a call of it, else the making of a closure of it,
// else any instruction taking it as a value. Among several, one outside
// the handling of a failed Get is preferred, as the path is.
func (r *Result) leadsOn(from, to *ssa.Function) (pos, end token.Pos, calls bool) {
	is := func(f *ssa.Function) bool { return f != nil && (f == to || f.Origin() == to) }
	failed := (&analyzer{m: r.Model}).failedLoadBlocks(from)
	var best ssa.Instruction
	bestRank := 0
	for _, b := range from.Blocks {
		for _, instr := range b.Instrs {
			rank := 0
			switch instr := instr.(type) {
			case ssa.CallInstruction:
				if common := instr.Common(); is(common.StaticCallee()) {
					rank = 6
				} else if common.IsInvoke() && slices.Contains(r.Callers(to), instr) {
					rank = 6
				}
			case *ssa.MakeClosure:
				if f, ok := instr.Fn.(*ssa.Function); ok && is(f) {
					rank = 4
				}
			}
			if rank == 0 {
				for _, op := range instr.Operands(nil) {
					if f, ok := (*op).(*ssa.Function); ok && is(f) {
						rank = 2
					}
				}
			}
			if rank == 0 || !instr.Pos().IsValid() {
				continue
			}
			if !failed[b] {
				rank++
			}
			if rank > bestRank {
				best, bestRank = instr, rank
			}
		}
	}
	if best == nil {
		return from.Pos(), from.Pos(), false
	}
	_, calls = best.(ssa.CallInstruction)
	if n := r.syntaxOf(from, best); n != nil {
		return n.Pos(), n.End(), calls
	}
	return best.Pos(), best.Pos(), calls
}

// syntaxOf returns the syntax of an instruction of fn that leads on: the
// call expression of a call (of a defer or go statement too), or nil.
func (r *Result) syntaxOf(fn *ssa.Function, instr ssa.Instruction) ast.Node {
	switch instr.(type) {
	case *ssa.Defer, *ssa.Go:
		// Placed at the keyword; the statement is looked up in fn's
		// syntax, only for the few steps a message shows.
		var call ast.Node
		if syn := fn.Syntax(); syn != nil {
			ast.Inspect(syn, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.DeferStmt:
					if n.Defer == instr.Pos() {
						call = n.Call
					}
				case *ast.GoStmt:
					if n.Go == instr.Pos() {
						call = n.Call
					}
				}
				return call == nil
			})
		}
		return call
	case ssa.CallInstruction:
		if c := r.calls[instr.Pos()]; c != nil {
			return c
		}
	}
	return nil
}
