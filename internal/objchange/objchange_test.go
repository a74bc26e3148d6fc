package objchange_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// The test analyzer asks the classifier about each function of the
// package whose doc comment ends with a marker line, and reports what it
// answers at the function's name:
//
//	region v   Region over the body, from its start to the first call of
//	           done (the target), or to its end; Options.Imported knows
//	           the functions of testdata's objchange/other (imported below)
//	bare v     the same with Options{}: nothing of other packages is known
//	status v   objchange.StatusChange on the SSA, over the same region:
//	           "status: why" ("no" when nothing may change the status)
//	managed v  objchange.ManagedFieldsChange on the SSA, over the same
//	           region: "managed fields changed: yes/no; other: why" ("no")
//	between v  Between from the body's start to the first call of done,
//	           leaving out its first argument
//	list v     BetweenList, the same for v a list of objects
//	summary i  Summary of parameter i (recv: the receiver)
//	summary map i  the same for a map parameter
//
// The message spells the Effect: "changed A; maybe B; blocked: why" (why
// is "no" when nothing rules the fix out); a blocked Effect also gets
// "blocked here" reported at its position.
var analyzer = &analysis.Analyzer{
	Name: "objchangetest",
	Doc:  "reports what internal/objchange says of the functions marked in their doc comments",
	Run:  run,
	// The SSA the status question reads.
	Requires: []*analysis.Analyzer{reach},
}

var (
	roots reconcilepath.Pattern
	tests bool
	reach = reconcilepath.New(&roots, &tests)
)

// imported is the test's Options.Imported: what the functions of
// objchange/other do to their parameters, as a pass's facts would say.
func imported(fn *types.Func, idx int) (objchange.ParamChanges, bool) {
	if fn.Pkg() == nil || fn.Pkg().Path() != "objchange/other" {
		return objchange.ParamChanges{}, false
	}
	name := fn.Name()
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
		name = "Gadget." + name
	}
	p, ok := map[string]objchange.ParamChanges{
		"Label":          {Index: 0, Changed: uint8(objchange.Labels)},
		"Read":           {Index: 0},
		"Mess":           {Index: 0, Blocked: "it sets the spec"},
		"SetTeam":        {Index: 0, Map: true, Changed: uint8(objchange.Labels)},
		"PassOn":         {Index: 0, Map: true, Maybe: uint8(objchange.Labels)},
		"PassOnList":     {Index: 0, Map: true, Maybe: uint8(objchange.Labels)},
		"SetRefs":        {Index: 0, Map: true, Changed: uint8(objchange.Labels)},
		"Gadget.Default": {Index: -1, Changed: uint8(objchange.Labels)},
	}[name]
	if ok && p.Index != idx {
		return objchange.ParamChanges{}, false
	}
	return p, ok
}

func run(pass *analysis.Pass) (any, error) {
	m := crmodel.Load(pass.Pkg)
	// One checker for each set of options, as a pass has: summaries are
	// memoised across the questions.
	normal := objchange.New(pass, m, objchange.Options{Imported: imported})
	checkers := map[string]*objchange.Checker{
		"region":  normal,
		"between": normal,
		"list":    normal,
		"summary": normal,
		"bare":    objchange.New(pass, m, objchange.Options{}),
		"status":  nil,
		"managed": nil,
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || fd.Body == nil {
				continue
			}
			lines := strings.Split(strings.TrimSpace(fd.Doc.Text()), "\n")
			words := strings.Fields(lines[len(lines)-1])
			if len(words) < 2 {
				continue
			}
			c, ok := checkers[words[0]]
			if !ok {
				continue
			}
			var eff objchange.Effect
			switch words[0] {
			case "summary":
				isMap := words[1] == "map"
				arg := words[len(words)-1]
				idx := -1
				if arg != "recv" {
					var err error
					if idx, err = strconv.Atoi(arg); err != nil {
						return nil, fmt.Errorf("%s: bad marker %q", fd.Name.Name, words)
					}
				}
				fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				eff = c.Summary(fn, fd, idx, isMap)
			default:
				v := lookupVar(pass.TypesInfo, fd, words[1])
				if v == nil {
					return nil, fmt.Errorf("%s: no variable %s", fd.Name.Name, words[1])
				}
				done := findDone(pass.TypesInfo, fd.Body)
				if words[0] == "between" || words[0] == "list" {
					if done == nil {
						return nil, fmt.Errorf("%s: no call of done", fd.Name.Name)
					}
					if words[0] == "list" {
						eff = c.BetweenList(fd.Body, fd.Body.Lbrace, done, done.Args[0], v)
					} else {
						eff = c.Between(fd.Body, fd.Body.Lbrace, done, done.Args[0], v)
					}
					break
				}
				var end token.Pos = fd.Body.Rbrace
				var target ast.Node = fd.Body
				if done != nil {
					end, target = done.Pos(), done
				}
				if done == nil {
					target = nil // the whole body: every block
				}
				if words[0] == "managed" {
					reportManaged(pass, fd, v, end, target)
					continue
				}
				if words[0] == "status" {
					reportStatus(pass, fd, v, end, target)
					continue
				}
				if target == nil {
					target = fd.Body
				}
				eff = c.Region(fd.Body, fd.Body.Lbrace, end, target, v)
				if words[0] == "region" || words[0] == "bare" {
					bare := checkers["bare"].Region(fd.Body, fd.Body.Lbrace, end, nil, v)
					unchangedAnswers[fd.Name.Name] = [2]bool{bare.Unchanged(), ssaUnchanged(pass, fd, v, end)}
				}
			}
			report(pass, fd, eff)
		}
	}
	return nil, nil
}

func report(pass *analysis.Pass, fd *ast.FuncDecl, eff objchange.Effect) {
	why := "no"
	if eff.Blocked != "" {
		why = eff.Blocked
		if eff.At.IsValid() {
			pass.Reportf(eff.At, "blocked here")
		} else {
			why += " (at no position)"
		}
	}
	pass.Reportf(fd.Name.Pos(), "changed %s; maybe %s; blocked: %s", eff.Changed, eff.Maybe, why)
}

// lookupVar returns the variable named name that fd declares (a
// parameter or a local), the first one.
func lookupVar(info *types.Info, fd *ast.FuncDecl, name string) *types.Var {
	var v *types.Var
	ast.Inspect(fd, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && v == nil && id.Name == name {
			v, _ = info.Defs[id].(*types.Var)
		}
		return v == nil
	})
	return v
}

// findDone returns the first call of the package's function done in body.
func findDone(info *types.Info, body *ast.BlockStmt) *ast.CallExpr {
	var call *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && call == nil {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "done" {
				if _, ok := info.Uses[id].(*types.Func); ok {
					call = c
				}
			}
		}
		return call == nil
	})
	return call
}

func testdata() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}

// TestClassify covers the classification rules, one function of
// testdata's objchange/cases each: see the comments there.
func TestClassify(t *testing.T) {
	analysistest.Run(t, testdata(), analyzer, "objchange/cases")
}

func TestAreaString(t *testing.T) {
	for _, tc := range []struct {
		a    objchange.Area
		want string
	}{
		{0, "nothing"},
		{objchange.Labels, "labels"},
		{objchange.Finalizers, "finalizers"},
		{objchange.Labels | objchange.Owners, "labels and owner references"},
		{objchange.Owners | objchange.Labels | objchange.Annotations, "labels, annotations and owner references"},
		{objchange.Labels | objchange.Annotations | objchange.Owners | objchange.Finalizers, "labels, annotations, owner references and finalizers"},
	} {
		if got := tc.a.String(); got != tc.want {
			t.Errorf("Area(%d).String() = %q, want %q", tc.a, got, tc.want)
		}
	}
}

func TestMerge(t *testing.T) {
	var e objchange.Effect
	e.Merge(objchange.Effect{Changed: objchange.Labels, Maybe: objchange.Annotations})
	if e.Blocked != "" || e.At != token.NoPos {
		t.Errorf("merging an unblocked effect blocked: %+v", e)
	}
	e.Merge(objchange.Effect{Changed: objchange.Finalizers, Blocked: "first", At: 10})
	e.Merge(objchange.Effect{Changed: objchange.Owners, Maybe: objchange.Labels, Blocked: "second", At: 20})
	e.Merge(objchange.Effect{})
	want := objchange.Effect{
		Changed: objchange.Labels | objchange.Finalizers | objchange.Owners,
		Maybe:   objchange.Annotations | objchange.Labels,
		Blocked: "first",
		At:      10,
	}
	if e != want {
		t.Errorf("after the merges: %+v, want %+v", e, want)
	}
}
