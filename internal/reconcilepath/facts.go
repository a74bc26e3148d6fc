package reconcilepath

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/ignore"
)

// exportFacts marks each exported function of the package that may reach
// a status Update with the chain to it. Only functions that reach a write
// carry a fact, so facts stay small however large the package is.
func (a *analyzer) exportFacts() {
	// Breadth-first over the reversed may-call graph from the functions
	// holding an Update: next[f] is f's first step towards the nearest one.
	type hop struct {
		next  *ssa.Function
		write *Write
	}
	hops := make(map[*ssa.Function]hop)
	var queue []*ssa.Function
	for _, w := range a.res.Writes {
		if w.Verb != "Update" || w.Fn == nil {
			continue
		}
		if _, done := hops[w.Fn]; !done {
			hops[w.Fn] = hop{write: w}
			queue = append(queue, w.Fn)
		}
	}
	if len(queue) == 0 {
		return
	}
	callers := make(map[*ssa.Function][]*ssa.Function)
	for _, fn := range a.funcs {
		for _, c := range a.callees[fn] {
			callers[c] = append(callers[c], fn)
		}
	}
	for i := 0; i < len(queue); i++ {
		fn := queue[i]
		for _, c := range callers[fn] {
			if _, done := hops[c]; !done {
				hops[c] = hop{next: fn}
				queue = append(queue, c)
			}
		}
	}
	exported := false
	for _, fn := range a.funcs {
		if fn.Synthetic != "" || fn.Parent() != nil || fn.Origin() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != a.pass.Pkg {
			continue
		}
		if ignore.IsTestFile(a.pass.Fset, fn.Pos()) {
			continue
		}
		if _, ok := hops[fn]; !ok {
			continue
		}
		fact := &WritesStatus{}
		for f := fn; f != nil; {
			h := hops[f]
			if f.Synthetic == "" {
				fact.Chain = append(fact.Chain, DisplayName(f, nil))
			}
			if h.write != nil {
				if ext := h.write.External; ext != nil {
					fact.Chain = append(fact.Chain, ext.Chain...)
					fact.At = ext.At
					fact.Pkg = ext.Pkg
				} else {
					fact.At = position(a.pass.Fset, h.write.Node.Pos())
					fact.Pkg = a.pass.Pkg.Path()
				}
				break
			}
			f = h.next
		}
		a.pass.ExportObjectFact(obj, fact)
		exported = true
	}
	if exported {
		a.pass.ExportPackageFact(&hasWriters{})
	}
}
