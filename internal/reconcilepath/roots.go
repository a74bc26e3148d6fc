package reconcilepath

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/ignore"
)

// roots returns the package's reconcile roots in source order: Reconcile
// methods with a reconciler signature, functions converted to reconcile.Func
// or reconcile.TypedFunc, and functions the roots pattern names.
func (a *analyzer) findRoots() []*ssa.Function {
	var roots []*ssa.Function
	isRoot := make(map[*ssa.Function]bool)
	addRoot := func(fn *ssa.Function) {
		if fn == nil || isRoot[fn] || !a.seen[fn] {
			return
		}
		if !a.tests && ignore.IsTestFile(a.pass.Fset, fn.Pos()) {
			return
		}
		isRoot[fn] = true
		roots = append(roots, fn)
	}
	for _, fn := range a.funcs {
		if fn.Origin() != nil {
			continue // an instance adds nothing to its generic function
		}
		// Wrappers are no roots, but the package initializer may convert
		// functions to reconcile.Func.
		if fn.Synthetic == "" {
			if recv := fn.Signature.Recv(); recv != nil && fn.Name() == "Reconcile" {
				plain := types.NewSignatureType(nil, nil, nil, fn.Signature.Params(), fn.Signature.Results(), false)
				if a.m.IsReconcileSignature(plain) {
					addRoot(fn)
				}
			}
			if fn.Parent() == nil && a.roots.Match(qualifiedName(fn)) {
				addRoot(fn)
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok && a.m.IsReconcileFunc(v.Type()) {
					addRoot(funcValue(instr))
				}
			}
		}
	}
	sort.SliceStable(roots, func(i, j int) bool { return roots[i].Pos() < roots[j].Pos() })
	return roots
}

// funcValue returns the function a conversion to reconcile.Func converts.
func funcValue(instr ssa.Instruction) *ssa.Function {
	var x ssa.Value
	switch instr := instr.(type) {
	case *ssa.ChangeType:
		x = instr.X
	case *ssa.Convert:
		x = instr.X
	default:
		return nil
	}
	switch x := x.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		return fn
	}
	return nil
}

// qualifiedName is the name the roots pattern matches: go/types' full name,
// such as example.com/op/framework.Run or (*example.com/op/framework.Loop).Run.
func qualifiedName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok {
		return obj.FullName()
	}
	return fn.String()
}

// reachFromRoots walks the may-call graph breadth-first from the roots, so
// each function's recorded path is a shortest one from the first root.
func (a *analyzer) reachFromRoots() {
	a.res.parent = make(map[*ssa.Function]*ssa.Function)
	a.res.isRoot = make(map[*ssa.Function]bool)
	queue := a.findRoots()
	for _, r := range queue {
		a.res.isRoot[r] = true
	}
	// First along sound edges, then along all: a function reached both
	// through the handling of a failed Get and otherwise gets the path that
	// loaded the object. The set reached is the same either way.
	for _, soundOnly := range []bool{true, false} {
		for i := 0; i < len(queue); i++ {
			fn := queue[i]
			for _, c := range a.callees[fn] {
				if a.res.isRoot[c] {
					continue
				}
				if _, done := a.res.parent[c]; done {
					continue
				}
				if soundOnly && !a.sound[fn][c] {
					continue
				}
				a.res.parent[c] = fn
				queue = append(queue, c)
			}
		}
	}
}
