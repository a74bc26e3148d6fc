package objchange_test

import (
	"go/ast"
	"go/types"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/objchange"
)

// The package answers "may the status change?" twice: the walker in status
// mode (statusupdate's reloads, the fix helpers' copies) and the Follower
// (conditions, through its own Rule). Issue 33 makes them one; until then
// this test asks both about each status case of testdata's objchange/cases
// and holds every case where they disagree, with the reason, so that the
// two can only grow apart on purpose and each mend shows here.

// statusRule is the plainest Rule for the status question: any change the
// Follower rates, or hands out, is a reason.
type statusRule struct{}

func (statusRule) Rate(u objchange.Use) string {
	switch u.Kind {
	case objchange.Stored, objchange.MapStored:
		return "a status field is assigned"
	case objchange.Cleared:
		return "a status field is changed by " + u.Name
	case objchange.TooDeep:
		return "handed too deep to " + u.Name
	}
	return "handed to " + u.Name
}

func (statusRule) Call(objchange.Use) (string, bool) { return "", false }

func (statusRule) Merge(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func (r statusRule) Body(_ *ssa.Function, blocks []string) string {
	var m string
	for _, b := range blocks {
		m = r.Merge(m, b)
	}
	return m
}

// followStatus is the Follower's answer for v, a parameter of fd, from the
// function's entry to the call of done (nil: to its end).
func followStatus(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, done *ast.CallExpr) string {
	var fn *ssa.Function
	for _, f := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
		if f.Syntax() == fd {
			fn = f
		}
	}
	if fn == nil {
		return "no SSA function"
	}
	var obj ssa.Value
	for _, p := range fn.Params {
		if p.Object() == v {
			obj = p
		}
	}
	if obj == nil {
		return "not a parameter"
	}
	for _, r := range *obj.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Val == obj {
			if a, ok := st.Addr.(*ssa.Alloc); ok {
				obj = a // a parameter a function literal captures lives in a variable
				break
			}
		}
	}
	inPkg := func(f *ssa.Function) bool { return f.Pkg == fn.Pkg }
	callees := func(call ssa.CallInstruction) []*ssa.Function {
		f := call.Common().StaticCallee()
		if f != nil && f.Origin() != nil {
			f = f.Origin() // buildssa builds no instances: the generic body
		}
		if f != nil && inPkg(f) {
			return []*ssa.Function{f}
		}
		return nil
	}
	f := objchange.NewFollower[string](statusRule{}, inPkg, callees)
	var why string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && done != nil && call.Pos() == done.Lparen {
				return why // the region ends at the target
			}
			why = statusRule{}.Merge(why, f.Instr(statusRule{}, instr, obj, 0))
		}
	}
	return why
}

// statusDisagreements are the status cases whose answers differ today:
// which engine says the status may change, and why the other does not.
var statusDisagreements = map[string]string{
	"statusAssertedRead": "walker: the object stored in an interface variable is not followed; " +
		"the Follower follows the type assertion back, and it is only read",
	"statusReassigned": "walker: a local set twice is not followed; " +
		"on SSA each value is its own and the status's pointer is never written through",
	"statusUsedBeforeSet": "walker: a local used before it is set in a loop is not followed; " +
		"on SSA the phi of nil and the pointer is not the object and nothing is written through it",
}

// TestStatusAnswers compares the walker's and the Follower's answers to
// the status cases: they must agree, or disagree as statusDisagreements
// says.
func TestStatusAnswers(t *testing.T) {
	clear(statusAnswers)
	analysistest.Run(t, testdata(), analyzer, "objchange/cases")
	if len(statusAnswers) < 20 {
		t.Fatalf("only %d status cases were asked", len(statusAnswers))
	}
	var names []string
	for name := range statusAnswers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		a := statusAnswers[name]
		disagree := (a[0] != "") != (a[1] != "")
		why, listed := statusDisagreements[name]
		switch {
		case disagree && !listed:
			t.Errorf("%s: the walker says %q, the Follower %q", name, a[0], a[1])
		case !disagree && listed:
			t.Errorf("%s: the answers agree now (%q, %q); take it out of statusDisagreements (%s)", name, a[0], a[1], why)
		}
	}
	for name := range statusDisagreements {
		if _, ok := statusAnswers[name]; !ok {
			t.Errorf("%s: listed in statusDisagreements but not a status case", name)
		}
	}
}
