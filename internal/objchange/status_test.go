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
	if obj := objchange.VarObject(fn, v); obj != nil {
		return res, fn, obj
	}
	return res, nil, nil
}

// unchangedAnswers holds, for each region case, whether objectupdate's
// areas question (Metadata, with no facts) and objchange.Unchanged say
// the object is left as it was from the body's start to the case's end,
// in every block: two rules on the one Follower.
var unchangedAnswers = map[string][2]bool{}

// ssaUnchanged is objchange.Unchanged for v, a parameter of fd, from the
// body's start to end.
func ssaUnchanged(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, end token.Pos) bool {
	res, fn, obj := paramValue(pass, fd, v)
	return fn != nil && objchange.Unchanged(res, fn, obj, fd.Body.Lbrace, end, nil)
}

// unchangedDisagreements are the region cases whose answers differ: why.
var unchangedDisagreements = map[string]string{
	"kindAssigned": "areas: apiVersion and kind are not stored, so a patch has no change to send; " +
		"Unchanged: a copy whose kind changed is not the object as loaded",
}

// TestUnchangedAnswers compares objectupdate's answer to "is the object
// left as it was?" with the one internal/fixes asks of the copies it
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
			t.Errorf("%s: the areas question says unchanged %v, Unchanged %v", name, a[0], a[1])
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

// ssaRegion asks objchange.Metadata about v, a parameter of fd, from
// the body's start to end on the way to target; between leaves the call
// target out, as Between leaves out its object argument; known gives it
// the test's facts of objchange/other.
func ssaRegion(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, end token.Pos, target ast.Node, between, known bool) objchange.Effect {
	res, fn, obj := paramValue(pass, fd, v)
	if fn == nil {
		return objchange.Effect{Blocked: "not a parameter in the SSA"}
	}
	var leave func(ssa.Instruction, token.Pos) bool
	if call, ok := target.(*ast.CallExpr); ok && between {
		at := res.CallInstr(call)
		leave = func(instr ssa.Instruction, _ token.Pos) bool { return instr == at }
	}
	md := metadataOf(res, known)
	return md.Region(fn, obj, v.Name(), fd.Body.Lbrace, end, target, leave)
}

// ssaParam asks objchange.Metadata what fd does to its parameter idx
// (-1: the receiver).
func ssaParam(pass *analysis.Pass, fd *ast.FuncDecl, idx int) objchange.Effect {
	res := pass.ResultOf[reach].(*reconcilepath.Result)
	fn := res.Func(fd)
	if fn == nil {
		return objchange.Effect{Blocked: "no SSA"}
	}
	if fd.Recv != nil {
		idx++
	}
	if idx < 0 || idx >= len(fn.Params) {
		return objchange.Effect{Blocked: "no such parameter"}
	}
	return metadataOf(res, true).Param(fn, fn.Params[idx])
}

// metadatas are the questions' answers for the package, with the test's
// facts and without, kept across the cases as a pass keeps them.
var metadatas = map[*reconcilepath.Result][2]*objchange.Metadata{}

func metadataOf(res *reconcilepath.Result, known bool) *objchange.Metadata {
	m, ok := metadatas[res]
	if !ok {
		m = [2]*objchange.Metadata{objchange.NewMetadata(res, imported), objchange.NewMetadata(res, nil)}
		metadatas[res] = m
	}
	if known {
		return m[0]
	}
	return m[1]
}
