package fixes

import (
	"go/ast"
	"go/types"
	"slices"
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
	var child ast.Node
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil, nil
		case *ast.ForStmt, *ast.RangeStmt:
			if reload != nil {
				return nil, nil, nil
			}
		}
		list := StmtList(n)
		idx := slices.IndexFunc(list, func(s ast.Stmt) bool { return s == child })
		for i := idx - 1; i >= 0; i-- {
			if declares(info, list[i], v) {
				return nil, nil, nil
			}
			direct, other := loads(info, loadsVar, list[i], v)
			switch {
			case direct != nil && other:
				return nil, nil, nil
			case other && reload == nil:
				reload = list[i]
			case direct != nil && reload != nil:
				return list[i], direct, reload
			case direct != nil:
				return nil, nil, nil // LastLoad's case: loaded on every path
			}
		}
		if n == body {
			break
		}
		child = n
	}
	return nil, nil, nil
}
