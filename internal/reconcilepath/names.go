package reconcilepath

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// DisplayName is how messages name a function: markReady,
// (*WidgetReconciler).Reconcile, status.SetReady, or "a function literal
// in (*WidgetReconciler).Reconcile";
// names from pkg itself are unqualified.
func DisplayName(fn *ssa.Function, pkg *types.Package) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Parent() != nil {
		// Named by the declared function it is in, as a reader finds it.
		outer := fn.Parent()
		for outer.Parent() != nil {
			outer = outer.Parent()
		}
		return "a function literal in " + DisplayName(outer, pkg)
	}
	if recv := fn.Signature.Recv(); recv != nil {
		return methodName(recv.Type(), fn.Name(), pkg)
	}
	if fn.Pkg != nil && fn.Pkg.Pkg != pkg {
		return fn.Pkg.Pkg.Name() + "." + fn.Name()
	}
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil && obj.Pkg() != pkg {
		return obj.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// methodName is DisplayName of the method name of recv: (*T).name, the
// type qualified unless it is pkg's.
func methodName(recv types.Type, name string, pkg *types.Package) string {
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	ptr := ""
	if p, ok := recv.(*types.Pointer); ok {
		ptr, recv = "*", p.Elem()
	}
	tname := types.TypeString(recv, qual)
	if n, ok := types.Unalias(recv).(*types.Named); ok {
		tname = n.Obj().Name()
		if q := qual(n.Obj().Pkg()); q != "" {
			tname = q + "." + tname
		}
	}
	return "(" + ptr + tname + ")." + name
}
