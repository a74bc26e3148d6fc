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

	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// The test analyzer asks internal/objchange about each function of the
// package whose doc comment ends with a marker line, and reports what it
// answers at the function's name:
//
//	region v   objchange.Metadata's Region over the body, from its start
//	           to the first call of done (the target), or to its end; the
//	           functions of testdata's objchange/other are known by the
//	           facts imported below says
//	bare v     the same with no facts: nothing of other packages is known
//	status v   objchange.StatusChange over the same region: "status: why"
//	           ("no" when nothing may change the status)
//	managed v  objchange.ManagedFieldsChange over the same region:
//	           "managed fields changed: yes/no; other: why" ("no")
//	between v  Region from the body's start to the first call of done,
//	           leaving that call out, as objectupdate leaves out its Update
//	list v     the same for v a list of objects (or a slice of them)
//	summary i  Metadata's Param, of parameter i (recv: the receiver)
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

// imported is what the functions of objchange/other do to their
// parameters, as objectupdate's facts would say.
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
			switch words[0] {
			case "region", "bare", "between", "list", "summary", "status", "managed":
			default:
				continue
			}
			if words[0] == "summary" {
				arg := words[len(words)-1]
				idx := -1
				if arg != "recv" {
					var err error
					if idx, err = strconv.Atoi(arg); err != nil {
						return nil, fmt.Errorf("%s: bad marker %q", fd.Name.Name, words)
					}
				}
				report(pass, fd, ssaParam(pass, fd, idx))
				continue
			}
			v := lookupVar(pass.TypesInfo, fd, words[1])
			if v == nil {
				return nil, fmt.Errorf("%s: no variable %s", fd.Name.Name, words[1])
			}
			done := findDone(pass.TypesInfo, fd.Body)
			if words[0] == "between" || words[0] == "list" {
				if done == nil {
					return nil, fmt.Errorf("%s: no call of done", fd.Name.Name)
				}
				end := objchange.LoopEnd(fd.Body, fd.Body.Lbrace, done.Pos(), done.End())
				report(pass, fd, ssaRegion(pass, fd, v, end, done, true, true))
				continue
			}
			var end token.Pos = fd.Body.Rbrace
			var target ast.Node // nil: the whole body, every block
			if done != nil {
				end, target = done.Pos(), done
			}
			switch words[0] {
			case "managed":
				reportManaged(pass, fd, v, end, target)
			case "status":
				reportStatus(pass, fd, v, end, target)
			default:
				eff := ssaRegion(pass, fd, v, end, target, false, words[0] == "region")
				report(pass, fd, eff)
				unchangedAnswers[fd.Name.Name] = [2]bool{
					ssaRegion(pass, fd, v, end, nil, false, false).Unchanged(),
					ssaUnchanged(pass, fd, v, end),
				}
			}
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
