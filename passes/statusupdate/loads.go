package statusupdate

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
)

// objectLoads is the pass's model of which calls leave an object as the
// API server has it (fixes.ObjectLoads), other packages' functions read
// from their LeavesWritten facts.
type objectLoads = fixes.ObjectLoads

func newObjectLoads(pass *analysis.Pass, m *crmodel.Model) *objectLoads {
	return fixes.NewObjectLoads(pass, m, func(fn *types.Func) []int {
		var fact LeavesWritten
		if pass.ImportObjectFact(fn, &fact) {
			return fact.Params
		}
		return nil
	})
}
