package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "statusupdate"

// Config is the pass's configuration.
type Config struct {
	// Roots matches the go/types full names of extra functions to treat as
	// Reconcile methods, for frameworks that wrap reconcilers, such as
	// (*example.com/op/framework.Loop).Run.
	Roots reconcilepath.Pattern `json:"roots"`
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// Validate reports a setting of cfg that is not valid. None can be: Roots
// is a Pattern, valid by construction (see reconcilepath.Config.Validate).
func (cfg *Config) Validate() error { return nil }

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reconcilepath.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      doc,
		URL:      "https://github.com/statuslint/statuslint/blob/main/docs/statusupdate.md",
		Requires: []*analysis.Analyzer{r, ignore.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
		// FreshThrough is exported only where reach builds SSA.
		FactTypes: []analysis.Fact{(*FreshThrough)(nil), (*LeavesWritten)(nil), (*PatchesFrom)(nil), (*CallsBeforeReturn)(nil)},
	}
	a.Flags.Var(&cfg.Roots, "roots", "regexp over full names of extra functions to treat as Reconcile roots, e.g. (*example.com/op/framework.Loop).Run")
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

const why = "a stale cached resourceVersion makes it fail with 409 Conflict"

// checker holds the pass's state for a package.
type checker struct {
	pass *analysis.Pass
	// res is the reachability analysis the writes are judged by: the
	// production files', or, while check looks at the writes in _test.go
	// files, the Result with tests.
	res *reconcilepath.Result
	// loads is the pass's model of which calls leave an object as the
	// API server has it (fixes.ObjectLoads), other packages' functions
	// read from their LeavesWritten facts.
	loads *fixes.ObjectLoads
	// snaps are the names the package's fixes and siblings give their
	// snapshots, so that fixes applied together agree (fixes.Snapshots).
	snaps *fixes.Snapshots
	// callbacks says which function literals run inside the call they
	// are made for (callbacks.synchronous).
	callbacks *callbacks
	rep       *ignore.Reporter
	probe     *reportProbe
}

func newChecker(pass *analysis.Pass, res *reconcilepath.Result, rep *ignore.Reporter, probe *reportProbe) *checker {
	c := &checker{pass: pass, res: res, snaps: fixes.NewSnapshots(), callbacks: newCallbacks(pass, res), rep: rep, probe: probe}
	c.loads = fixes.NewObjectLoads(pass, res, c.leavesWritten)
	return c
}

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	rep, probe := newProbedReporter(pass)
	defer rep.Close()
	res, _ := pass.ResultOf[r].(*reconcilepath.Result)
	if res == nil || res.Model == nil {
		return nil, nil
	}
	c := newChecker(pass, res, rep, probe)
	c.check(false)
	if cfg.Tests {
		// Test code, checked as code of its own: with the evidence of
		// the test files, for the writes in them only.
		if all := res.Tests(); all != res {
			c.res, c.loads.Res = all, all
			c.check(true)
			c.res, c.loads.Res = res, res
		}
	}
	c.exportFreshness()
	c.exportWritten()
	c.exportSiblings()
	c.callbacks.export()
	return nil, nil
}

// check reports the writes of c.res: those in production files, which are
// all it has unless it is the Result with tests; with tests set, those in
// _test.go files only.
func (c *checker) check(tests bool) {
	pass, res := c.pass, c.res
	var external []*reconcilepath.Write
	for _, w := range res.Writes {
		if w.Verb != "Update" || !res.Reachable(w.Fn) {
			continue
		}
		file := c.fileOf(w.Node)
		if ignore.OutsideCheck(pass, file, tests) {
			continue // generated code is fixed in its generator; tests hold fakes
		}
		if w.External != nil {
			if fresh, cond := c.freshCall(w, nil); !fresh || !cond.empty() {
				external = append(external, w)
			}
			continue
		}
		if c.readFresh(w) {
			continue // just read from the API server: no cached resourceVersion
		}
		clause := ""
		if inConflictRetry(w.Fn) {
			clause = retried
			if !c.rereads(file, w) {
				clause = retriedSame
			}
		}
		// The path is related information, a location per step.
		d := analysis.Diagnostic{
			Pos:     w.Node.Pos(),
			End:     w.Node.End(),
			Message: fmt.Sprintf("status written with Update in the reconcile path; %s%s: patch the status instead", why, clause),
			Related: res.PathRelated(w.Fn, pass.Pkg),
		}
		fix, reason, fresh := c.suggestFix(file, w)
		if fresh {
			continue
		}
		if fix != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		} else {
			d.Message += " (no suggested fix: " + reason + ")"
		}
		c.rep.Report(d)
	}
	c.reportExternal(external)
}

// fileOf returns the file containing n.
func (c *checker) fileOf(n ast.Node) *ast.File {
	if n == nil {
		return nil
	}
	return fixes.FileOf(c.pass, n.Pos())
}

// position is file:line of pos, the file's base name.
func (c *checker) position(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", p.Filename[strings.LastIndexAny(p.Filename, `/\`)+1:], p.Line)
}
