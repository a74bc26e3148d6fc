package objchange_test

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// reportStatus asks objchange.StatusChange whether anything in fd's body
// before end, on the way to target, may change the status of v, one of
// its parameters, and reports the answer at fd's name ("status: why") and
// where the reason is ("blocked here").
func reportStatus(pass *analysis.Pass, fd *ast.FuncDecl, v *types.Var, end token.Pos, target ast.Node) {
	res := pass.ResultOf[reach].(*reconcilepath.Result)
	fn := res.Func(fd)
	var obj ssa.Value
	if fn != nil {
		for _, p := range fn.Params {
			if p.Object() == v {
				obj = objchange.ObjectOf(p)
			}
		}
	}
	if obj == nil {
		pass.Reportf(fd.Name.Pos(), "status: %s is not a parameter in the SSA", v.Name())
		return
	}
	why, at := objchange.StatusChange(res, fn, obj, v.Name(), fd.Body.Lbrace, end, target)
	if why == "" {
		why = "no"
	} else if at.IsValid() {
		pass.Reportf(at, "blocked here")
	} else {
		why += " (at no position)"
	}
	pass.Reportf(fd.Name.Pos(), "status: %s", why)
}
