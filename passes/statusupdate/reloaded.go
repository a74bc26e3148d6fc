package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
)

// A write that some paths load the object again before has no one load
// to snapshot after. The snapshot can go right after the last statement
// that loads it on some paths (reload) instead, when that is as good as
// the snapshot at the load on every path: the merge patch sends what
// changed between the snapshot and the write, so a snapshot after reload
// misses exactly the status changes made from the load to the end of
// reload. That holds when nothing there can change the status, but the
// reloads themselves (a Get, or a write whose answer is decoded into the
// object, leave it as the API server has it: what a snapshot should hold).
// Changes of the metadata or the spec there do not matter: the status
// subresource ignores them either way. internal/objchange decides it, in
// status mode, as conservatively as objectupdate decides what an Update
// sends. Only after a Get: after a write, the object is fresh on the paths
// that do not reload, and that is still reported as it always was.

// afterReloads returns, for v, written at the node path starts with, the
// load whose snapshot moves, the reload to snapshot after, and the load's
// call; nils and the reason (to add to the LoadedAgain one) when the move
// is not safe, or nils and no reason when there is no such pair.
func (c *checker) afterReloads(path []ast.Node, body *ast.BlockStmt, v *types.Var) (load ast.Stmt, loadCall *ast.CallExpr, reload ast.Stmt, reason string) {
	load, loadCall, reload = fixes.LastLoadBeforeReloads(c.pass.TypesInfo, c.loads.LoadsVar, path, body, v)
	if load == nil || !c.loads.IsGet(loadCall) {
		return nil, nil, nil, ""
	}
	if c.changes == nil {
		c.changes = objchange.New(c.pass, c.res.Model, objchange.Options{Status: true, Imported: c.metadataOnly})
	}
	eff := c.changes.Region(body, loadCall.End(), reload.End(), path[0], v)
	if eff.Blocked != "" {
		return nil, nil, nil, fmt.Sprintf("; a snapshot after the last of them could miss a status change: %s (line %d)",
			eff.Blocked, c.pass.Fset.Position(eff.At).Line)
	}
	return load, loadCall, reload, ""
}

// metadataOnly answers, for the status question, what a function the
// pass cannot look into (an interface method, or another package's
// function) does to an object handed to it as an interface whose methods
// are all apimachinery's metav1.Object, runtime.Object and
// schema.ObjectKind methods (metav1.Object, client.Object): through them
// it reaches the metadata and the type, never the status, so the
// hand-over changes nothing a status snapshot is for (agent-sandbox's
// Tracer.StartSpan(ctx, sandbox, ...) between the Get and a metadata
// Patch). objchange already takes runtime.Object the same way, an event
// recorder's parameter; neither counts a type assertion back to the
// object's own type. Any other parameter type (the object's own pointer,
// the empty interface, an interface with a method of another package)
// is not answered here, and still rules the snapshot's move out, as do
// function values. The package's own functions are not answered either:
// objchange follows their bodies.
func (c *checker) metadataOnly(fn *types.Func, idx int) (objchange.ParamChanges, bool) {
	if fn == nil || idx < 0 {
		return objchange.ParamChanges{}, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return objchange.ParamChanges{}, false
	}
	abstract := sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
	if fn.Pkg() == c.pass.Pkg && !abstract {
		return objchange.ParamChanges{}, false
	}
	n := sig.Params().Len()
	var t types.Type
	switch {
	case sig.Variadic() && idx >= n-1:
		if s, ok := sig.Params().At(n - 1).Type().(*types.Slice); ok {
			t = s.Elem()
		}
	case idx < n:
		t = sig.Params().At(idx).Type()
	}
	if t == nil || !objchange.ObjectInterface(t, true) {
		return objchange.ParamChanges{}, false
	}
	return objchange.ParamChanges{Index: idx}, true
}
