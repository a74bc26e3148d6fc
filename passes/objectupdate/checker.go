package objectupdate

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// What an Update sends is what changed in the object since its load. The
// pass reports only when every change can be seen and is to the
// metadata's labels, annotations, owner references or finalizers:
// internal/objchange classifies each use of the object between its load
// and the Update (and in the package's functions it is handed to), and
// this pass's ChangesParams facts say what other packages' functions do.

// checker holds the pass's state for a package.
type checker struct {
	pass *analysis.Pass
	info *types.Info
	m    *crmodel.Model
	// view is the reachability analysis of the files being checked: the
	// production files' for an Update in one, every file's for one in a
	// test file. Its files are those whose calls of a helper count
	// (callsOf); its SSA is what the fixes ask about copies.
	view  *reconcilepath.Result
	files []*ast.File
	// starts stands for the start of a block where a fix copies the
	// object (see startOf).
	starts map[*ast.BlockStmt]ast.Stmt
	// inCallers is set while fromCallers follows a helper's callers:
	// they are not followed further.
	inCallers bool
	// metadata holds the areas question's answers on each view's SSA
	// (metadataOf).
	metadata map[*reconcilepath.Result]*objchange.Metadata
}

func newChecker(pass *analysis.Pass, m *crmodel.Model) *checker {
	return &checker{pass: pass, info: pass.TypesInfo, m: m, starts: make(map[*ast.BlockStmt]ast.Stmt), metadata: make(map[*reconcilepath.Result]*objchange.Metadata)}
}
