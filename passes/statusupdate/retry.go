package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/fixes"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// retryPath is client-go's conflict retry package.
const retryPath = "k8s.io/client-go/util/retry"

// inConflictRetry reports whether fn, the function that writes, is a
// function literal handed to client-go's retry.RetryOnConflict or
// retry.OnError. Such a write is still reported: each try reads the object
// from the cache again, which can still be behind, so the retry softens
// the 409s (a few tries, a few milliseconds apart) without preventing
// them, where a merge patch has none to retry. The message says so.
func inConflictRetry(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !isRetryFunc(reconcilepath.CalleeFunc(call.Common())) {
				continue
			}
			for _, a := range call.Common().Args {
				if a == ssa.Value(fn) {
					return true
				}
				if mc, ok := a.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
					return true
				}
			}
		}
	}
	return false
}

func isRetryFunc(f *types.Func) bool {
	if f == nil || f.Pkg() == nil || !crmodel.IsPath(f.Pkg().Path(), retryPath) {
		return false
	}
	if sig, ok := f.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return false
	}
	return f.Name() == "RetryOnConflict" || f.Name() == "OnError"
}

// retried is the clause the message adds for a write in a conflict retry
// whose closure reads the object again before writing it; retriedSame for
// one whose closure does not, where every try sends the same object.
const (
	retried     = " (the conflict retry around it reads the cache again, which softens this but does not prevent it)"
	retriedSame = " (the conflict retry around it sends the same object again, so every try fails the same way)"
)

// rereads reports whether w, a write in a function literal, writes an
// object the literal itself read on every path before the write, or a
// variable of the enclosing function that the literal reads again after
// the write, for the next try to send (openkruise's job controllers:
// a Get into a new object after a failed Update, assigned to the
// variable, or a Get into the variable itself).
func (c *checker) rereads(file *ast.File, w *reconcilepath.Write) bool {
	if w.Call == nil || len(w.Call.Args) < 2 || file == nil {
		return true // cannot tell: the clause a judged case asked for
	}
	v, _ := fixes.ObjectVar(c.pass.TypesInfo, w.Call.Args[1])
	if v == nil {
		return true
	}
	path, _ := astutil.PathEnclosingInterval(file, w.Call.Pos(), w.Call.End())
	body, _ := fixes.EnclosingFunc(path)
	if body == nil {
		return true
	}
	if load, _, _ := c.lastLoad(path, body, v); load != nil {
		return true
	}
	if v.Pos() >= body.Pos() && v.Pos() < body.End() {
		return false // the literal's own variable: a reload is gone with the try
	}
	return c.getsAfter(body, w.Call.End(), v)
}

// getsAfter reports whether body, function literals aside, reads into v
// with a Get after pos, or assigns v a variable it so reads into, or a
// deep copy of one.
func (c *checker) getsAfter(body *ast.BlockStmt, pos token.Pos, v *types.Var) bool {
	if c.loads.GetsIn(body, pos, body.End(), v) {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if u := fixes.AssignedFrom(c.pass.TypesInfo, n, v); n.Pos() >= pos && u != nil {
				found = c.loads.GetsIn(body, pos, body.End(), u)
			}
		}
		return !found
	})
	return found
}
