package statusupdate

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
)

// objectLoads tells which calls leave an object as the API server has it:
// controller-runtime's Get, and Create, Update and Patch, which decode the
// server's answer into the object (crmodel's LoadedObject); and the
// package's own functions that write an object parameter so on every path
// to every return, so that a status Update after a call of a helper that
// updated the object is known to be fresh; and other packages' functions
// with a LeavesWritten fact, which say the same.
type objectLoads struct {
	pass *analysis.Pass
	m    *crmodel.Model
	info *types.Info
	// writes maps a function of the package to the indices of the object
	// parameters it leaves written.
	writes map[*types.Func][]int
}

// helperRounds is how deep helpers calling helpers are summarised.
const helperRounds = 2

func newObjectLoads(pass *analysis.Pass, m *crmodel.Model) *objectLoads {
	ol := &objectLoads{pass: pass, m: m, info: pass.TypesInfo, writes: make(map[*types.Func][]int)}
	for round := 0; round < helperRounds; round++ {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				decl, ok := d.(*ast.FuncDecl)
				if !ok || decl.Body == nil || decl.Type.Results == nil {
					continue
				}
				fn, ok := ol.info.Defs[decl.Name].(*types.Func)
				if !ok {
					continue
				}
				params := fn.Type().(*types.Signature).Params()
				var written map[*types.Var]bool
				for i := 0; i < params.Len(); i++ {
					if slices.Contains(ol.writes[fn], i) {
						continue
					}
					if written == nil {
						written = ol.writtenVars(decl.Body)
					}
					if written[params.At(i)] && ol.leavesWritten(f, decl, params.At(i)) {
						ol.writes[fn] = append(ol.writes[fn], i)
					}
				}
			}
		}
	}
	return ol
}

// leavesWritten reports whether every return of decl comes after, or
// makes, a write of v (Create, Update, Patch), and decl never reads into v
// or assigns it.
func (ol *objectLoads) leavesWritten(file *ast.File, decl *ast.FuncDecl, v *types.Var) bool {
	list := decl.Body.List
	if len(list) == 0 || fixes.Reloads(ol.m, ol.info, decl.Body, v) {
		return false
	}
	if _, ok := list[len(list)-1].(*ast.ReturnStmt); !ok {
		return false // falls off the end, or ends in a loop or a panic
	}
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if !ol.returnsWritten(file, decl.Body, n, v) {
				ok = false
			}
			return false
		}
		return ok
	})
	return ok
}

// returnsWritten reports whether ret makes a write of v, or comes after one
// on every path.
func (ol *objectLoads) returnsWritten(file *ast.File, body *ast.BlockStmt, ret *ast.ReturnStmt, v *types.Var) bool {
	for _, r := range ret.Results {
		if ol.writesIn(r, v) {
			return true
		}
	}
	path, _ := astutil.PathEnclosingInterval(file, ret.Pos(), ret.End())
	// if err := r.Update(ctx, w); err != nil { return err }: the return
	// comes after the write in the if statement's header.
	for _, n := range path {
		if n == body {
			break
		}
		if ifs, ok := n.(*ast.IfStmt); ok {
			for _, h := range []ast.Node{ifs.Init, ifs.Cond} {
				if h != nil && ol.writesIn(h, v) {
					return true
				}
			}
		}
	}
	_, load, _ := lastLoad(ol, path, body, v)
	return load != nil && !ol.isGet(load)
}

// writtenVars returns the variables that some call in n writes (loadsVar
// without Get). A parameter outside it cannot be left written, and most
// parameters are: this spares leavesWritten's walks of the body for them.
func (ol *objectLoads) writtenVars(n ast.Node) map[*types.Var]bool {
	vars := make(map[*types.Var]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || ol.isGet(call) {
			return true
		}
		if obj := ol.m.LoadedObject(ol.info, call); obj != nil {
			if u, _ := fixes.ObjectVar(ol.info, obj); u != nil {
				vars[u] = true
			}
		}
		for _, i := range ol.written(crmodel.CalledFunc(ol.info, call)) {
			if i < len(call.Args) {
				if u, _ := fixes.ObjectVar(ol.info, call.Args[i]); u != nil {
					vars[u] = true
				}
			}
		}
		return true
	})
	return vars
}

// writesIn reports whether n, function literals aside, calls a write of v.
func (ol *objectLoads) writesIn(n ast.Node, v *types.Var) bool {
	writes := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if ol.loadsVar(n, v) && !ol.isGet(n) {
				writes = true
			}
		}
		return !writes
	})
	return writes
}

// loadsVar reports whether call leaves the object v names as the API
// server has it.
func (ol *objectLoads) loadsVar(call *ast.CallExpr, v *types.Var) bool {
	if obj := ol.m.LoadedObject(ol.info, call); obj != nil {
		u, _ := fixes.ObjectVar(ol.info, obj)
		return u == v
	}
	for _, i := range ol.written(crmodel.CalledFunc(ol.info, call)) {
		if i < len(call.Args) {
			if u, _ := fixes.ObjectVar(ol.info, call.Args[i]); u == v {
				return true
			}
		}
	}
	return false
}

// written returns the indices of the object parameters fn leaves written:
// from the package's own summary, or from another package's fact.
func (ol *objectLoads) written(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	fn = fn.Origin() // facts sit on the generic declaration
	if fn.Pkg() == ol.pass.Pkg {
		return ol.writes[fn]
	}
	var fact LeavesWritten
	if fn.Pkg() != nil && ol.pass.ImportObjectFact(fn, &fact) {
		return fact.Params
	}
	return nil
}

// isGet reports whether call is controller-runtime's Get: a read, which
// may come from the cache; every other load is a write.
func (ol *objectLoads) isGet(call *ast.CallExpr) bool {
	fn, _ := crmodel.MethodCall(ol.info, call)
	return fn != nil && fn.Name() == "Get" && ol.m.LoadedObject(ol.info, call) != nil
}
