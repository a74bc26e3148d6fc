package statuswrites

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// Errors collected with github.com/hashicorp/go-multierror (mariadb-
// operator's phase loops): a branch that appends an error it has tested
// not nil, writes the status, and returns when the bundle's ErrorOrNil is
// not nil always returns there. The pass has to know that, or the write
// on that branch counts as one the path goes on from.

const multierrorPath = "github.com/hashicorp/go-multierror"

// bundleNonNil reports whether v, a condition's value tested against nil,
// is bundle.ErrorOrNil() of a bundle that holds an error on every path:
// every value the bundle can be is a multierror.Append that appends one
// (see holdsError).
func bundleNonNil(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return false
	}
	if !isMultierror(reconcilepath.CalleeFunc(&call.Call), "ErrorOrNil", true) || len(call.Call.Args) != 1 {
		return false
	}
	return holdsError(call.Call.Args[0], 0)
}

// holdsError reports whether bundle, a *multierror.Error, holds an error
// whatever path made it: each value it can be (through phis) is the
// result of multierror.Append of such a bundle or of an error known not
// nil where it is appended.
func holdsError(bundle ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := valueflow.Unconvert(bundle).(type) {
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !holdsError(e, depth+1) {
				return false
			}
		}
		return len(v.Edges) > 0
	case *ssa.Call:
		if !isMultierror(reconcilepath.CalleeFunc(&v.Call), "Append", false) || len(v.Call.Args) != 2 {
			return false
		}
		if holdsError(v.Call.Args[0], depth+1) || notNilAt(v.Call.Args[0], v) {
			return true
		}
		for _, e := range variadicElems(v.Call.Args[1]) {
			if notNilAt(e, v) {
				return true
			}
		}
	}
	return false
}

// isMultierror reports whether fn is go-multierror's function (or, with
// method, its Error's method) name.
func isMultierror(fn *types.Func, name string, method bool) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || crmodel.Unvendor(fn.Pkg().Path()) != multierrorPath {
		return false
	}
	return (fn.Type().(*types.Signature).Recv() != nil) == method
}

// variadicElems returns the values a call's variadic arguments, passed
// in slice, hold (SSA builds it from an array it allocates and fills).
func variadicElems(slice ssa.Value) []ssa.Value {
	if s, ok := slice.(*ssa.Slice); ok {
		if alloc, ok := s.X.(*ssa.Alloc); ok {
			return valueflow.ElementValues(alloc)
		}
	}
	return nil
}

// notNilAt reports whether err is not nil where instr runs: instr's block
// is dominated by the edge of an if on which err != nil holds, tested on
// err itself or, for a load of a variable that holds one value from its
// only store on (one a closure captures, as mariadb-operator's phase
// error is), on another load of it that no path from the store reaches
// instr without passing.
func notNilAt(err ssa.Value, instr ssa.Instruction) bool {
	err = valueflow.Unconvert(err)
	if testedNotNil(err, instr, nil) {
		return true
	}
	addr, store := heldAlong(err)
	if addr == nil {
		return false
	}
	for _, r := range *addr.Referrers() {
		if load, ok := r.(*ssa.UnOp); ok && load != err && testedNotNil(load, instr, store.Block()) {
			return true
		}
	}
	return false
}

// testedNotNil reports whether instr's block is dominated by the edge of
// an if on which v != nil holds; with from set, also that no path from
// from reaches instr without passing that edge.
func testedNotNil(v ssa.Value, instr ssa.Instruction, from *ssa.BasicBlock) bool {
	if v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		b, ok := r.(*ssa.BinOp)
		if !ok || b.Referrers() == nil || !(isNil(b.X) || isNil(b.Y)) {
			continue
		}
		for _, rr := range *b.Referrers() {
			iff, ok := rr.(*ssa.If)
			if !ok || iff.Cond != b {
				continue
			}
			succ := iff.Block().Succs[0] // err != nil holds on the true edge
			if b.Op == token.EQL {
				succ = iff.Block().Succs[1]
			} else if b.Op != token.NEQ {
				continue
			}
			if len(succ.Preds) == 1 && succ.Dominates(instr.Block()) && (from == nil || !succ.Dominates(from) && !reaches([]*ssa.BasicBlock{from}, instr.Block(), succ)) {
				return true
			}
		}
	}
	return false
}

// heldAlong returns, for v a load of a local variable, the variable and
// its one store, when nothing else writes it: its other uses are loads,
// and the closures that capture it only load it (stricter than
// storedOnce, which lets the address be handed on). Nil otherwise.
func heldAlong(v ssa.Value) (*ssa.Alloc, *ssa.Store) {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil, nil
	}
	addr, ok := u.X.(*ssa.Alloc)
	if !ok || addr.Referrers() == nil {
		return nil, nil
	}
	store, ok := soleStore(addr, func(r ssa.Instruction) bool {
		switch r := r.(type) {
		case *ssa.UnOp:
			return r.Op == token.MUL
		case *ssa.MakeClosure:
			return onlyLoaded(r, addr)
		case *ssa.DebugRef:
			return true
		}
		return false
	})
	if !ok {
		return nil, nil
	}
	return addr, store
}

// onlyLoaded reports whether the closure mc makes only loads the free
// variables it binds addr to.
func onlyLoaded(mc *ssa.MakeClosure, addr ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b != addr {
			continue
		}
		if i >= len(fn.FreeVars) {
			return false
		}
		for _, r := range *fn.FreeVars[i].Referrers() {
			if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
				return false
			}
		}
	}
	return true
}

// reaches reports whether a path from one of the blocks from (from a
// block's successors: whether control can go from that block to another)
// reaches to without entering avoid (nil: any path).
func reaches(from []*ssa.BasicBlock, to, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{avoid: true}
	queue := slices.Clone(from)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		if b == to {
			return true
		}
		seen[b] = true
		queue = append(queue, b.Succs...)
	}
	return false
}
