package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// FreeName returns want, or want2, want3, ...: the first name that is
// neither visible at pos nor spelled anywhere in body, so a variable a fix
// declares at pos shadows nothing and is shadowed by nothing. reserved, if
// not nil, rejects names that other fixes of the same run declare in body:
// fixes are computed against the original source but applied together.
func FreeName(pkg *types.Package, body *ast.BlockStmt, pos token.Pos, want string, reserved func(string) bool) string {
	used := make(map[string]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	var scope *types.Scope
	if pkg != nil {
		scope = pkg.Scope().Innermost(pos)
	}
	for i := 1; ; i++ {
		name := want
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if used[name] || (reserved != nil && reserved(name)) {
			continue
		}
		if scope != nil {
			if _, obj := scope.LookupParent(name, pos); obj != nil {
				continue
			}
		}
		return name
	}
}
