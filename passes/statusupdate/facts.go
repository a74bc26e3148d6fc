package statusupdate

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/reach"
)

// FreshThrough is the fact attached to an exported function all of whose
// reachable status Updates write an object loaded right before from the
// API server: through the readers its parameters Params (indices) hand in,
// or, when Params is empty, whatever its callers pass. A call passing
// uncached readers for those parameters writes nothing stale.
type FreshThrough struct {
	Params []int
}

func (*FreshThrough) AFact() {}

func (f *FreshThrough) String() string {
	if len(f.Params) == 0 {
		return "writes status fresh"
	}
	idx := make([]string, len(f.Params))
	for i, p := range f.Params {
		idx[i] = fmt.Sprint(p)
	}
	return "writes status fresh when parameters " + strings.Join(idx, ", ") + " read uncached"
}

// exportFreshness marks the package's exported functions whose status
// Updates are all fresh, or fresh given uncached readers for some of their
// parameters (a helper that reads the object again through a client it is
// handed, then writes it). Writes reached in other packages are not
// followed: a function reaching one gets no fact.
func exportFreshness(pass *analysis.Pass, res *reach.Result, ol *objectLoads) {
	for _, m := range res.SSA.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Signature.Recv() != nil || fn.TypeParams().Len() > 0 {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg {
			continue
		}
		if strings.HasSuffix(pass.Fset.Position(fn.Pos()).Filename, "_test.go") {
			continue // reach exports no fact for these either
		}
		var updates []*reach.Write
		for _, w := range res.WritesFrom(fn) {
			if w.Verb == "Update" {
				updates = append(updates, w)
			}
		}
		if len(updates) == 0 {
			continue
		}
		fact := &FreshThrough{}
		for _, w := range updates {
			if w.External != nil {
				fact = nil
				break
			}
			fresh, params := freshness(pass, res, ol, fileOf(pass, w.Node), w, fn)
			if !fresh {
				fact = nil
				break
			}
			for _, p := range params {
				if !slices.Contains(fact.Params, p) {
					fact.Params = append(fact.Params, p)
				}
			}
		}
		if fact != nil {
			slices.Sort(fact.Params)
			pass.ExportObjectFact(obj, fact)
		}
	}
}

// freshCall reports whether w, a call of another package's function, writes
// only fresh objects: the callee has a FreshThrough fact and the call
// passes uncached readers for its parameters.
func freshCall(pass *analysis.Pass, res *reach.Result, w *reach.Write) bool {
	common := w.Instr.Common()
	callee := common.StaticCallee()
	if callee == nil {
		return false
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false
	}
	fact := new(FreshThrough)
	if !pass.ImportObjectFact(obj, fact) {
		return false
	}
	t := &readerTrace{info: pass.TypesInfo, res: res, seen: make(map[ssa.Value]bool)}
	for _, p := range fact.Params {
		if p >= len(common.Args) || !t.uncached(common.Args[p], 0) {
			return false
		}
	}
	return true
}
