package conditions

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/textedit"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// suggestFixes attaches fixes, or the reason there is none, to the
// findings. The findings of one function that write in that function only
// share one fix, carried by the first of them:
//
//	changed := meta.SetStatusCondition(&w.Status.Conditions, a)
//	changed = meta.SetStatusCondition(&w.Status.Conditions, b) || changed
//	...
//	if changed {
//		if err := r.Status().Update(ctx, &w); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
func (c *checker) suggestFixes(found []*finding) {
	groups := make(map[*ssa.Function][]*finding)
	var order []*ssa.Function
	for _, f := range found {
		if f.elsewhere != "" && len(f.local) == 0 && f.deferred != nil && f.elsewhere == c.deferredNote(f) {
			// The write is in a literal fn defers: the comparison guard
			// can go around it there.
			deferred := func() (*analysis.SuggestedFix, string) { return c.deferredFix(f) }
			if fix, _ := c.safely(f, "make the deferred write depend on the result", deferred); fix != nil {
				f.fix = fix
			} else {
				f.note = "no suggested fix: " + f.elsewhere // what to do by hand
			}
			continue
		}
		if f.elsewhere != "" {
			if !f.legacy { // the notes speak of a result the legacy call has not
				f.note = "no suggested fix: " + f.elsewhere
			}
			continue
		}
		if _, ok := groups[f.fn]; !ok {
			order = append(order, f.fn)
		}
		groups[f.fn] = append(groups[f.fn], f)
	}
	for _, fn := range order {
		group := groups[fn]
		fix, reason := c.safely(group[0], "guard the write with the result", func() (*analysis.SuggestedFix, string) { return c.buildFix(fn, group) })
		if fix == nil {
			for _, f := range group {
				f.note = "no suggested fix: " + reason
			}
			continue
		}
		group[0].fix = fix
		line := c.pass.Fset.Position(group[0].call.Pos()).Line
		for _, f := range group[1:] {
			f.note = fmt.Sprintf("the suggested fix of the SetStatusCondition call on line %d covers this call too", line)
		}
	}
}

// safely is build, withholding the fix on odd code it did not foresee
// rather than failing the run; the panic is reported once per package
// (see internal/crash), so the bug does not go unnoticed, and the reason
// says what to do by hand instead (byHand). f is the finding the fix is
// attached to.
func (c *checker) safely(f *finding, byHand string, build func() (*analysis.SuggestedFix, string)) (fix *analysis.SuggestedFix, reason string) {
	if ignore.CgoProcessed(f.file) {
		return nil, ignore.CgoReason
	}
	defer func() {
		if p := recover(); p != nil {
			c.guard.Record(f.call.Pos(), "building the fix of this call", p)
			fix, reason = nil, "statuslint failed to build it (an internal error, reported separately); "+byHand
		}
	}()
	return build()
}

// deferredNote is the note check gives a finding whose write is in the
// literal it defers, and no other write elsewhere.
func (c *checker) deferredNote(f *finding) string {
	return "the status is written in a function literal deferred earlier; keep the result and make the deferred write depend on it"
}

// deferredFix guards the status write of the function literal that f's
// function defers with a comparison of the status and a copy taken right
// after the load:
//
//	if err := r.Get(ctx, req.NamespacedName, app); err != nil { ... }
//	before := app.Status.DeepCopy()
//	defer func() {
//		if !equality.Semantic.DeepEqual(before, &app.Status) {
//			if uerr := r.Status().Update(ctx, app); uerr != nil && err == nil {
//				err = uerr
//			}
//		}
//	}()
//
// The deferred write then goes out whenever anything in the status
// changed, on whichever path the reconcile returned by. The copy must be
// declared before the defer statement, so the load (with its error check)
// must come before it.
func (c *checker) deferredFix(f *finding) (*analysis.SuggestedFix, string) {
	info := c.pass.TypesInfo
	lit, ok := f.deferred.Syntax().(*ast.FuncLit)
	if !ok {
		return nil, "the deferred function could not be located"
	}
	outer, _ := fixes.EnclosingFunc([]ast.Node{f.fn.Syntax()})
	obj := rootVar(info, f.call.Args[0])
	if outer == nil || obj == nil {
		return nil, "the object is not a variable of the function"
	}
	because := "the write is deferred"
	if obj.Pos() < outer.Pos() {
		return nil, because + "; the guard would compare the status with a copy taken after the load, but " + obj.Name() + " is a parameter, loaded by the caller"
	}
	var targets []*target
	for _, w := range c.writes[f.deferred] {
		if w.Call == nil {
			return nil, "the write could not be located"
		}
		t, reason := c.writeTarget(f.file, lit.Body, w)
		if t == nil {
			return nil, reason
		}
		targets = append(targets, t)
	}
	if len(targets) == 0 {
		return nil, "the deferred write could not be located"
	}
	path, _ := astutil.PathEnclosingInterval(f.file, f.call.Pos(), f.call.End())
	load, _, problem := fixes.LastLoad(info, fixes.GetInto(c.res.Model, info), path, outer, obj)
	if load == nil {
		return nil, because + "; the guard would compare the status with a copy taken after the load, but " + problem.Reason(obj.Name())
	}
	place := load
	if check := fixes.ErrCheckAfter(info, outer, load); check != nil {
		place = check
	}
	if lit.Pos() < place.End() {
		return nil, because + " before " + obj.Name() + " is loaded; the copy to compare with would be declared after the deferred function"
	}
	why := func(reason string) string {
		return because + "; the guard would compare the status with a copy taken after the load, but " + reason
	}
	return c.snapshotGuard(f.file, outer, obj, place, targets, "Write the status in the deferred function only when it differs from a copy taken after the load", why)
}

// wrapForm is how a write statement is guarded.
type wrapForm int

const (
	wrapPlain  wrapForm = iota // ExprStmt, `_ = W`, `if err := W; err != nil {...}`
	wrapDefine                 // err := W: declare err before the if
	wrapReturn                 // return ..., W: add a return without the write after the if
)

type target struct {
	stmt   ast.Stmt
	form   wrapForm
	define *ast.AssignStmt
	ret    string // the return statement to add, for wrapReturn
}

// buildFix returns the fix for the findings of fn, or nil and why not.
func (c *checker) buildFix(fn *ssa.Function, group []*finding) (*analysis.SuggestedFix, string) {
	if panicHook != nil {
		panicHook("fix")
	}
	info := c.pass.TypesInfo
	fset := c.pass.Fset
	file := group[0].file
	body, _ := fixes.EnclosingFunc([]ast.Node{fn.Syntax()}) // the function's own body
	if body == nil {
		return nil, "the function's body could not be located"
	}

	// The object: X of &X.Status.Conditions, the same for every call.
	var obj *types.Var
	calls := make(map[*ast.CallExpr]bool)
	for _, f := range group {
		v := rootVar(info, f.call.Args[0])
		if v == nil {
			return nil, "the conditions are not a field path of a variable"
		}
		if obj != nil && v != obj {
			return nil, "the calls set the conditions of different objects"
		}
		obj = v
		calls[f.call] = true
	}
	// The conditions' result guards the write only when the conditions
	// are all that changes; otherwise the write is guarded by a comparison
	// with a copy of the status taken after the load.
	snapshot := c.otherStatusChanges(body, obj, calls) != ""
	for _, f := range group {
		if f.legacy || f.others.kind != noMutation {
			snapshot = true
		}
	}

	// The statements to guard.
	var targets []*target
	seenT := make(map[ast.Stmt]bool)
	for _, f := range group {
		for _, w := range f.local {
			if w.Call == nil {
				return nil, "the write could not be located"
			}
			t, reason := c.writeTarget(file, body, w)
			if t == nil {
				return nil, reason
			}
			if !seenT[t.stmt] {
				seenT[t.stmt] = true
				targets = append(targets, t)
			}
		}
	}
	sort.Slice(targets, func(i, j int) bool { return targets[i].stmt.Pos() < targets[j].stmt.Pos() })

	if snapshot {
		return c.buildSnapshotFix(file, body, obj, group, targets)
	}

	// The statement list that declares the variable: the innermost one
	// holding the first call's statement and, later, every target.
	first := group[0]
	firstStmt, _ := callStmt(file, first.call)
	if firstStmt == nil {
		return nil, "the SetStatusCondition call is not a statement of its own"
	}
	decl, declIdx := declList(file, body, firstStmt, targets)
	if decl == nil {
		return nil, "the write does not follow the SetStatusCondition call in an enclosing block; guard it with the result"
	}
	for _, f := range group {
		s, _ := callStmt(file, f.call)
		if s == nil {
			return nil, "a SetStatusCondition call is not a statement of its own"
		}
		if s.Pos() < decl[declIdx].Pos() || s.End() > targets[len(targets)-1].stmt.Pos() {
			return nil, "a SetStatusCondition call does not precede the write in the same block"
		}
		path, _ := astutil.PathEnclosingInterval(file, s.Pos(), s.End())
		if inner, _ := fixes.EnclosingFunc(path); inner != body {
			return nil, "a SetStatusCondition call is in a function literal"
		}
	}
	for _, t := range targets {
		if t.stmt.Pos() < decl[declIdx].End() {
			return nil, "the write is in the same statement as the SetStatusCondition call"
		}
	}

	tf := fset.File(file.Pos())
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil, "the file could not be read"
	}
	name := fixes.FreeName(c.pass.Pkg, body, first.call.Pos(), "changed", nil)

	var edits []analysis.TextEdit
	insert := func(pos token.Pos, text string) {
		edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	}
	// The calls.
	declared := false
	if decl[declIdx] != firstStmt {
		indent, ok := lineIndent(tf, src, decl[declIdx].Pos())
		if !ok {
			return nil, "the enclosing statement does not start its line"
		}
		insert(decl[declIdx].Pos(), name+" := false\n"+indent)
		declared = true
	}
	for _, f := range group {
		_, blank := callStmt(file, f.call)
		switch {
		case !declared && blank != nil:
			edits = append(edits, analysis.TextEdit{Pos: blank.Pos(), End: f.call.Pos(), NewText: []byte(name + " := ")})
		case !declared:
			insert(f.call.Pos(), name+" := ")
		case blank != nil:
			edits = append(edits, analysis.TextEdit{Pos: blank.Pos(), End: f.call.Pos(), NewText: []byte(name + " = ")})
			insert(f.call.End(), " || "+name)
		default:
			insert(f.call.Pos(), name+" = ")
			insert(f.call.End(), " || "+name)
		}
		declared = true
	}
	return guardWrites(fset, file, tf, src, targets, name, edits, nil, "Write the status only when a condition changed")
}

// buildSnapshotFix guards the writes with a comparison of the status with
// a copy taken right after the object was loaded:
//
//	if err := r.Get(ctx, req.NamespacedName, &w); err != nil { ... }
//	before := w.Status.DeepCopy()
//	...
//	if !equality.Semantic.DeepEqual(before, &w.Status) {
//		if err := r.Status().Update(ctx, &w); err != nil { ... }
//	}
//
// The write then happens whenever anything in the status changed, the
// conditions or any other field, so no change is dropped. The snapshot is
// of the status alone when its type has a DeepCopy, else of the object.
func (c *checker) buildSnapshotFix(file *ast.File, body *ast.BlockStmt, obj *types.Var, group []*finding, targets []*target) (*analysis.SuggestedFix, string) {
	info := c.pass.TypesInfo
	fset := c.pass.Fset
	// Why the writes need a comparison with a copy rather than the
	// conditions' result.
	because := "other conditions change too"
	for _, f := range group {
		switch {
		case f.others.kind >= alwaysMutation:
			because = fmt.Sprintf("%s on another path (line %d)", f.others.what, fset.Position(f.others.pos).Line)
		case f.others.kind != noMutation:
			because = fmt.Sprintf("%s on the way to the write (line %d)", f.others.what, fset.Position(f.others.pos).Line)
		case f.legacy:
			because = "SetStatusCondition reports no change in this apimachinery version"
		}
	}
	why := func(reason string) string {
		return because + "; the guard would compare the status with a copy taken after the load, but " + reason
	}
	if obj.Pos() < body.Pos() {
		return c.threadedSnapshotFix(file, body, obj, targets, why)
	}
	var load ast.Stmt
	for _, f := range group {
		for _, w := range f.local {
			path, _ := astutil.PathEnclosingInterval(file, w.Call.Pos(), w.Call.End())
			l, _, problem := fixes.LastLoad(info, fixes.GetInto(c.res.Model, info), path, body, obj)
			if l == nil {
				return nil, why(problem.Reason(obj.Name()))
			}
			if load != nil && l != load {
				return nil, why("the writes follow different loads of " + obj.Name())
			}
			load = l
		}
	}
	if load == nil {
		return nil, "the write could not be located"
	}
	place := load
	if check := fixes.ErrCheckAfter(info, body, load); check != nil {
		place = check
	}
	for _, f := range group {
		if f.call.Pos() < place.End() {
			return nil, why("a SetStatusCondition call comes before the load")
		}
	}

	return c.snapshotGuard(file, body, obj, place, targets, "Write the status only when it differs from a copy taken after the load", why)
}

// snapshotGuard is the comparison fix once the place of the copy is known:
// the copy on the line after place, the equality import, and each target
// wrapped in if !equality.Semantic.DeepEqual(before, &obj.Status) { ... }.
// why words a reason there is none.
func (c *checker) snapshotGuard(file *ast.File, body *ast.BlockStmt, obj *types.Var, place ast.Stmt, targets []*target, message string, why func(string) string) (*analysis.SuggestedFix, string) {
	fset := c.pass.Fset
	// What to copy: the status if its type has a DeepCopy, else the object.
	name := fixes.FreeName(c.pass.Pkg, body, place.End(), "before", nil)
	eq, importEdits := fixes.AddImport(c.pass, file, place.End(), equalityPath, "equality")
	var copyStmt, cond string
	field, _, _ := types.LookupFieldOrMethod(obj.Type(), true, c.pass.Pkg, "Status")
	st, ok := field.(*types.Var)
	if !ok || !st.IsField() {
		return nil, why(obj.Name() + " has no Status field")
	}
	switch {
	case returnsSelf(c.pass.Pkg, st.Type(), "DeepCopy"):
		copyStmt = name + " := " + obj.Name() + ".Status.DeepCopy()"
		cond = "!" + eq + ".Semantic.DeepEqual(" + name + ", &" + obj.Name() + ".Status)"
	case returnsSelf(c.pass.Pkg, obj.Type(), "DeepCopy"):
		copyStmt = name + " := " + obj.Name() + ".DeepCopy()"
		cond = "!" + eq + ".Semantic.DeepEqual(" + name + ".Status, " + obj.Name() + ".Status)"
	default:
		return nil, why("neither " + obj.Name() + " nor its status has a DeepCopy method")
	}

	tf := fset.File(file.Pos())
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil, "the file could not be read"
	}
	indent, ok := lineIndent(tf, src, place.Pos())
	if !ok {
		return nil, "the load does not start its line"
	}
	// The copy goes at the start of the line after the load, not at the
	// load's end, where statusupdate's fix inserts its merge-patch base:
	// two insertions at one offset would conflict when both fixes apply.
	line := tf.Line(place.End())
	if line >= tf.LineCount() || fixes.StmtAfter(body, place) == nil {
		return nil, "nothing follows the load"
	}
	at := tf.LineStart(line + 1)
	edits := []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(indent + copyStmt + "\n")}}
	return guardWrites(fset, file, tf, src, targets, cond, edits, importEdits, message)
}

// threadedSnapshotFix is buildSnapshotFix for an object parameter of the
// helper: the copy is taken where the callers load the object and handed
// in through a new last parameter, as statusupdate's fix threads the base
// of its merge patch (fixes.Threading). Both threads are the same copy
// under the same name, so where statusupdate fixes the same write the two
// fixes make the same edits to the signature and the callers, and the
// guarded write becomes one merge patch from that copy:
//
//	func (r *R) updateCondition(ctx context.Context, app *api.App, cond metav1.Condition, base *api.App) error {
//		meta.SetStatusCondition(&app.Status.Conditions, cond)
//		if !equality.Semantic.DeepEqual(&base.Status, &app.Status) {
//			return r.Status().Update(ctx, app)
//		}
//		return nil
//	}
func (c *checker) threadedSnapshotFix(file *ast.File, body *ast.BlockStmt, obj *types.Var, targets []*target, why func(string) string) (*analysis.SuggestedFix, string) {
	noCopy := why(obj.Name() + " is a parameter, loaded by the caller: copy its status there and write only when it differs")
	if len(targets) == 0 {
		return nil, "the write could not be located"
	}
	path, _ := astutil.PathEnclosingInterval(file, targets[0].stmt.Pos(), targets[0].stmt.End())
	decl := fixes.DeclOf(path)
	if decl == nil || decl.Body != body {
		return nil, noCopy
	}
	if _, isPtr := obj.Type().Underlying().(*types.Pointer); !isPtr || !returnsSelf(c.pass.Pkg, obj.Type(), "DeepCopy") {
		return nil, noCopy
	}
	th := &fixes.Threading{Pass: c.pass, Res: c.res, Names: c.snapshots, LastLoad: func(path []ast.Node, body *ast.BlockStmt, v *types.Var) ast.Stmt {
		// statusupdate's loads, so that its threaded fix of the same
		// helper's write takes its copies after the same statements
		// (after a write of the object, as well as after a Get): a copy
		// after an earlier Get here would hand the helper a second
		// argument where it gains one parameter (pulp-operator's
		// backup controller).
		load, _, _ := c.objectLoads().LastLoad(path, body, v)
		return load
	}}
	edits, name := th.Param(decl, obj)
	if edits == nil {
		return nil, why(obj.Name() + " is a parameter, and not every caller can hand in a copy taken right after its load (the rules of statusupdate's threaded fix): copy its status there and write only when it differs")
	}
	eq, importEdits := fixes.AddImport(c.pass, file, targets[0].stmt.Pos(), equalityPath, "equality")
	cond := "!" + eq + ".Semantic.DeepEqual(&" + name + ".Status, &" + obj.Name() + ".Status)"
	tf := c.pass.Fset.File(file.Pos())
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil, "the file could not be read"
	}
	return guardWrites(c.pass.Fset, file, tf, src, targets, cond, edits, importEdits,
		fmt.Sprintf("Write the status only when it differs from %s, copied where the callers of %s load the object", name, decl.Name.Name))
}

// guardWrites adds to edits the wrapping of each target in if cond { ... },
// checks that the edited file parses and stays gofmt-clean, and returns the
// fix, with the edits of the import block (imports, not checked) last, or
// nil and why not.
func guardWrites(fset *token.FileSet, file *ast.File, tf *token.File, src []byte, targets []*target, cond string, edits, imports []analysis.TextEdit, message string) (*analysis.SuggestedFix, string) {
	for _, t := range targets {
		e, reason := wrapEdits(fset, file, tf, src, t, cond)
		if e == nil {
			return nil, reason
		}
		edits = append(edits, e...)
	}
	if reason := checkFormatted(tf, src, edits); reason != "" {
		return nil, reason
	}
	return &analysis.SuggestedFix{Message: message, TextEdits: append(edits, imports...)}, ""
}

// equalityPath is apimachinery's semantic equality package.
const equalityPath = "k8s.io/apimachinery/pkg/api/equality"

// returnsSelf reports whether *T (T = t, or t's element for a pointer) has
// a method name without parameters returning *T: a generated DeepCopy.
func returnsSelf(pkg *types.Package, t types.Type, name string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	ptr := types.NewPointer(t)
	sig := fixes.MethodSig(pkg, ptr, name)
	return sig != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), ptr)
}

// rootVar returns X of &X.Status.Conditions (or of any field path under X).
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	e = ast.Unparen(u.X)
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return nil
			}
			e = ast.Unparen(x.X)
			continue
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
			continue
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil || v.IsField() {
				return nil
			}
			return v
		}
		return nil
	}
}

// otherStatusChanges returns why guarding the writes with the calls'
// results alone would lose a change: another condition call on obj.
func (c *checker) otherStatusChanges(body *ast.BlockStmt, obj *types.Var, calls map[*ast.CallExpr]bool) string {
	info := c.pass.TypesInfo
	reason := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if reason != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if calls[n] || len(n.Args) == 0 {
				return true
			}
			fn := crmodel.CalledFunc(info, n)
			switch crmodel.ClassifyConditionFunc(fn) {
			case crmodel.SetCondition, crmodel.RemoveCondition:
				if rootVar(info, n.Args[0]) == obj {
					reason = fmt.Sprintf("%s also changes %s's conditions elsewhere in the function; combine its result into the guard", fn.Name(), obj.Name())
				}
			}
		}
		return true
	})
	return reason
}

// underStatus reports whether a field address passes through a field
// named Status.
func underStatus(addr ssa.Value) bool {
	for i := 0; i < 64; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		if f := valueflow.FieldOf(fa); f != nil && f.Name() == "Status" {
			return true
		}
		addr = fa.X
	}
	return false
}

// callStmt returns the statement a SetStatusCondition call makes up: the
// expression statement, or `_ = call` (then blank is the `_`).
func callStmt(file *ast.File, call *ast.CallExpr) (ast.Stmt, *ast.Ident) {
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	if len(path) < 2 || path[0] != call {
		return nil, nil
	}
	switch s := path[1].(type) {
	case *ast.ExprStmt:
		return s, nil
	case *ast.AssignStmt:
		if s.Tok == token.ASSIGN && len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Rhs[0] == call {
			if id, ok := s.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
				return s, id
			}
		}
	}
	return nil, nil
}

// declList returns the innermost statement list around first in which the
// statement holding first comes before the statements holding every
// target, and that statement's index.
func declList(file *ast.File, body *ast.BlockStmt, first ast.Stmt, targets []*target) ([]ast.Stmt, int) {
	path, _ := astutil.PathEnclosingInterval(file, first.Pos(), first.End())
	for len(path) > 0 && path[0] != first {
		path = path[1:]
	}
	var child ast.Node = first
	for _, n := range path {
		if n == first {
			continue
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return nil, -1
		}
		if list := fixes.StmtList(n); list != nil {
			idx := slices.IndexFunc(list, func(s ast.Stmt) bool { return s == child })
			ok := idx >= 0
			for _, t := range targets {
				found := false
				for _, s := range list[idx+1:] {
					if s.Pos() <= t.stmt.Pos() && t.stmt.End() <= s.End() {
						found = true
					}
				}
				ok = ok && found
			}
			if ok {
				return list, idx
			}
		}
		if n == body {
			return nil, -1
		}
		child = n
	}
	return nil, -1
}

// writeTarget returns the statement to guard for a write and how.
func (c *checker) writeTarget(file *ast.File, body *ast.BlockStmt, w *reconcilepath.Write) (*target, string) {
	info := c.pass.TypesInfo
	call := w.Call
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	if len(path) < 3 || path[0] != call {
		return nil, "the write could not be located"
	}
	if inner, _ := fixes.EnclosingFunc(path); inner != body {
		return nil, "the write is in a function literal"
	}
	if len(call.Args) >= 2 && spansLines(c.pass.Fset, call.Args[1]) {
		return nil, "the written object spans lines"
	}
	if len(call.Args) > 0 && c.pass.Fset.Position(call.Rparen).Line != c.pass.Fset.Position(call.Args[len(call.Args)-1].End()).Line {
		return nil, "the write's closing parenthesis has a line of its own; wrap it in if <changed> { ... }"
	}
	isCall := func(e ast.Expr) bool { return ast.Unparen(e) == call }
	var t *target
	parent := path[2] // the node holding the statement to guard
	switch s := path[1].(type) {
	case *ast.ExprStmt:
		t = &target{stmt: s}
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 || !isCall(s.Rhs[0]) || len(s.Lhs) != 1 {
			return nil, "the write is part of a larger assignment"
		}
		id, _ := s.Lhs[0].(*ast.Ident)
		switch {
		case id == nil:
			return nil, "the write's error is assigned to an expression"
		case s.Tok == token.ASSIGN && id.Name == "_":
			t = &target{stmt: s}
		case s.Tok == token.DEFINE && info.Defs[id] != nil && crmodel.IsError(info.TypeOf(id)):
			if is, ok := path[2].(*ast.IfStmt); ok && is.Init == s {
				if is.Else != nil {
					return nil, "the if statement around the write has an else branch"
				}
				if !condUsesOnly(info, is.Cond, info.Defs[id]) && !requiresErr(info, is.Cond, info.Defs[id]) {
					return nil, "the if statement around the write tests more than its error"
				}
				t = &target{stmt: is}
				parent = path[3]
			} else {
				t = &target{stmt: s, form: wrapDefine, define: s}
			}
		default:
			return nil, "the write's error is assigned to an existing variable, which would keep its old value"
		}
	case *ast.ReturnStmt:
		ret, reason := returnWithout(c.pass.Fset, file, s, call)
		if ret == "" {
			return nil, reason
		}
		t = &target{stmt: s, form: wrapReturn, ret: ret}
	default:
		return nil, "the write is not a statement of its own"
	}
	if fixes.StmtList(parent) == nil {
		return nil, "the write is not in a block"
	}
	return t, ""
}

// requiresErr reports whether cond is false whenever v is nil: a chain of
// && one of whose operands is v != nil (uerr != nil && err == nil). A
// skipped write leaves v nil, so skipping the whole if is the same as
// running it.
func requiresErr(info *types.Info, cond ast.Expr, v types.Object) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return requiresErr(info, e.X, v) || requiresErr(info, e.Y, v)
		case token.NEQ:
			id, ok := ast.Unparen(e.X).(*ast.Ident)
			nilID, isNil := ast.Unparen(e.Y).(*ast.Ident)
			return ok && isNil && info.Uses[id] == v && nilID.Name == "nil" && info.Uses[nilID] == types.Universe.Lookup("nil")
		}
	}
	return false
}

// condUsesOnly reports whether cond refers to no variable but v.
func condUsesOnly(info *types.Info, cond ast.Expr, v types.Object) bool {
	ok := true
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			switch obj := info.Uses[n].(type) {
			case *types.Var:
				if obj != v {
					ok = false
				}
			case *types.Func:
				ok = false
			}
		case *ast.CallExpr:
			ok = false
		}
		return ok
	})
	return ok
}

// returnWithout returns the text of s with the write call replaced by nil,
// when its other results fit on its line and call no function; else "" and
// why.
func returnWithout(fset *token.FileSet, file *ast.File, s *ast.ReturnStmt, call *ast.CallExpr) (string, string) {
	const tangled = "the write is a result of a return statement whose other results cannot be repeated; guard it with if <changed> { ... } and return without writing otherwise"
	var parts []string
	found := false
	for _, r := range s.Results {
		if ast.Unparen(r) == call {
			parts = append(parts, "nil")
			found = true
			continue
		}
		calls := false
		ast.Inspect(r, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.CallExpr, *ast.FuncLit:
				calls = true
			}
			return !calls
		})
		if calls || spansLines(fset, r) {
			return "", tangled
		}
		var buf bytes.Buffer
		if err := format.Node(&buf, fset, r); err != nil {
			return "", tangled
		}
		parts = append(parts, buf.String())
	}
	if !found {
		return "", "the write's error is wrapped in the return statement; guard it with if <changed> { ... }"
	}
	return "return " + strings.Join(parts, ", "), ""
}

func spansLines(fset *token.FileSet, n ast.Node) bool {
	return fset.Position(n.Pos()).Line != fset.Position(n.End()).Line
}

// lineIndent returns the whitespace before pos on its line, and whether
// only whitespace precedes pos there.
func lineIndent(tf *token.File, src []byte, pos token.Pos) (string, bool) {
	off := tf.Offset(pos)
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	ind := string(src[start:off])
	return ind, strings.Trim(ind, " \t") == ""
}

// wrapEdits guards t with `if name {`. Its first line gets the new `if`
// before it, every later non-blank line gets one more tab at its very
// start, and the closing brace goes after the end of its last line, after
// any trailing comment. No edit touches the statement's own text, so the
// other passes' edits of the write call (a renamed method, a replaced
// object argument, an appended option) apply on top.
func wrapEdits(fset *token.FileSet, file *ast.File, tf *token.File, src []byte, t *target, name string) ([]analysis.TextEdit, string) {
	s := t.stmt
	indent, ok := lineIndent(tf, src, s.Pos())
	if !ok {
		return nil, "the write does not start its line"
	}
	endOff := tf.Offset(s.End())
	lineEnd := endOff
	for lineEnd < len(src) && src[lineEnd] != '\n' {
		lineEnd++
	}
	if rest := strings.TrimSpace(string(src[endOff:lineEnd])); rest != "" && (!strings.HasPrefix(rest, "//") || strings.Contains(rest, "/*")) {
		return nil, "more code follows the write on its line"
	}
	// Lines that start inside a raw string or a block comment cannot be
	// indented without changing them.
	var keep [][2]int
	ast.Inspect(s, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && spansLines(fset, lit) {
			keep = append(keep, [2]int{tf.Offset(lit.Pos()), tf.Offset(lit.End())})
		}
		return true
	})
	for _, cg := range file.Comments {
		for _, cm := range cg.List {
			if cm.Pos() >= s.Pos() && cm.Pos() < token.Pos(int(s.Pos())+lineEnd-tf.Offset(s.Pos())) && spansLines(fset, cm) {
				keep = append(keep, [2]int{tf.Offset(cm.Pos()), tf.Offset(cm.End())})
			}
		}
	}
	pre := ""
	if t.form == wrapDefine {
		id := t.define.Lhs[0].(*ast.Ident)
		pre = "var " + id.Name + " error\n" + indent
	}
	edits := []analysis.TextEdit{{Pos: s.Pos(), End: s.Pos(), NewText: []byte(pre + "if " + name + " {\n" + indent + "\t")}}
	if t.form == wrapDefine {
		edits = append(edits, analysis.TextEdit{Pos: t.define.TokPos, End: t.define.TokPos + 2, NewText: []byte("=")})
	}
	first, last := tf.Line(s.Pos()), tf.Line(s.End())
	for l := first + 1; l <= last; l++ {
		p := tf.LineStart(l)
		off := tf.Offset(p)
		for _, k := range keep {
			if k[0] < off && off < k[1] {
				return nil, "the write spans a multi-line string or comment"
			}
		}
		if off < len(src) && src[off] == '\n' {
			continue // blank lines stay empty
		}
		edits = append(edits, analysis.TextEdit{Pos: p, End: p, NewText: []byte("\t")})
	}
	closing := "\n" + indent + "}"
	if t.form == wrapReturn {
		closing += "\n" + indent + t.ret
	}
	at := tf.Pos(lineEnd)
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(closing)})
	return edits, ""
}

// checkFormatted applies edits to src and returns why the result is not
// acceptable: it does not parse, or src was gofmt-clean and the result is
// not.
func checkFormatted(tf *token.File, src []byte, edits []analysis.TextEdit) string {
	// Applied by the engine the -fix driver merges and applies with, so
	// that the check and the driver agree on what overlaps.
	es := make([]textedit.Edit, 0, len(edits))
	for _, e := range edits {
		if e.Pos < token.Pos(tf.Base()) || int(e.Pos) > tf.Base()+tf.Size() {
			continue // another file: a caller handing in a snapshot
		}
		es = append(es, textedit.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(e.End), New: string(e.NewText)})
	}
	textedit.Sort(es)
	out, err := textedit.Apply(src, es)
	if err != nil {
		return "the edits overlap"
	}
	formatted, err := format.Source(out)
	if err != nil {
		return "the guarded code would not parse"
	}
	if orig, err := format.Source(src); err == nil && bytes.Equal(orig, src) && !bytes.Equal(formatted, out) {
		return "the guarded code would need reformatting"
	}
	return ""
}

// objectLoads is statusupdate's model of the calls that load an object
// (fixes.ObjectLoads), without other packages' facts, which this pass
// does not read; built once a package.
func (c *checker) objectLoads() *fixes.ObjectLoads {
	if c.loads == nil {
		c.loads = fixes.NewObjectLoads(c.pass, c.res, nil)
	}
	return c.loads
}
