package statusupdate

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

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
func (c *checker) exportFreshness() {
	pass, res := c.pass, c.res
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
			var wc freshCond
			if w.External != nil {
				ok, wc = c.freshCall(w, fn)
			} else {
				ok, wc = c.freshness(w, fn)
			}
			if !ok {
				fresh = false
				break
			}
			cond.add(wc)
		}
		if fresh {
			slices.Sort(cond.Readers)
			slices.Sort(cond.Objects)
			pass.ExportObjectFact(obj, &FreshThrough{Params: cond.Readers, Objects: cond.Objects})
		}
	}
}

// exportWritten marks the package's exported functions and methods that
// leave object parameters written (see checker.loads), for the packages
// that call them.
func (c *checker) exportWritten() {
	pass := c.pass
	for fn, params := range c.loads.Writes {
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
