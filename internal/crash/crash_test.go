package crash_test

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/crash"
)

// crashtest panics on every function whose name starts with "boom", the
// way a pass's bug panics on code it did not foresee, and keeps going.
var crashtest = &analysis.Analyzer{
	Name: "crashtest",
	Doc:  "test analyzer that panics on some functions",
	Run: func(pass *analysis.Pass) (any, error) {
		g := crash.New(pass, "crashtest")
		defer g.Report()
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				func() {
					defer func() {
						if p := recover(); p != nil {
							g.Record(fd.Name.Pos(), "analysing "+fd.Name.Name, p)
						}
					}()
					if strings.HasPrefix(fd.Name.Name, "boom") {
						panic("boom")
					}
				}()
			}
		}
		return nil, nil
	},
}

// TestOnePerPackage checks that two panics give one diagnostic, at the
// first one's position, counting the other.
func TestOnePerPackage(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), crashtest, "a")
}
