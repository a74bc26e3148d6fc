package fixes

import (
	"go/ast"
	"go/types"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// LastLoadBeforeReloads is LastLoad for a write that some paths load v
// again before (LoadedAgain). Walking out from the write the same way,
// reload is the nearest earlier statement that loads or assigns v on some
// paths, and load the nearest statement before it that loads v on every
// path, by loadCall. A snapshot right after reload fits every path only if
// nothing from load to the end of reload changes what the snapshot is for;
// the caller decides that. All are nil when there is no such pair, when
// reload is in a loop that load is not in (the statements after reload
// would run again before it), or when a statement loads v both on every
// path and again on some.
func LastLoadBeforeReloads(info *types.Info, loadsVar func(*ast.CallExpr, *types.Var) bool, path []ast.Node, body *ast.BlockStmt, v *types.Var) (load ast.Stmt, loadCall *ast.CallExpr, reload ast.Stmt) {
	WalkBack(path, body, func(n ast.Node, s ast.Stmt) bool {
		if s == nil {
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				if reload != nil {
					reload = nil
					return false
				}
			}
			return true
		}
		if c := assignedRead(info, s, v, func(call *ast.CallExpr) bool { return crmodel.IsTypedClientGet(info, call) }); c != nil {
			if reload != nil {
				load, loadCall = s, c
			}
			return false
		}
		if declares(info, s, v) {
			reload = nil
			return false
		}
		direct, other := loads(info, loadsVar, s, v)
		switch {
		case direct != nil && other:
			reload = nil
			return false
		case other && reload == nil:
			reload = s
		case direct != nil && reload != nil:
			load, loadCall = s, direct
			return false
		case direct != nil:
			reload = nil // LastLoad's case: loaded on every path
			return false
		}
		return true
	})
	if load == nil {
		return nil, nil, nil
	}
	return load, loadCall, reload
}
