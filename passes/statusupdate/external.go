package statusupdate

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

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

// externalFix returns the fix of the calls in group, the calls of this
// package that reach one status Update in another package's helper: each
// call copies the object right after its load (or hands on the copy its
// own caller takes, fixes.Threading) and calls the helper's sibling with
// it. It returns the reason when there is none; offered is false when the
// fix exists but this driver cannot apply it (the finding then says what
// statuslint -fix would do).
func (c *checker) externalFix(group []*reconcilepath.Write) (fix *analysis.SuggestedFix, note string) {
	pass := c.pass
	th := c.newThreading()
	var edits []analysis.TextEdit
	var siblingEdits []fixes.FileEdit
	var helpers, inPlace []string
	for _, w := range group {
		at := c.position(w.Node.Pos())
		// A call through an interface runs the method of the type its
		// value was made as: only a fix in that method, which leaves the
		// call as it is, can serve it.
		invoked := w.Instr.Common().IsInvoke() && w.Call != nil
		obj := w.ExternalFunc
		if !invoked {
			callee := w.Instr.Common().StaticCallee()
			if callee == nil || callee.Origin() != nil || w.Call == nil {
				return nil, fmt.Sprintf("no suggested fix: the call at %s is not a plain call of a function", at)
			}
			obj, _ = callee.Object().(*types.Func)
		}
		if w.External != nil && w.External.WriterArg > 0 {
			return nil, fmt.Sprintf("no suggested fix: %s updates through the writer it is handed, which its own package cannot tell to be the status writer", w.ExternalName)
		}
		fact := new(PatchesFrom)
		if obj == nil || !pass.ImportObjectFact(obj, fact) {
			return nil, fmt.Sprintf("no suggested fix: %s %s", w.ExternalName, noFact)
		}
		if fact.Name == "" {
			return nil, "no suggested fix: " + fact.Why
		}
		if invoked && !fact.InPlace {
			return nil, fmt.Sprintf("no suggested fix: the call at %s is through an interface, which cannot be handed the copy %s would take", at, w.ExternalName)
		}
		if fact.InPlace {
			// The helper reads the object itself before it writes: it
			// patches from its own copy, and the call stays.
			siblingEdits = append(siblingEdits, fact.Edits...)
			if helper := qualifiedName(pass.Pkg, obj, obj.Name()); !slices.Contains(inPlace, helper) {
				inPlace = append(inPlace, helper)
			}
			continue
		}
		call := w.Call
		if w.Go || w.MethodValue {
			return nil, fmt.Sprintf("no suggested fix: the call at %s is in a goroutine or through a method value", at)
		}
		if fact.Param >= len(call.Args) {
			return nil, fmt.Sprintf("no suggested fix: the call at %s cannot be given the copy", at)
		}
		arg, want, why := c.objectArg(call, obj, fact)
		if arg == nil {
			return nil, fmt.Sprintf("no suggested fix: at %s, %s", at, why)
		}
		if w.Deferred {
			if why := c.deferredCopy(call, arg); why != "" {
				return nil, fmt.Sprintf("no suggested fix: the deferred call at %s: %s", at, why)
			}
		}
		th.FailedAt, th.FailedWhy = token.NoPos, ""
		callEdits := th.Arg(call, arg, want)
		if callEdits == nil {
			return nil, "no suggested fix: " + c.notCopied(th, call, "")
		}
		fun := calleeName(call)
		if fun == nil {
			return nil, fmt.Sprintf("no suggested fix: the call at %s cannot be renamed", at)
		}
		edits = append(edits, analysis.TextEdit{Pos: fun.Pos(), End: fun.End(), NewText: []byte(fact.Name)})
		edits = append(edits, callEdits...)
		siblingEdits = append(siblingEdits, fact.Edits...)
		helper := qualifiedName(pass.Pkg, obj, fact.Name)
		if !slices.Contains(helpers, helper) {
			helpers = append(helpers, helper)
		}
	}
	var says, does []string
	if len(helpers) > 0 {
		says = append(says, fmt.Sprintf("adds %s beside it and calls it with a copy taken after the load", strings.Join(helpers, ", ")))
		does = append(does, fmt.Sprintf("through %s, with a copy of the object taken after the load", strings.Join(helpers, ", ")))
	}
	if len(inPlace) > 0 {
		says = append(says, fmt.Sprintf("makes %s patch from a copy it takes after its own read", strings.Join(inPlace, ", ")))
		does = append(does, fmt.Sprintf("in %s, from a copy taken after its own read", strings.Join(inPlace, ", ")))
	}
	note = "statuslint -fix " + strings.Join(says, ", and ")
	if !fixes.AcrossPackages() {
		return nil, note
	}
	resolved, err := fixes.ResolveEdits(pass.Fset, siblingEdits)
	if err != nil {
		return nil, "no suggested fix: " + err.Error()
	}
	edits = fixes.UniqueEdits(append(edits, resolved...))
	return &analysis.SuggestedFix{
		Message:   "Patch the status " + strings.Join(does, ", and "),
		TextEdits: edits,
	}, note
}

// noFact says what a function of another package without a PatchesFrom
// fact does: it finds the object it writes itself (it takes none), in a
// way the in-place fix does not follow. The function is named before it.
const noFact = "finds the object it writes itself in a way the fix does not follow (not read right before every write)"

// qualifiedName names the sibling name of fn as code of pkg would:
// helpers.SetReadyFrom, (*helpers.Reporter).UpdateFrom.
func qualifiedName(pkg *types.Package, fn *types.Func, name string) string {
	q := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), q) + ")." + name
	}
	return fn.Pkg().Name() + "." + name
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
