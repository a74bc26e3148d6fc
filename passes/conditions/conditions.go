package conditions

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crash"
	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "conditions"

// Config is the pass's configuration.
type Config struct {
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reconcilepath.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      doc,
		URL:      "https://github.com/statuslint/statuslint/blob/main/docs/conditions.md",
		Requires: []*analysis.Analyzer{r, ignore.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
	}
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

const (
	// No claim of a requeue: an update that changes nothing makes no watch
	// event, and controllers often filter status-only events anyway. The
	// cost that always holds is the request.
	consequence = "that is an API request on every reconcile"
	advice      = "write only when a condition changed"
	// Where other status fields change on the way too, the conditions'
	// result is not enough: the status as a whole decides.
	adviceOthers = "write only when the status changed"
	legacyAdv    = "compare the old and new conditions (equality.Semantic.DeepEqual) and write only when they differ"
)

// finding is one SetStatusCondition call followed by an unguarded write
// of the same object.
type finding struct {
	fn     *ssa.Function
	instr  ssa.CallInstruction
	call   *ast.CallExpr
	file   *ast.File
	legacy bool // the callee returns nothing
	ctype  string

	local []*reconcilepath.Write // unguarded direct writes in fn itself
	// elsewhere describes the first unguarded write outside fn's own body
	// (in a callee, a caller, a deferred or concurrent call); "" if none.
	elsewhere string
	// inCallers are the notes of the unguarded writes in callers, by the
	// call of fn (or of the function that hands the object on) they
	// follow: the one on a steady path is the one to name.
	inCallers []callerNote
	// deferred is the function literal fn defers that writes the status,
	// when that is where the write is.
	deferred *ssa.Function

	// others is the strongest other change of the status on any path to
	// the write; some path (via) changes nothing but steady, or there is
	// no finding.
	others mutation
	steady []steadyChange // the changes on the steady path, for the message
	via    []site         // the callers' calls on the steady path, when some others are not

	msg  string
	fix  *analysis.SuggestedFix
	note string // why there is no fix, or where the fix is
}

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	rep := ignore.New(pass, Name)
	defer rep.Close()
	res, _ := pass.ResultOf[r].(*reconcilepath.Result)
	if res == nil || res.Model == nil || res.SSA == nil || len(res.Writes) == 0 {
		return nil, nil
	}
	guard := crash.New(pass, Name)
	defer guard.Report()
	report(rep, newChecker(pass, res), guard, false)
	if cfg.Tests {
		// Test code, checked as code of its own: with the evidence of
		// the test files, for the calls in them only.
		if all := res.Tests(); all != res {
			report(rep, newChecker(pass, all), guard, true)
		}
	}
	return nil, nil
}

// report reports c's findings: those in production files, or with tests
// set those in _test.go files.
func report(rep *ignore.Reporter, c *checker, guard *crash.Guard, tests bool) {
	c.guard = guard
	var found []*finding
	for _, fn := range c.funcs {
		for _, call := range c.res.CallsIn(fn) {
			if f := c.check(tests, fn, call); f != nil {
				found = append(found, f)
			}
		}
	}
	c.reportNeverEqual(rep, tests)
	sort.Slice(found, func(i, j int) bool { return found[i].call.Pos() < found[j].call.Pos() })
	c.suggestFixes(found)
	for _, f := range found {
		d := analysis.Diagnostic{Pos: f.call.Pos(), End: f.call.End(), Message: f.msg, Related: append(c.res.PathRelated(f.fn, c.pass.Pkg), c.steadyRelated(f)...)}
		if f.fix != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*f.fix}
		} else if f.note != "" {
			d.Message += " (" + f.note + ")"
		}
		rep.Report(d)
	}
}

// panicHook, set only by tests, runs where a bug of the pass would panic
// (where is "check" or "fix"), so that the tests can check how a panic is
// reported.
var panicHook func(where string)

// check returns the finding for call, in a production file or with tests
// set in a _test.go file, when it is a SetStatusCondition whose
// result is ignored (or that has none) and a write of the same object
// follows without a guard.
func (c *checker) check(tests bool, fn *ssa.Function, call ssa.CallInstruction) (f *finding) {
	defer func() {
		// Odd code this pass did not foresee: skip the call, keep the
		// package's other findings, and say so once (see internal/crash).
		if p := recover(); p != nil {
			f = nil
			c.guard.Record(call.Pos(), "checking this call", p)
		}
	}()
	common := call.Common()
	obj := reconcilepath.CalleeFunc(common)
	if crmodel.ClassifyConditionFunc(obj) != crmodel.SetCondition || len(common.Args) < 1 {
		return nil
	}
	if panicHook != nil {
		panicHook("check")
	}
	legacy := !crmodel.ReportsChange(obj)
	if v, ok := call.(*ssa.Call); ok && !legacy {
		if refs := v.Referrers(); refs != nil && len(*refs) > 0 {
			return nil // the result is used
		}
	}
	syn := c.res.CallExpr(call.Pos())
	if _, isDefer := call.(*ssa.Defer); isDefer {
		syn = nil
	}
	if syn == nil {
		return nil
	}
	file := fixes.FileOf(c.pass, syn.Pos())
	if ignore.OutsideCheck(c.pass, file, tests) {
		return nil // generated code is fixed in its generator; tests hold fakes
	}
	f = &finding{fn: fn, instr: call, call: syn, file: file, legacy: legacy}
	f.ctype = c.conditionType(call.Pos(), crmodel.SetCondition)
	r := root(common.Args[0])
	if alwaysChanges(call, r, f.ctype) {
		return nil // the first condition of an object that has none, or of its type
	}

	for _, ev := range c.events(fn, 0) {
		if !slices.Contains(ev.roots, r) || ev.instr == ssa.Instruction(call) {
			continue
		}
		if !c.unguarded(fn, call, ev.instr, f.ctype) {
			continue
		}
		switch {
		case ev.write != nil && ev.write.External != nil:
			f.setElsewhere(fmt.Sprintf("the status is written in %s; write only when a condition changed", ev.write.ExternalName))
		case ev.write != nil && ev.write.Deferred:
			f.setElsewhere("the write is deferred; keep the result and make the deferred write depend on it")
		case ev.write != nil && ev.write.Go:
			f.setElsewhere("the write runs in its own goroutine; keep the result and start it only when a condition changed")
		case ev.write != nil:
			f.local = append(f.local, ev.write)
		default:
			name := reconcilepath.DisplayName(ev.callee, c.pass.Pkg)
			if ev.callee.Parent() != nil {
				name = "a function literal"
			}
			switch ev.instr.(type) {
			case *ssa.Defer:
				if ev.callee.Parent() == fn && f.deferred == nil {
					f.deferred = ev.callee // a literal deferred in fn: the comparison fix may wrap its write
				}
				f.setElsewhere(fmt.Sprintf("the status is written in %s deferred earlier; keep the result and make the deferred write depend on it", name))
			case *ssa.Go:
				f.setElsewhere(fmt.Sprintf("the status is written in %s run in its own goroutine; keep the result and start it only when a condition changed", name))
			default:
				f.setElsewhere(fmt.Sprintf("the status is written in %s; keep the result and call it only when a condition changed", name))
			}
		}
	}
	if len(f.local) == 0 {
		// A helper that writes the object itself persists its condition
		// there; a later write in the caller is another write, not this
		// finding's (statuswrites reports writes repeated in a reconcile).
		c.lift(f, fn, r, 0)
	}
	if len(f.local) == 0 && f.elsewhere == "" {
		return nil
	}
	// The write is redundant only if nothing else changed the status on
	// the way; a change the pass cannot rule out is no finding.
	if len(c.neverEqualDiagnostics(fn, tests)) > 0 {
		// The comparison meant to guard the write is reported, with its
		// own fix: a finding here would be the comparison's.
		return nil
	}
	ar := c.otherMutations(fn, call, r, f.ctype)
	if !ar.steadyPath {
		return nil
	}
	f.others, f.steady = ar.all, ar.steady
	if ar.mixed {
		f.via = ar.via
	}
	if len(f.inCallers) > 0 && f.elsewhere == f.inCallers[0].note {
		// Name the caller whose write follows a call on a steady path
		// (grafana-operator's setSuspended, whose other callers stamp
		// the clock and so write for a reason).
		for _, n := range f.inCallers {
			if ar.steadyCalls[n.call] {
				f.elsewhere = n.note
				break
			}
		}
	}
	f.msg = c.message(f)
	return f
}

// lift follows an object that fn received (a parameter or a closure's free
// variable) to fn's callers, and records the writes of it that follow the
// call of fn there.
func (c *checker) lift(f *finding, fn *ssa.Function, r ssa.Value, depth int) {
	switch r.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
	default:
		return
	}
	if depth > 3 {
		return
	}
	for _, s := range c.sites[fn] {
		m := mapInto(r, s.call, s.mc, s.caller)
		if m == nil {
			continue
		}
		r2 := root(m)
		for _, ev := range c.events(s.caller, 0) {
			if ev.instr == ssa.Instruction(s.call) || !slices.Contains(ev.roots, r2) {
				continue
			}
			if ev.callee != nil && setsConditions(ev.callee) {
				continue // that helper's own SetStatusCondition is checked there
			}
			if c.unguarded(s.caller, s.call, ev.instr, f.ctype) {
				note := fmt.Sprintf("the status is written in the caller %s; return the result and write only when a condition changed",
					reconcilepath.DisplayName(s.caller, c.pass.Pkg))
				f.setElsewhere(note)
				f.inCallers = append(f.inCallers, callerNote{s.call, note})
			}
		}
		c.lift(f, s.caller, r2, depth+1)
	}
}

// setsConditions reports whether fn calls SetStatusCondition itself.
func setsConditions(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && crmodel.ClassifyConditionFunc(reconcilepath.CalleeFunc(call.Common())) == crmodel.SetCondition {
				return true
			}
		}
	}
	return false
}

// callerNote is the note of an unguarded write in a caller, after call.
type callerNote struct {
	call ssa.CallInstruction
	note string
}

func (f *finding) setElsewhere(s string) {
	if f.elsewhere == "" {
		f.elsewhere = s
	}
}

// message says what, why and what to do; the reconcile path, when the
// call is not in a reconcile root itself, is related information.
func (c *checker) message(f *finding) string {
	if f.legacy {
		return "status written after SetStatusCondition whether or not a condition changed; " + consequence + ": " + legacyAdv
	}
	adv := advice
	if f.others.kind != noMutation {
		adv = adviceOthers
	}
	return "status written although SetStatusCondition reported no change (result ignored); " + consequence + ": " + adv + steadyText(f.steady)
}

// maxSteadyShown bounds the steady changes a message names.
const maxSteadyShown = 3

// steadyText names the changes on the way that the steady state repeats,
// so that a reader can check the judgement: " (in the steady state:
// Status.Version is computed from the spec)", or "".
func steadyText(changes []steadyChange) string {
	var whats []string
	sorted := slices.Clone(changes)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].pos < sorted[j].pos })
	for _, s := range sorted {
		if !slices.Contains(whats, s.what) {
			whats = append(whats, s.what)
		}
	}
	if len(whats) == 0 {
		return ""
	}
	more := ""
	if len(whats) > maxSteadyShown {
		more = fmt.Sprintf(", and %d more", len(whats)-maxSteadyShown)
		whats = whats[:maxSteadyShown]
	}
	return " (in the steady state: " + strings.Join(whats, ", ") + more + ")"
}

// steadyRelated points at the callers' calls that lie on the steady path,
// when the set is in a helper called from several places: the branch that
// every settled reconcile takes.
func (c *checker) steadyRelated(f *finding) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	seen := make(map[token.Pos]bool)
	for _, s := range f.via {
		if seen[s.call.Pos()] {
			continue
		}
		seen[s.call.Pos()] = true
		callee := "a function literal"
		if ce := c.callees(s.call); len(ce) == 1 && ce[0].fn.Parent() == nil {
			callee = reconcilepath.DisplayName(ce[0].fn, c.pass.Pkg)
		}
		out = append(out, analysis.RelatedInformation{
			Pos:     s.call.Pos(),
			Message: reconcilepath.DisplayName(s.caller, c.pass.Pkg) + " calls " + callee + " here with nothing else changing the status: a path the steady state takes",
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}
