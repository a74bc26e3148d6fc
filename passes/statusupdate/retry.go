package statusupdate

import (
	"go/ast"
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
// object the literal itself read on every path before the write.
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
	load, _, _ := c.lastLoad(path, body, v)
	return load != nil
}
