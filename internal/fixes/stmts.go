package fixes

import "go/ast"

// StmtList returns the statement list a node holds: a block's, or a case
// or select clause's body; nil for any other node.
func StmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}
