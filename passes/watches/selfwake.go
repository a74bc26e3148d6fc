package watches

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/steady"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// selfWakes reports the status writes of the For kind, reachable from the
// controller's reconcile, that change the status on every pass (a value
// from the clock, a counter, a random value stored into it on every path
// to the write): with no predicate on For, each such write is an update
// event that runs the reconcile again at once, and it writes again.
func (c *checker) selfWakes(ctl *controller, w *watch) []analysis.Diagnostic {
	if c.res == nil || c.res.SSA == nil {
		return nil
	}
	var scope map[*ssa.Function]bool
	if fn := c.reconcileMethod(ctl.reconciler); fn != nil && fn.Pkg() == c.pass.Pkg {
		scope = c.res.ReachableFrom(c.ssaFunc(fn))
	}
	var out []analysis.Diagnostic
	for _, wr := range c.res.Writes {
		if wr.Object == nil || wr.External != nil || wr.Go || !c.res.Reachable(wr.Fn) {
			continue
		}
		if scope != nil && !scope[wr.Fn] {
			continue
		}
		obj := valueflow.Unconvert(wr.Object)
		if k := objectType(obj.Type()); k == nil || !types.Identical(k, w.kind) {
			continue
		}
		if c.wakes[wr] {
			continue // reported for another For of the kind
		}
		st, what := c.changingStore(wr, obj)
		if st == nil || c.gatedByStatus(wr.Instr.Block(), w.kind, 0) {
			continue
		}
		c.wakes[wr] = true
		name := w.kind.Obj().Name()
		out = append(out, analysis.Diagnostic{
			Pos: wr.Node.Pos(),
			End: wr.Node.End(),
			Message: fmt.Sprintf("status written with %s on every pass, and the %s watch has no predicate: each write wakes this reconcile again at once, which writes again (no suggested fix: keep values that change on every pass out of the status, or filter For with predicate.GenerationChangedPredicate)",
				what, name),
			Related: []analysis.RelatedInformation{
				{Pos: st.pos, End: st.pos, Message: st.field + " set to " + what},
				{Pos: w.pos(), End: w.call.End(), Message: "For(" + name + ") without a predicate"},
			},
		})
	}
	return out
}

// A changing store is a store into the written object's status of a value
// that differs on every pass.
type changingStore struct {
	pos   token.Pos
	field string
}

// changingStore returns a store into wr's object's status, on every path
// to the write, of a value that changes on every pass, and what the value
// is ("the clock", "a counter", "a random value").
func (c *checker) changingStore(wr *reconcilepath.Write, obj ssa.Value) (*changingStore, string) {
	fn := wr.Fn
	instr := ssa.Instruction(wr.Instr)
	for _, st := range c.res.StoresIn(fn) {
		field, base, ok := statusStore(st.Addr)
		if !ok || !sameObject(base, obj) {
			continue
		}
		if !runsBefore(st, instr, wr.Deferred) {
			continue
		}
		what := changeWords[steady.Changing(st.Val, steady.Query{
			Field:     func(addr ssa.Value) bool { return sameField(addr, st.Addr) },
			InPkg:     c.res.IsSource,
			Arguments: c.res.AllArguments,
		})]
		if what == "" {
			continue
		}
		return &changingStore{pos: st.Pos(), field: "Status." + field}, what
	}
	return nil, ""
}

// statusStore returns, for the address of a store, the status field it
// writes (the first field below Status) and the object it belongs to.
func statusStore(addr ssa.Value) (field string, base ssa.Value, ok bool) {
	var below string
	for {
		fa, isField := addr.(*ssa.FieldAddr)
		if !isField {
			return "", nil, false
		}
		st := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		f := st.Field(fa.Field)
		if f.Name() == "Status" && objectType(fa.X.Type()) != nil {
			if below == "" {
				return "", nil, false // the whole status replaced
			}
			return below, fa.X, true
		}
		below = f.Name()
		addr = fa.X
	}
}

// sameObject reports whether two values are the same object: the same
// value, or loads of the same variable.
func sameObject(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, okA := a.(*ssa.UnOp)
	lb, okB := b.(*ssa.UnOp)
	return okA && okB && la.Op == token.MUL && lb.Op == token.MUL && la.X == lb.X
}

// runsBefore reports whether st runs on every path to the write instr:
// its block dominates the write's (and precedes it in the same block); for
// a deferred write, its block dominates every return that follows the
// defer statement.
func runsBefore(st *ssa.Store, instr ssa.Instruction, deferred bool) bool {
	if deferred {
		fn := instr.Parent()
		any := false
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			if _, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ret {
				continue
			}
			if !instr.Block().Dominates(b) {
				continue // returns before the call is deferred
			}
			any = true
			if !st.Block().Dominates(b) {
				return false
			}
		}
		return any
	}
	sb, wb := st.Block(), instr.Block()
	if sb != wb {
		return sb.Dominates(wb)
	}
	for _, i := range sb.Instrs {
		if i == ssa.Instruction(st) {
			return true
		}
		if i == instr {
			return false
		}
	}
	return false
}

// changeWords names for the message why a value stored differs on every
// pass (internal/steady).
var changeWords = map[steady.Change]string{
	steady.Clock:    "the clock",
	steady.Counter:  "a counter",
	steady.Appended: "a growing list",
	steady.Random:   "a random value",
}

// sameField reports whether a and b address the same field of the same
// object.
func sameField(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	fa, okA := a.(*ssa.FieldAddr)
	fb, okB := b.(*ssa.FieldAddr)
	if !okA || !okB || fa.Field != fb.Field {
		return false
	}
	return sameField(fa.X, fb.X) || sameObject(fa.X, fb.X)
}

// gatedByStatus reports whether a branch on the object's status decides
// whether b runs: a write reached only when the status is in some state
// (if obj.Status.LastCheckTime == nil, the first check) changes that state
// and is not taken again on the next pass, so it need not write on every
// pass (cloudnative-pg's ScheduledBackup stamps its first check so). In a
// helper of the package whose calls are all known, the branch may be in
// its callers: b is gated when every call of the helper is (the same
// ScheduledBackup stamps each scheduled check in a helper called only
// once the status says the schedule is due).
func (c *checker) gatedByStatus(b *ssa.BasicBlock, kind *types.Named, depth int) bool {
	if gatedInFunc(b, kind) {
		return true
	}
	calls, ok := c.res.AllCalls(b.Parent())
	if !ok || depth >= maxCallsUp {
		return false
	}
	for _, call := range calls {
		if !c.gatedByStatus(call.Block(), kind, depth+1) {
			return false
		}
	}
	return true
}

// maxCallsUp bounds how many calls up gatedByStatus looks for a branch.
const maxCallsUp = 3

// gatedInFunc reports whether a branch of b's own function on the
// object's status decides whether b runs.
func gatedInFunc(b *ssa.BasicBlock, kind *types.Named) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		if len(d.Instrs) == 0 {
			continue
		}
		branch, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		// The branch decides when only one of its successors leads to b.
		t, f := d.Succs[0].Dominates(b), d.Succs[1].Dominates(b)
		if t != f && readsStatus(branch.Cond, kind, make(map[ssa.Value]bool)) {
			return true
		}
	}
	return false
}

// readsStatus reports whether v is computed from the status of an object
// of kind.
func readsStatus(v ssa.Value, kind *types.Named, seen map[ssa.Value]bool) bool {
	if v == nil || seen[v] || len(seen) > 64 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.FieldAddr:
		st := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if st.Field(x.Field).Name() == "Status" {
			if k := objectType(x.X.Type()); k != nil && types.Identical(k, kind) {
				return true
			}
		}
	case *ssa.Field:
		st := x.X.Type().Underlying().(*types.Struct)
		if st.Field(x.Field).Name() == "Status" {
			if k := objectType(x.X.Type()); k != nil && types.Identical(k, kind) {
				return true
			}
		}
	case *ssa.Phi, *ssa.Alloc, *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Const, *ssa.Function:
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && readsStatus(*op, kind, seen) {
			return true
		}
	}
	return false
}
