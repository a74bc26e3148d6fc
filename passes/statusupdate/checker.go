package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// checker holds the pass's state for a package.
type checker struct {
	pass *analysis.Pass
	// res is the reachability analysis the writes are judged by: the
	// production files', or, while check looks at the writes in _test.go
	// files, the Result with tests.
	res *reconcilepath.Result
	// loads is the pass's model of which calls leave an object as the
	// API server has it (fixes.ObjectLoads), other packages' functions
	// read from their LeavesWritten facts.
	loads *fixes.ObjectLoads
	// snaps remembers the names the package's fixes give their snapshots
	// (fixes.Snapshots: two fixes in one function that snapshot after
	// different loads declare different variables when applied together,
	// and the snapshot parameters helpers gain, so that the fixes of a
	// helper's several writes add the same one); the siblings share them.
	snaps *fixes.Snapshots
	// changes is the status-mode classification of afterReloads, made
	// when first needed.
	changes *objchange.Checker
	// callbacks says which function literals run inside the call they
	// are made for (callbacks.synchronous).
	callbacks *callbacks
	rep       *ignore.Reporter
	probe     *reportProbe
}

func newChecker(pass *analysis.Pass, res *reconcilepath.Result, rep *ignore.Reporter, probe *reportProbe) *checker {
	c := &checker{pass: pass, res: res, snaps: fixes.NewSnapshots(), callbacks: newCallbacks(pass, res), rep: rep, probe: probe}
	c.loads = fixes.NewObjectLoads(pass, res.Model, c.leavesWritten)
	return c
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

// fileOf returns the file containing n.
func (c *checker) fileOf(n ast.Node) *ast.File {
	if n == nil {
		return nil
	}
	return fixes.FileOf(c.pass, n.Pos())
}

// position is file:line of pos, the file's base name.
func (c *checker) position(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", baseName(p.Filename), p.Line)
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
