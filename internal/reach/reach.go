// Package reach finds which functions of a package can reach a
// controller-runtime status write, and which of them are reconcile roots.
package reach

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// Result is what the reach analyzer hands to the passes.
type Result struct{}

// New returns the reachability analyzer. roots matches extra root
// functions; tests makes _test.go files count.
func New(roots *Pattern, tests *bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "statuslintreach",
		Doc:        "find functions that reach controller-runtime status writes from reconcile roots (internal to statuslint)",
		Run:        func(pass *analysis.Pass) (any, error) { return &Result{}, nil },
		ResultType: reflect.TypeOf((*Result)(nil)),
	}
}
