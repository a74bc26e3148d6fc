package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/statuslint/statuslint/internal/fixes"
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
// subresource ignores them either way. internal/objchange decides it on
// SSA (StatusChange), conservatively: what it cannot see through is a
// reason. Only after a Get: after a write, the object is fresh on the paths
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
	if why, at := c.loads.StatusChange(path, loadCall, reload.End(), path[0], v); why != "" {
		return nil, nil, nil, fmt.Sprintf("; a snapshot after the last of them could miss a status change: %s (line %d)",
			why, c.pass.Fset.Position(at).Line)
	}
	return load, loadCall, reload, ""
}
