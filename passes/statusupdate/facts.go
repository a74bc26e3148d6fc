package statusupdate

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// FreshThrough is the fact attached to an exported function all of whose
// reachable status Updates write an object loaded right before from the
// API server, on a condition on what its callers pass: uncached readers
// for the parameters Params, and objects fresh at the call (just written,
// or read uncached) for the parameters Objects (indices). With both empty,
// the writes are fresh whatever the callers pass.
type FreshThrough struct {
	Params  []int
	Objects []int
}

func (*FreshThrough) AFact() {}

func (f *FreshThrough) String() string {
	var conds []string
	if len(f.Params) > 0 {
		conds = append(conds, "parameters "+indices(f.Params)+" read uncached")
	}
	if len(f.Objects) > 0 {
		conds = append(conds, "the objects in parameters "+indices(f.Objects)+" are fresh")
	}
	if len(conds) == 0 {
		return "writes status fresh"
	}
	return "writes status fresh when " + strings.Join(conds, " and ")
}

// LeavesWritten is the fact attached to an exported function or method
// that writes (Create, Update, Patch) the objects in its parameters
// Params (indices, the receiver not counted) on every path to every
// return, and never reads into them: after a call, the caller holds them
// as the API server answered.
type LeavesWritten struct {
	Params []int
}

func (*LeavesWritten) AFact() {}

func (f *LeavesWritten) String() string {
	return "leaves parameters " + indices(f.Params) + " written"
}

func indices(idx []int) string {
	s := make([]string, len(idx))
	for i, p := range idx {
		s[i] = fmt.Sprint(p)
	}
	return strings.Join(s, ", ")
}

// exportFreshness marks the package's exported functions whose status
// Updates are all fresh, or fresh given uncached readers or fresh objects
// for some of their parameters (a helper that reads the object again
// through a client it is handed, then writes it; a helper that writes the
// status of the object it is handed), including through calls of other
// packages' helpers with such facts.
func exportFreshness(pass *analysis.Pass, res *reconcilepath.Result, ol *objectLoads) {
	for _, m := range res.SSA.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Signature.Recv() != nil || fn.TypeParams().Len() > 0 {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg {
			continue
		}
		if ignore.IsTestFile(pass.Fset, fn.Pos()) {
			continue // reach exports no fact for these either
		}
		var updates []*reconcilepath.Write
		for _, w := range res.WritesFrom(fn) {
			if w.Verb == "Update" {
				updates = append(updates, w)
			}
		}
		if len(updates) == 0 {
			continue
		}
		var cond freshCond
		fresh := true
		for _, w := range updates {
			var ok bool
			var c freshCond
			if w.External != nil {
				ok, c = freshCall(pass, res, ol, w, fn)
			} else {
				ok, c = freshness(pass, res, ol, fileOf(pass, w.Node), w, fn)
			}
			if !ok {
				fresh = false
				break
			}
			cond.add(c)
		}
		if fresh {
			slices.Sort(cond.Readers)
			slices.Sort(cond.Objects)
			pass.ExportObjectFact(obj, &FreshThrough{Params: cond.Readers, Objects: cond.Objects})
		}
	}
}

// exportWritten marks the package's exported functions and methods that
// leave object parameters written (see objectLoads), for the packages
// that call them.
func exportWritten(pass *analysis.Pass, ol *objectLoads) {
	for fn, params := range ol.Writes {
		if !fn.Exported() || fn.Pkg() != pass.Pkg || len(params) == 0 {
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && !exportedNamed(recv.Type()) {
			continue // a method of an unexported type: no other package calls it by name
		}
		if ignore.IsTestFile(pass.Fset, fn.Pos()) {
			continue
		}
		ps := slices.Clone(params)
		slices.Sort(ps)
		pass.ExportObjectFact(fn, &LeavesWritten{Params: ps})
	}
}

// exportedNamed reports whether t, a receiver type, is an exported named
// type or a pointer to one.
func exportedNamed(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}

// freshCall reports whether w, a call of another package's function, writes
// only fresh objects: the callee has a FreshThrough fact, and the call
// passes uncached readers and fresh objects where the fact asks for them.
// With via set (an exported function of this package), via's own
// parameters count as such on the condition cond, as in freshness: a
// helper that hands its reader or object on to another package's helper.
func freshCall(pass *analysis.Pass, res *reconcilepath.Result, ol *objectLoads, w *reconcilepath.Write, via *ssa.Function) (fresh bool, cond freshCond) {
	common := w.Instr.Common()
	callee := common.StaticCallee()
	if callee == nil {
		return false, cond
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false, cond
	}
	fact := new(FreshThrough)
	if !pass.ImportObjectFact(obj, fact) {
		return false, cond
	}
	t := &readerTrace{info: pass.TypesInfo, res: res, seen: make(map[ssa.Value]bool), via: via}
	for _, p := range fact.Params {
		if p >= len(common.Args) || !t.uncached(common.Args[p], 0) {
			return false, cond
		}
	}
	cond.Readers = t.params
	if len(fact.Objects) == 0 {
		return true, cond
	}
	// The objects are judged on the call as written, which a deferred or
	// go call, or one through a method value, is not at the load.
	call := w.Call
	if call == nil {
		call = res.CallExpr(common.Pos())
	}
	if call == nil || w.Deferred || w.Go || w.MethodValue {
		return false, freshCond{}
	}
	for _, p := range fact.Objects {
		if p >= len(call.Args) {
			return false, freshCond{}
		}
		fresh, c := freshAt(pass, res, ol, fileOf(pass, call), call, call.Args[p], w.Fn, via, 0)
		if !fresh {
			return false, freshCond{}
		}
		cond.add(c)
	}
	return true, cond
}
