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
	return freeNameIn(pkg, body, pos, body.Pos(), body.End(), []string{want}, func(name string, _, _ token.Pos) bool {
		return reserved != nil && reserved(name)
	})
}

// freeNameIn returns the first of wants, or else wants[0] numbered from 2,
// that is neither visible at pos nor spelled in body between from and to,
// the range in which a variable a fix declares at pos is in scope, and
// that reserved does not report declared by another fix in that range.
func freeNameIn(pkg *types.Package, body *ast.BlockStmt, pos, from, to token.Pos, wants []string, reserved func(name string, from, to token.Pos) bool) string {
	used := make(map[string]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && from <= id.Pos() && id.Pos() < to {
			used[id.Name] = true
		}
		return true
	})
	var scope *types.Scope
	if pkg != nil {
		scope = pkg.Scope().Innermost(pos)
	}
	free := func(name string) bool {
		if used[name] || reserved(name, from, to) {
			return false
		}
		if scope != nil {
			if _, obj := scope.LookupParent(name, pos); obj != nil {
				return false
			}
		}
		return true
	}
	for _, name := range wants {
		if free(name) {
			return name
		}
	}
	for i := 2; ; i++ {
		if name := wants[0] + strconv.Itoa(i); free(name) {
			return name
		}
	}
}
