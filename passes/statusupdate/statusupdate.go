package statusupdate

import (
	"fmt"
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reach"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "statusupdate"

// Config is the pass's configuration.
type Config struct {
	// Roots matches the go/types full names of extra functions to treat as
	// Reconcile methods, for frameworks that wrap reconcilers, such as
	// (*example.com/op/framework.Loop).Run.
	Roots reach.Pattern `json:"roots"`
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reach.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      doc,
		URL:      "https://github.com/statuslint/statuslint/blob/main/docs/statusupdate.md",
		Requires: []*analysis.Analyzer{r},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
	}
	a.Flags.Var(&cfg.Roots, "roots", "regexp over full names of extra functions to treat as Reconcile roots, e.g. (*example.com/op/framework.Loop).Run")
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

const why = "a stale cached resourceVersion makes it fail with 409 Conflict"

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	rep := ignore.New(pass, Name)
	defer rep.Close()
	res, _ := pass.ResultOf[r].(*reach.Result)
	if res == nil || res.Model == nil {
		return nil, nil
	}
	names := newSnapshotNames()
	for _, w := range res.Writes {
		if w.Verb != "Update" || !res.Reachable(w.Fn) {
			continue
		}
		file := fileOf(pass, w.Node)
		if ignore.SkipFile(pass, file, cfg.Tests) {
			continue // generated code is fixed in its generator; tests hold fakes
		}
		path := strings.Join(res.Path(w.Fn), " → ")
		if w.External != nil {
			rep.Report(analysis.Diagnostic{
				Pos: w.Node.Pos(),
				End: w.Node.End(),
				Message: fmt.Sprintf("status written with Update in the reconcile path (%s → %s at %s); %s: patch the status in %s instead",
					path, strings.Join(w.External.Chain, " → "), w.External.At, why, w.ExternalName),
			})
			continue
		}
		d := analysis.Diagnostic{
			Pos:     w.Node.Pos(),
			End:     w.Node.End(),
			Message: fmt.Sprintf("status written with Update in the reconcile path (%s); %s: patch the status instead", path, why),
		}
		fix, reason, fresh := suggestFix(pass, res, file, w, names)
		if fresh {
			continue
		}
		if fix != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		} else {
			d.Message += " (no suggested fix: " + reason + ")"
		}
		rep.Report(d)
	}
	return nil, nil
}

// fileOf returns the file containing n.
func fileOf(pass *analysis.Pass, n ast.Node) *ast.File {
	if n == nil {
		return nil
	}
	for _, f := range pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() <= f.FileEnd {
			return f
		}
	}
	return nil
}
