package reconcilepath

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/ignore"
)

// hop is a function's first step towards the nearest status Update: the
// callee to take next, or the write itself.
type hop struct {
	next  *ssa.Function
	write *Write
}

// exportFacts marks each exported function of the package that may reach
// a status Update with the chain to it. Only functions that reach a write
// carry a fact, so facts stay small however large the package is.
func (a *analyzer) exportFacts() {
	// Breadth-first over the reversed may-call graph from the functions
	// holding an Update: next[f] is f's first step towards the nearest one.
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
	a.exportWriterParamFacts(hops)
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
	writers := make(map[*ssa.Function]bool, len(hops))
	for fn := range hops {
		writers[fn] = true
	}
	for _, fn := range a.funcs {
		if c := a.constructs(fn, writers); c != nil {
			a.pass.ExportObjectFact(fn.Object(), c)
		}
	}
	if exported {
		a.pass.ExportPackageFact(&hasWriters{})
	}
}

// constructs returns the Constructs fact of fn, an exported function of
// the package's production code, or nil: its first result is an interface
// other than error, every return hands it a value of the same named type
// of the package (or a pointer to it), and a method of that type reaches
// a status Update (writers).
func (a *analyzer) constructs(fn *ssa.Function, writers map[*ssa.Function]bool) *Constructs {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Synthetic != "" || fn.Parent() != nil || fn.Origin() != nil || !obj.Exported() || obj.Pkg() != a.pass.Pkg {
		return nil
	}
	if ignore.IsTestFile(a.pass.Fset, fn.Pos()) {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !types.IsInterface(res.At(0).Type()) || crmodel.IsError(res.At(0).Type()) {
		return nil
	}
	var made types.Type
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue // a panic
		}
		mi, ok := ret.Results[0].(*ssa.MakeInterface)
		if !ok || made != nil && !types.Identical(mi.X.Type(), made) {
			return nil
		}
		made = mi.X.Type()
	}
	if made == nil {
		return nil
	}
	t, pointer := made, false
	if p, ok := t.(*types.Pointer); ok {
		t, pointer = p.Elem(), true
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != a.pass.Pkg || named.Obj().Parent() != a.pass.Pkg.Scope() || named.TypeParams().Len() > 0 {
		return nil
	}
	mset := a.res.SSA.Prog.MethodSets.MethodSet(made)
	for i := range mset.Len() {
		if m := a.res.SSA.Prog.FuncValue(mset.At(i).Obj().(*types.Func)); m != nil && writers[m] {
			return &Constructs{Type: named.Obj().Name(), Pointer: pointer}
		}
	}
	return nil
}

// exportWriterParamFacts exports the WritesStatus facts of the exported
// functions whose Update goes through a writer parameter
// (writerParamWrites), unless the function reaches a status write
// anyway (hops).
func (a *analyzer) exportWriterParamFacts(hops map[*ssa.Function]hop) {
	exported := false
	for _, w := range a.writerParamWrites {
		if _, ok := hops[w.Fn]; ok || ignore.IsTestFile(a.pass.Fset, w.Fn.Pos()) {
			continue
		}
		a.pass.ExportObjectFact(w.Fn.Object(), &WritesStatus{
			Chain:     []string{DisplayName(w.Fn, nil)},
			At:        position(a.pass.Fset, w.Node.Pos()),
			Pkg:       a.pass.Pkg.Path(),
			WriterArg: w.writerArg,
		})
		exported = true
	}
	if exported {
		a.pass.ExportPackageFact(&hasWriters{})
	}
}
