package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
)

// LeavesWritten is the fact attached to an exported function or method
// that writes (Create, Update, Patch) the objects in its parameters
// Params (indices, the receiver not counted) on every path to every
// return, and never reads into them: after a call, the caller holds them
// as the API server answered.
type LeavesWritten struct {
	Params []int
}

func (*LeavesWritten) AFact() {}

func (f *LeavesWritten) String() string {
	return "leaves parameters " + indices(f.Params) + " written"
}

// leavesWritten returns the object parameters another package's fn leaves
// written, from its LeavesWritten fact.
func (c *checker) leavesWritten(fn *types.Func) []int {
	var fact LeavesWritten
	if c.pass.ImportObjectFact(fn, &fact) {
		return fact.Params
	}
	return nil
}

// exportWritten marks the package's exported functions and methods that
// leave object parameters written (see checker.loads), for the packages
// that call them.
func (c *checker) exportWritten() {
	pass := c.pass
	for fn, params := range c.loads.Writes {
		if !fn.Exported() || fn.Pkg() != pass.Pkg || len(params) == 0 {
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && !exportedNamed(recv.Type()) {
			continue // a method of an unexported type: no other package calls it by name
		}
		if ignore.IsTestFile(pass.Fset, fn.Pos()) {
			continue
		}
		ps := slices.Clone(params)
		slices.Sort(ps)
		pass.ExportObjectFact(fn, &LeavesWritten{Params: ps})
	}
}

// exportedNamed reports whether t, a receiver type, is an exported named
// type or a pointer to one.
func exportedNamed(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}

// lastLoad is fixes.LastLoad with the pass's loads (Gets, and calls of the
// package's helpers that leave the object written) and its advice for a
// function literal.
func (c *checker) lastLoad(path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, string) {
	load, call, problem := c.loads.LastLoad(path, body, v)
	reason := problem.Reason(v.Name())
	if problem == fixes.NotLoadedInLiteral {
		reason += "; snapshot it where it is loaded and patch with client.MergeFrom"
	}
	return load, call, reason
}

// loadedElsewhere reports whether body, function literals included, reads
// into v (a Get) anywhere but at load, or assigns v. When the snapshot goes
// after reload (see afterReloads), what the statements from loadStmt to
// reload do is known not to matter, and they are left out.
func (c *checker) loadedElsewhere(body *ast.BlockStmt, v *types.Var, load *ast.CallExpr, loadStmt, reload ast.Stmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if reload != nil && n != nil && loadStmt.Pos() <= n.Pos() && n.End() <= reload.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if n != load && c.loads.LoadsVar(n, v) && c.loads.IsGet(n) {
				found = true
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func indices(idx []int) string {
	s := make([]string, len(idx))
	for i, p := range idx {
		s[i] = fmt.Sprint(p)
	}
	return strings.Join(s, ", ")
}
