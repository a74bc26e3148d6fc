package objchange_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// paramValue returns the SSA function of fd and the object its parameter
// v holds, or nils.
func paramValue(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var) (*reconcilepath.Result, *ssa.Function, ssa.Value) {
	res := pass.ResultOf[reach].(*reconcilepath.Result)
	fn := res.Func(fd)
	if fn == nil {
		return res, nil, nil
	}
	for _, p := range fn.Params {
		if p.Object() == v {
			return res, fn, objchange.ObjectOf(p)
		}
	}
	return res, nil, nil
}

// unchangedAnswers holds, for each region case, whether the walker (with
// no options) and objchange.Unchanged on SSA say the object is left as it
// was from the body's start to the case's end, in every block.
var unchangedAnswers = map[string][2]bool{}

// ssaUnchanged is objchange.Unchanged for v, a parameter of fd, from the
// body's start to end.
func ssaUnchanged(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, end token.Pos) bool {
	res, fn, obj := paramValue(pass, fd, v)
	return fn != nil && objchange.Unchanged(res, fn, obj, fd.Body.Lbrace, end, nil)
}

// unchangedDisagreements are the region cases whose answers differ: why.
var unchangedDisagreements = map[string]string{
	"kindAssigned": "walker: apiVersion and kind are not stored; " +
		"SSA: a copy whose kind changed is not the object as loaded",
	"managedFieldsGetterRead": "walker: GetManagedFields is a read outside fieldmanager's question; " +
		"SSA: the entry written through its result changes the copy",
}

// TestUnchangedAnswers compares the walker's answer to "is the object
// left as it was?" with the SSA one internal/fixes asks of the copies it
// reuses: they must agree, or disagree as unchangedDisagreements says.
func TestUnchangedAnswers(t *testing.T) {
	clear(unchangedAnswers)
	analysistest.Run(t, testdata(), analyzer, "objchange/cases")
	if len(unchangedAnswers) < 40 {
		t.Fatalf("only %d region cases were asked", len(unchangedAnswers))
	}
	var names []string
	for name := range unchangedAnswers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		a := unchangedAnswers[name]
		why, listed := unchangedDisagreements[name]
		switch {
		case a[0] != a[1] && !listed:
			t.Errorf("%s: the walker says unchanged %v, SSA %v", name, a[0], a[1])
		case a[0] == a[1] && listed:
			t.Errorf("%s: the answers agree now (%v); take it out of unchangedDisagreements (%s)", name, a[0], why)
		}
	}
}

// reportStatus asks objchange.StatusChange whether anything in fd's body
// before end, on the way to target, may change the status of v, one of
// its parameters, and reports the answer at fd's name ("status: why") and
// where the reason is ("blocked here").
func reportStatus(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, end token.Pos, target ast.Node) {
	res, fn, obj := paramValue(pass, fd, v)
	if obj == nil {
		pass.Reportf(fd.Name.Pos(), "status: %s is not a parameter in the SSA", v.Name())
		return
	}
	why, at := objchange.StatusChange(res, fn, obj, v.Name(), fd.Body.Lbrace, end, target)
	if why == "" {
		why = "no"
	} else if at.IsValid() {
		pass.Reportf(at, "blocked here")
	} else {
		why += " (at no position)"
	}
	pass.Reportf(fd.Name.Pos(), "status: %s", why)
}

// reportManaged asks objchange.ManagedFieldsChange about v, a parameter
// of fd, as reportStatus asks StatusChange.
func reportManaged(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, end token.Pos, target ast.Node) {
	res, fn, obj := paramValue(pass, fd, v)
	if obj == nil {
		pass.Reportf(fd.Name.Pos(), "managed: %s is not a parameter in the SSA", v.Name())
		return
	}
	managed, other, at := objchange.ManagedFieldsChange(res, fn, obj, v.Name(), fd.Body.Lbrace, end, target)
	if other == "" {
		other = "no"
	} else {
		pass.Reportf(at, "blocked here")
	}
	yes := "no"
	if managed {
		yes = "yes"
	}
	pass.Reportf(fd.Name.Pos(), "managed fields changed: %s; other: %s", yes, other)
}
