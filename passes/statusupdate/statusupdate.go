package statusupdate

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

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
			c.res = all
			c.check(true)
			c.res = res
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

// reportExternal reports each write of another package once: at the call,
// among those of this package that reach it, nearest a reconcile root,
// naming the others as related information. One helper's write is one
// mistake however many reconcile paths lead to it; a finding per call
// buried it under copies. A call silenced by a directive is left out of
// the group, so a directive keeps silencing exactly the call it is on.
func (c *checker) reportExternal(writes []*reconcilepath.Write) {
	pass, res := c.pass, c.res
	var keys []string
	groups := make(map[string][]*reconcilepath.Write)
	for _, w := range writes {
		key := w.External.WriteKey()
		if c.probe.silenced(c.rep, analysis.Diagnostic{Pos: w.Node.Pos(), End: w.Node.End(), Message: key}) {
			continue
		}
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], w)
	}
	for _, key := range keys {
		group := groups[key] // in source order
		kept := group[0]
		for _, w := range group[1:] {
			if len(res.Path(w.Fn)) < len(res.Path(kept.Fn)) {
				kept = w
			}
		}
		reached := ""
		if len(group) > 1 {
			reached = fmt.Sprintf(" (%d calls in this package reach it)", len(group))
		}
		// The retry clause only when every call is in a conflict retry:
		// one that is not is not softened.
		clause := retried
		for _, w := range group {
			if !inConflictRetry(w.Fn) {
				clause = ""
			}
		}
		// The reconcile path to the call and the chain in the other
		// package are related information: the path a location per step,
		// the chain, which the fact names without positions, at the call.
		d := analysis.Diagnostic{
			Pos: kept.Node.Pos(),
			End: kept.Node.End(),
			Message: fmt.Sprintf("status written with Update in the reconcile path, in another package%s; %s%s: patch the status in %s instead",
				reached, why, clause, kept.ExternalName),
			Related: res.PathRelated(kept.Fn, pass.Pkg),
		}
		d.Related = append(d.Related, analysis.RelatedInformation{
			Pos:     kept.Node.Pos(),
			End:     kept.Node.End(),
			Message: externalStep(pass.Pkg, kept),
		})
		for _, w := range group {
			if w == kept {
				continue
			}
			d.Related = append(d.Related, analysis.RelatedInformation{
				Pos: w.Node.Pos(),
				End: w.Node.End(),
				Message: fmt.Sprintf("this call reaches the same write (%s → %s at %s)",
					strings.Join(res.Path(w.Fn), " → "), strings.Join(w.External.Chain, " → "), w.External.At),
			})
		}
		fix, note := c.externalFix(group)
		d.Message += " (" + note + ")"
		if fix != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		}
		c.probe.pass(d)
	}
}

// externalStep words the last step of the path to a write in another
// package: the call in this package, and the chain the callee's fact
// names down to the write, "markReady calls helpers.SetReady →
// helpers.update, which updates the status at helpers.go:19".
func externalStep(pkg *types.Package, w *reconcilepath.Write) string {
	return fmt.Sprintf("%s calls %s, which updates the status at %s",
		reconcilepath.DisplayName(w.Fn, pkg), strings.Join(w.External.Chain, " → "), w.External.At)
}

// reportProbe sits between the ignore reporter and the pass, so that the
// pass can ask whether a directive silences a position (marking the
// directive used) without reporting anything there.
type reportProbe struct {
	report           func(analysis.Diagnostic)
	probing, reached bool
}

// newProbedReporter returns the pass's directive-aware reporter and the
// probe that reporter reports through.
func newProbedReporter(pass *analysis.Pass) (*ignore.Reporter, *reportProbe) {
	probe := &reportProbe{report: pass.Report}
	probed := *pass
	probed.Report = func(d analysis.Diagnostic) {
		if probe.probing {
			probe.reached = true
			return
		}
		probe.report(d)
	}
	return ignore.New(&probed, Name), probe
}

// silenced reports whether a directive silences d.
func (p *reportProbe) silenced(rep *ignore.Reporter, d analysis.Diagnostic) bool {
	p.probing, p.reached = true, false
	rep.Report(d)
	p.probing = false
	return !p.reached
}

// pass reports d, already checked against the directives.
func (p *reportProbe) pass(d analysis.Diagnostic) { p.report(d) }
