package watches

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// check reports what one controller's watches wake its reconcile for.
func (c *checker) check(ctl *controller) []analysis.Diagnostic {
	if ctl.filtered {
		return nil // WithEventFilter: a predicate on every watch
	}
	var out []analysis.Diagnostic
	var reads map[string]bool // what the reconcile reads, computed on first need
	for _, w := range ctl.watches {
		if w.filtered || w.kind == nil {
			continue
		}
		switch {
		case w.owner:
			if !hasGenerationSemantics(w.kind) {
				continue
			}
			if reads == nil {
				reads = c.readsOf(ctl.reconciler)
			}
			if reads[kindKey(w.kind)] || reads["*"] {
				continue // the reconcile needs the child's status events
			}
			out = append(out, c.ownedDiagnostic(ctl, w))
		case w.method == "For":
			out = append(out, c.selfWakes(ctl, w)...)
		}
	}
	return out
}

// readsOf returns the kinds whose status the reconciler r reads: through
// the functions of this package its Reconcile reaches, or by the facts of
// the package that declares it. A reconciler of another package made by a
// call (errors.WithSilentRequeueOnConflict(r), a wrapper) runs the
// reconcilers handed to it through an interface its facts do not follow:
// theirs count too. When the reconciler cannot be told, every production
// function of the package counts; when another package's has no facts,
// every kind does.
func (c *checker) readsOf(r ast.Expr) map[string]bool {
	fn := c.reconcileMethod(r)
	if fn == nil {
		return c.packageReads()
	}
	out := make(map[string]bool)
	if fn.Pkg() != c.pass.Pkg {
		if !c.addCalleeReads(fn, out) {
			return map[string]bool{"*": true} // unknown: everything
		}
		if call, ok := ast.Unparen(r).(*ast.CallExpr); ok {
			for _, arg := range call.Args {
				if c.reconcileMethod(arg) == nil {
					continue
				}
				maps.Copy(out, c.readsOf(arg))
			}
		}
		return out
	}
	sfn := c.ssaFunc(fn)
	if sfn == nil {
		return c.packageReads()
	}
	// Calls of the package's own functions add nothing: each function
	// reached is scanned itself.
	for f := range c.res.ReachableFrom(sfn) {
		if syn := f.Syntax(); syn != nil {
			c.scan(syn, out, nil)
		}
	}
	return out
}

// reconcileMethod returns the Reconcile method of the reconciler handed
// to Complete or Build, or nil when its type does not tell (an interface,
// a function value).
func (c *checker) reconcileMethod(r ast.Expr) *types.Func {
	t := c.pass.TypesInfo.TypeOf(r)
	if t == nil || types.IsInterface(t) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "Reconcile")
	fn, _ := obj.(*types.Func)
	if fn == nil {
		return nil
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return nil // an embedded interface's method: the implementation is not known
	}
	return fn
}

// ssaFunc returns the SSA function of a method or function of the
// package, or nil without SSA.
func (c *checker) ssaFunc(fn *types.Func) *ssa.Function {
	if c.res == nil || c.res.SSA == nil {
		return nil
	}
	return c.res.SSA.Prog.FuncValue(fn)
}

// ownedDiagnostic reports a watch of a child kind whose status updates
// wake the owner's reconcile, which never reads that status.
func (c *checker) ownedDiagnostic(ctl *controller, w *watch) analysis.Diagnostic {
	name := w.kind.Obj().Name()
	d := analysis.Diagnostic{
		Pos: w.pos(),
		End: w.call.End(),
		Message: fmt.Sprintf("every status update of an owned %s wakes this controller's reconcile, which never reads %s %s's status: filter the watch with a predicate that drops status-only updates",
			name, article(name), name),
	}
	if fix, reason := c.predicateFix(ctl, w); fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	} else {
		d.Message += " (no suggested fix: " + reason + ")"
	}
	return d
}

// article is the indefinite article before a kind's name: "an" before a
// vowel (an ExternalSecret), "a" otherwise.
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}
