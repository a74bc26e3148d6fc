package fixes

import (
	"go/ast"
	"go/build/constraint"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
)

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

// BuildConstrained reports whether file, of fset, has a build constraint
// (a //go:build or // +build line before its package clause, or a name
// ending in _GOOS or _GOARCH): a declaration a fix adds there is missing
// from the builds the file is not in.
func BuildConstrained(fset *token.FileSet, file *ast.File) bool {
	if tf := fset.File(file.Pos()); tf != nil {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(tf.Name()), ".go"), "_test")
		parts := strings.Split(name, "_")
		for _, p := range parts[1:] {
			if slices.Contains(knownOS, p) || slices.Contains(knownArch, p) {
				return true
			}
		}
	}
	for _, g := range file.Comments {
		if g.Pos() >= file.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) || constraint.IsPlusBuild(c.Text) {
				return true
			}
		}
	}
	return false
}

// knownOS and knownArch are the GOOS and GOARCH values a file name's
// suffix can constrain the build to (go tool dist list, and the names go
// reserves).
var (
	knownOS   = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "arm64", "arm64be", "armbe", "loong64", "mips", "mips64", "mips64le", "mips64p32", "mips64p32le", "mipsle", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
)
