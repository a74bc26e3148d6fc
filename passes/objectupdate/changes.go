package objectupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// What the statements between an object's load and a call do to it is
// internal/objchange's areas question (objchange.Metadata), asked on the
// SSA of the view being checked. origin.go finds the load on the AST, as
// the fix needs statements; the questions below turn its variables and
// statements into the SSA values and positions the question takes.

// between is what the statements of body from start (the end of the
// load) to call do to the object v holds there, the call itself left out:
// when call is in a loop that does not hold start, the rest of the loop
// runs before its next pass, so the region runs to the loop's end. The
// statements in dead are left out too: v holds no object after them
// (nilpath.go), so nothing they do reaches the call.
func (c *checker) between(body *ast.BlockStmt, start token.Pos, call *ast.CallExpr, v *types.Var, dead ...ast.Node) objchange.Effect {
	end := objchange.LoopEnd(body, start, call.Pos(), call.End())
	return c.changes(body, start, end, call, true, v, dead)
}

// region is what the statements of body from start to end do to the
// object v holds, on the way to at, a call after end: a block from which
// at cannot be reached does not count. The statements in dead are left
// out, as in between.
func (c *checker) region(body *ast.BlockStmt, start, end token.Pos, at *ast.CallExpr, v *types.Var, dead ...ast.Node) objchange.Effect {
	return c.changes(body, start, end, at, false, v, dead)
}

// changes asks the areas question of the view's SSA; leaveAt leaves the
// call at out. v is a variable holding an object or a list of them (or a
// slice of objects): what is done to any item of a list counts as done to
// each.
func (c *checker) changes(body *ast.BlockStmt, start, end token.Pos, at *ast.CallExpr, leaveAt bool, v *types.Var, dead []ast.Node) objchange.Effect {
	instr := c.view.CallInstr(at)
	if instr == nil {
		return objchange.Effect{Blocked: "the call is not in the SSA", At: at.Pos()}
	}
	fn := instr.Parent()
	root := c.rootOf(fn, body, v, at)
	if root == nil {
		return objchange.Effect{Blocked: v.Name() + " is not found in the SSA", At: at.Pos()}
	}
	leave := func(i ssa.Instruction, pos token.Pos) bool {
		if leaveAt && i == instr {
			return true
		}
		return slices.ContainsFunc(dead, func(n ast.Node) bool { return within(n, pos) })
	}
	return c.metadataOf(c.view).Region(fn, root, v.Name(), start, end, at, leave)
}

// metadataOf returns the areas question's answers on res's SSA.
func (c *checker) metadataOf(res *reconcilepath.Result) *objchange.Metadata {
	md, ok := c.metadata[res]
	if !ok {
		md = objchange.NewMetadata(res, c.imported)
		c.metadata[res] = md
	}
	return md
}

// rootOf returns the object v holds in fn, as objchange.ObjectOf names
// it, for a question that ends at the call at: a parameter or a variable
// SSA keeps in memory is one place; a variable SSA keeps in registers is
// what it holds where a call hands it over, at itself first, else the
// last such call before at in body (origin.go has made sure that, from
// the question's start to at, v holds one object).
func (c *checker) rootOf(fn *ssa.Function, body *ast.BlockStmt, v *types.Var, at *ast.CallExpr) ssa.Value {
	if r := objchange.VarObject(fn, v); r != nil {
		return r
	}
	if val := c.valueAt(at, v); val != nil {
		return objchange.ObjectOf(val)
	}
	var last *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if ok && call.Pos() < at.Pos() && (last == nil || call.Pos() > last.Pos()) && c.valueAt(call, v) != nil {
			last = call
		}
		return true
	})
	if last == nil {
		return nil
	}
	return objchange.ObjectOf(c.valueAt(last, v))
}

// valueAt returns the SSA value call hands over as v, or nil.
func (c *checker) valueAt(call *ast.CallExpr, v *types.Var) ssa.Value {
	return fixes.HandedValue(c.view, c.info, call, v)
}
