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
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		ptr := ""
		if p, ok := t.(*types.Pointer); ok {
			ptr, t = "*", p.Elem()
		}
		name := types.TypeString(t, qual)
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name()
			if q := qual(n.Obj().Pkg()); q != "" {
				name = q + "." + name
			}
		}
		return "(" + ptr + name + ")." + fn.Name()
	}
	if fn.Pkg != nil && fn.Pkg.Pkg != pkg {
		return fn.Pkg.Pkg.Name() + "." + fn.Name()
	}
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil && obj.Pkg() != pkg {
		return obj.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}
