package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
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
)

// A status Update inside another package's helper is reported at the call
// that hands the helper an object loaded in this package (reportExternal).
// Its fix spans both packages: the helper's package gains a sibling of the
// helper that patches from a snapshot it is handed,
//
//	// SetReadyFrom is SetReady, with the status merge-patched from base ...
//	func SetReadyFrom(ctx context.Context, c client.Client, obj *v1alpha1.Widget, base *v1alpha1.Widget) error {
//		... the body of SetReady ...
//		return c.Status().Patch(ctx, obj, client.MergeFrom(base), fieldOwner)
//	}
//
// and the caller copies the object right after its load and calls the
// sibling with the copy. The helper itself is left as it was: the callers
// this run does not see (tests, other binaries of the module, code outside
// it) keep compiling, and each caller moves on its own, so a caller that
// cannot take a copy blocks nothing but its own call. The helper's package
// writes its part down in a PatchesFrom fact; the caller's package adds
// its own and hands both to the driver as one fix (fixes.AcrossPackages).

// PatchesFrom is the fact attached to an exported function or method of
// the package whose status Updates of an object parameter can all become
// merge patches from a snapshot handed in: the sibling that does so, and
// the edits that add it. With Name empty, no sibling can be made, and Why
// says why.
type PatchesFrom struct {
	Name  string // the sibling's name
	Param int    // index of the object parameter (the receiver not counted); -1 for none (InPlace)
	// Field, when set, is the field of the struct parameter Param that
	// holds the object (pulp-operator's RemoveTelemetryResources(
	// FunctionResources{Pulp: ...})): a call hands the object in a
	// composite literal, and the sibling's snapshot is of its value.
	Field string
	// InPlace is set when the function itself is the fix: it reads the
	// object again before each write (a Get in a conflict retry), so it
	// patches from a copy it takes after that read, Name is its own name,
	// and its callers change nothing.
	InPlace bool
	// Edits add the sibling and whatever else it needs (siblings of the
	// package's helpers on the way to the write, an import), in this
	// package's files. They are left out where no driver can apply them
	// (fixes.AcrossPackages), the rest of the fact being the same.
	Edits []fixes.FileEdit
	Why   string
}

func (*PatchesFrom) AFact() {}

func (f *PatchesFrom) String() string {
	if f.Name == "" {
		return "no sibling: " + f.Why
	}
	if f.InPlace && f.Param < 0 {
		return "patches in place from copies after its own reads"
	}
	param := fmt.Sprintf("parameter %d", f.Param)
	if f.Field != "" {
		param += ", field " + f.Field
	}
	if f.InPlace {
		return "patches in place from a copy after its own read, " + param
	}
	return fmt.Sprintf("patches from a snapshot as %s, %s", f.Name, param)
}

// sibling is the sibling of one function of the package for one of its
// object parameters: its name, and the edits that declare it (its own and
// those of the siblings it calls).
type sibling struct {
	name  string
	edits []analysis.TextEdit
	why   string // when no sibling can be made
	// inPlace: the function is its own fix (see inPlace), name its name.
	inPlace bool
	// foreign are the edits in other packages it needs: the siblings of
	// their helpers it calls, from their PatchesFrom facts.
	foreign []fixes.FileEdit
	// tooDeep: no sibling because the chain from the exported function
	// was too long, which a shorter chain to the same function may not be.
	tooDeep bool
	// noAlias: no sibling for the object in a field of a parameter
	// because fn does not read the field into a local (fieldAlias).
	noAlias bool
}

// siblings makes the package's siblings, each at most once.
type siblings struct {
	*checker // its snapshot names are shared with the package's own fixes
	made     map[siblingKey]*sibling
	names    map[string]bool // the sibling names taken so far, by scope (see freeName)
	// texts is whether to write the siblings' text: only where a driver
	// can apply it (fixes.AcrossPackages).
	texts bool
}

func (c *checker) siblings(texts bool) *siblings {
	return &siblings{checker: c, made: make(map[siblingKey]*sibling), names: make(map[string]bool), texts: texts}
}

type siblingKey struct {
	fn    *ssa.Function
	param int
	// field is set for the object in a field of struct parameter param,
	// read into a local of fn (see fieldAlias).
	field string
}

// maxSiblingDepth bounds the chain of the package's helpers from the
// exported function to the write that get siblings (rook's
// ReportDeletionBlockedDueToDependents → UpdateStatusConditionsWithRetry →
// UpdateStatusCondition → UpdateStatus is four).
const maxSiblingDepth = 4

// exportSiblings attaches a PatchesFrom fact to every exported function
// and method of the package that may reach a status Update, for the
// packages that call them.
func (c *checker) exportSiblings() {
	pass, res := c.pass, c.res
	s := c.siblings(fixes.AcrossPackages())
	for _, sf := range res.SourceFuncs() {
		fn := sf.Fn
		if fn == nil || fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg || ignore.IsTestFile(pass.Fset, fn.Pos()) || res.IsRoot(fn) || !c.updatesStatus(fn) {
			continue
		}
		// A method of an unexported type counts: other packages call it
		// on values an exported function hands them (rook's
		// (*mirrorChecker).CheckMirroring).
		if fact := s.fact(fn); fact != nil {
			pass.ExportObjectFact(obj, fact)
		}
	}
}

// fact returns the PatchesFrom fact of fn: the sibling for the first of
// its object parameters that has one. nil when fn takes no object.
func (s *siblings) fact(fn *ssa.Function) *PatchesFrom {
	sig := fn.Signature
	why := ""
	for i := 0; i < sig.Params().Len(); i++ {
		if !s.objectParam(sig.Params().At(i).Type()) {
			continue
		}
		sb := s.of(fn, i, "", 0)
		if sb.why != "" {
			why = sb.why
			continue
		}
		return s.withEdits(&PatchesFrom{Name: sb.name, Param: i, InPlace: sb.inPlace}, sb)
	}
	if why == "" {
		var param int
		var field *types.Var
		param, field, why = s.noObjectParam(fn)
		if field != nil {
			sb := s.of(fn, param, field.Name(), 0)
			if sb.why == "" {
				return s.withEdits(&PatchesFrom{Name: sb.name, Param: param, Field: field.Name(), InPlace: sb.inPlace}, sb)
			}
			if !sb.noAlias {
				why = sb.why
			}
		}
	}
	if why == "" && s.objectless(fn) {
		// fn finds the objects it writes itself: it may patch in place.
		// Otherwise nothing is said: most such functions are a
		// reconciler's own, and their callers' findings say what the
		// fact's absence means (noFact).
		if sb := s.of(fn, -1, "", 0); sb.why == "" {
			return s.withEdits(&PatchesFrom{Name: sb.name, Param: -1, InPlace: true}, sb)
		}
	}
	if why == "" {
		return nil
	}
	return &PatchesFrom{Why: why}
}

// withEdits gives fact the edits of sb, in this package and in others,
// where a driver can apply them.
func (s *siblings) withEdits(fact *PatchesFrom, sb *sibling) *PatchesFrom {
	if !s.texts {
		return fact
	}
	edits, err := fixes.FileEditsOf(s.pass.Fset, fixes.UniqueEdits(sb.edits))
	if err != nil {
		return &PatchesFrom{Why: err.Error()}
	}
	edits = append(edits, sb.foreign...)
	sort.Slice(edits, func(a, b int) bool {
		if edits[a].File != edits[b].File {
			return edits[a].File < edits[b].File
		}
		return edits[a].Offset < edits[b].Offset
	})
	fact.Edits = slices.Compact(edits)
	return fact
}

// noObjectParam finds where fn, which takes no object parameter, is handed
// the object it writes: in field of its struct parameter param
// (pulp-operator's RemoveTelemetryResources(FunctionResources{Pulp: ...})),
// which a sibling can take its snapshot for when fn reads the field into a
// local (fieldAlias). why says why there is no sibling otherwise; "" and a
// nil field when no parameter is such a struct: fn finds the object itself.
func (s *siblings) noObjectParam(fn *ssa.Function) (param int, field *types.Var, why string) {
	sig := fn.Signature
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			if f := st.Field(j); s.objectParam(f.Type()) {
				return i, f, fmt.Sprintf("%s is handed the object in %s.%s, a field of a parameter, and does not read it into a variable of its own that it writes (then a sibling takes a snapshot of it)",
					fn.Name(), types.TypeString(t, func(p *types.Package) string { return p.Name() }), f.Name())
			}
		}
	}
	return 0, nil, ""
}

// fieldAlias returns the local of decl that holds the object in field of
// its struct parameter p: the one variable declared x := p.field (p.F for
// an embedded *F), where neither p nor x is assigned again, nor p's
// address taken, so that x is the object the caller put in the field
// throughout. nil when there is none, or more than one.
func (s *siblings) fieldAlias(decl *ast.FuncDecl, p *types.Var, field string) *types.Var {
	info := s.pass.TypesInfo
	var alias *types.Var
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if root := rootIdent(lhs); root != nil && info.Uses[root] == p {
					ok = false // p or a field of it assigned
				}
				if n.Tok != token.DEFINE || len(n.Lhs) != len(n.Rhs) {
					continue
				}
				sel, isSel := ast.Unparen(n.Rhs[i]).(*ast.SelectorExpr)
				id, isID := lhs.(*ast.Ident)
				if !isSel || !isID || sel.Sel.Name != field {
					continue
				}
				if x, _ := ast.Unparen(sel.X).(*ast.Ident); x == nil || info.Uses[x] != p {
					continue
				}
				if v, _ := info.Defs[id].(*types.Var); v != nil {
					if alias != nil {
						ok = false
					}
					alias = v
				}
			}
		case *ast.UnaryExpr:
			if root := rootIdent(n.X); n.Op == token.AND && root != nil && info.Uses[root] == p {
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	return alias
}

// rootIdent is the variable an expression like x, x.f or x.f.g starts from.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// objectParam reports whether t can be a Kubernetes object: a pointer or
// an interface with a DeepCopyObject method (runtime.Object's).
func (s *siblings) objectParam(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		obj, _, _ := types.LookupFieldOrMethod(t, true, s.pass.Pkg, "DeepCopyObject")
		_, ok := obj.(*types.Func)
		return ok
	}
	return false
}

// of returns the sibling of fn for its object parameter param: fn's
// declaration again under a new name, with a parameter base of the
// object's type (last, or before a variadic parameter), each status Update of the object a merge patch from base,
// and each call that hands the object to a helper of the package that
// updates its status a call of that helper's sibling. It has none (why)
// when a status Update reachable from fn is of something else, or in
// another package, a closure, a goroutine, a deferred call or a method
// value, or when fn reads into the object or assigns it.
//
// With field set, the object is in that field of the struct parameter
// param, which fn reads into a local of its own (fieldAlias): the local
// is the object, and the snapshot parameter has the field's type.
func (s *siblings) of(fn *ssa.Function, param int, field string, depth int) *sibling {
	key := siblingKey{fn, param, field}
	if sb, ok := s.made[key]; ok {
		if sb == nil {
			return &sibling{why: fmt.Sprintf("%s calls itself", fn.Name())}
		}
		return sb
	}
	s.made[key] = nil // in the making: a recursive call finds nil
	sb := s.make(fn, param, field, depth)
	s.made[key] = sb
	if sb.tooDeep {
		delete(s.made, key) // reached more directly, it may have one
	}
	return sb
}

func (s *siblings) make(fn *ssa.Function, param int, field string, depth int) *sibling {
	pass, res := s.pass, s.res
	info := pass.TypesInfo
	fail := func(format string, args ...any) *sibling { return &sibling{why: fmt.Sprintf(format, args...)} }
	name := fn.Name()
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if depth >= maxSiblingDepth {
		return &sibling{why: fmt.Sprintf("the write is too far inside %s", name), tooDeep: true}
	}
	if !ok || decl.Body == nil {
		return fail("%s has no body", name)
	}
	file := fixes.FileOf(pass, decl.Pos())
	if file == nil || ignore.CgoProcessed(file) || ast.IsGenerated(file) {
		return fail("%s is in a generated or cgo file", name)
	}
	obj, _ := fn.Object().(*types.Func)
	sig := fn.Signature
	if obj == nil || fn.TypeParams().Len() > 0 || (sig.Recv() != nil && recvTypeParams(sig.Recv().Type())) {
		return fail("%s is generic", name)
	}
	if param < 0 {
		return s.inPlace(fn, decl, file, nil, depth) // fn loads its objects itself
	}
	v := sig.Params().At(param)
	var typeExpr ast.Expr
	if field != "" {
		if v = s.fieldAlias(decl, v, field); v == nil {
			return &sibling{why: fmt.Sprintf("%s does not read the field %s into a variable of its own", name, field), noAlias: true}
		}
	} else if typeExpr = fixes.ParamTypeExpr(decl, v); typeExpr == nil || v.Name() == "" || v.Name() == "_" {
		return fail("%s does not name its object parameter", name)
	}
	if fixes.Reloads(res.Model, info, decl.Body, v) {
		return s.inPlace(fn, decl, file, v, depth)
	}
	baseName := fixes.FreeName(pass.Pkg, decl.Body, decl.Body.Pos(), "base", nil)

	inDecl, edits, foreign, failed := s.rewrite(fn, []*ssa.Function{fn}, func(u *types.Var) bool { return u == v }, v.Name(), file, depth,
		func(_ ast.Node, _ *types.Var, _ string, addr bool) (string, []analysis.TextEdit) {
			if addr {
				return "", nil
			}
			return baseName, nil
		}, fmt.Sprintf("%s updates the status of something other than %s", name, v.Name()))
	if failed != nil {
		// fn may write only objects it reads itself, not v (rook's
		// updateCephStatusWithCephxStatus: a Get into a new object and
		// its status update, in a conflict retry): then it patches each
		// from a copy after that read, and needs no sibling. A write of
		// v, or v handed on, finds no read of v there, so this fails
		// for them.
		if own := s.inPlace(fn, decl, file, nil, depth); own.why == "" {
			return own
		}
		return failed
	}
	if len(inDecl) == 0 {
		// Every write is in helpers that patch from their own copies:
		// fn needs no sibling either.
		return &sibling{name: name, inPlace: true, edits: edits, foreign: foreign}
	}
	sibName := s.freeName(obj)
	if sibName == "" {
		return fail("%sFrom is taken", name)
	}

	// The sibling's declaration: fn's, with the edits above, the new name
	// and the base parameter.
	baseType, importEdits := s.snapshotTypeExpr(file, decl, v, typeExpr)
	edits = append(edits, importEdits...)
	inDecl = append(inDecl,
		analysis.TextEdit{Pos: decl.Name.Pos(), End: decl.Name.End(), NewText: []byte(sibName)},
		fixes.SnapshotParam(decl, sig, baseName, baseType),
	)
	sb := &sibling{name: sibName, foreign: foreign}
	if s.texts {
		text, err := s.declText(decl, inDecl)
		if err != nil {
			return fail("%v", err)
		}
		doc := commentText(fmt.Sprintf("%s is %s, with the status of %s merge-patched from %s "+
			"(a copy of %s taken right after it was loaded) instead of updated: an Update "+
			"sends the cached resourceVersion and fails with 409 Conflict when the cache is behind.",
			sibName, name, v.Name(), baseName, v.Name()))
		sb.edits = append(edits, analysis.TextEdit{Pos: decl.End(), End: decl.End(), NewText: []byte("\n\n" + doc + text)})
	}
	scope := ""
	if recv := sig.Recv(); recv != nil {
		scope = types.TypeString(recv.Type(), nil) + "."
	}
	s.names[scope+sibName] = true
	return sb
}

// inPlace returns the fix of fn for its object parameter v when fn reads
// into v itself before it writes it (rook's UpdateStatusConditionsWithRetry,
// a Get and a status Update in a conflict retry): each status Update of v
// that fn reaches, in its body, in a function literal inside it, or in a
// helper it hands v to, patches from a copy taken right after the read
// that precedes it on every path in its own function. This is the
// snapshot the in-package fix takes for the same code, so fn keeps its
// name and its signature, and its callers change nothing. It has none
// (why) when some write has no such read before it.
//
// With v nil, fn takes no object: it loads the objects it writes itself
// (rook's UpdateCondition, a Get of the cluster in a conflict retry and
// reporting.UpdateStatus of it), and each write, of whichever local
// object, is judged the same way.
func (s *siblings) inPlace(fn *ssa.Function, decl *ast.FuncDecl, file *ast.File, v *types.Var, depth int) *sibling {
	pass, res := s.pass, s.res
	info := pass.TypesInfo
	// fn and the function literals inside it, in source order.
	var funcs []*ssa.Function
	var add func(*ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, a := range f.AnonFuncs {
			add(a)
		}
	}
	add(fn)
	// A copy of u taken right after the read that precedes n on every
	// path in n's function.
	snapshot := func(n ast.Node, u *types.Var, clientName string, addr bool) (string, []analysis.TextEdit) {
		path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
		body, _ := fixes.EnclosingFunc(path)
		if body == nil {
			return "", nil
		}
		load, _, _ := s.lastLoad(path, body, u)
		if load == nil {
			return "", nil
		}
		if check := fixes.ErrCheckAfter(info, body, load); check != nil {
			load = check
		}
		baseName, copyStmt := s.snaps.Copy(pass, res, clientName, load, u, addr, body, token.NoPos, "base")
		if baseName == "" || copyStmt == "" {
			return baseName, nil
		}
		indent := strings.Repeat("\t", pass.Fset.Position(load.Pos()).Column-1)
		return baseName, []analysis.TextEdit{{Pos: load.End(), End: load.End(), NewText: []byte("\n" + indent + copyStmt)}}
	}
	what, match := "", func(u *types.Var) bool { return u == v }
	if v != nil {
		what = v.Name()
	} else {
		what, match = "the objects it writes", func(u *types.Var) bool { return u != nil }
	}
	noBase := fmt.Sprintf("%s reads into %s or assigns it, but not right before every write", fn.Name(), what)
	if v == nil {
		noBase = fmt.Sprintf("%s writes an object it has not read on every path right before", fn.Name())
	}
	local, edits, foreign, failed := s.rewrite(fn, funcs, match, what, file, depth, snapshot, noBase)
	if failed != nil {
		return failed
	}
	return &sibling{name: fn.Name(), inPlace: true, edits: append(local, edits...), foreign: foreign}
}

// rewrite returns the edits that make each status Update in funcs (fn, and
// the function literals inside it that inPlace follows) of an object that
// match accepts a merge patch from a copy, and each call in funcs that
// hands such an object on to a helper a call of the helper's sibling with
// the copy: local, the edits inside fn's declaration; others, those
// elsewhere in the package (imports, the helpers' siblings); foreign,
// those in other packages (their helpers' siblings, from PatchesFrom
// facts). A helper that patches in place keeps its call. base names the
// copy of u for the write or call n and returns the edits that take it;
// "" when there is none, and the fix then fails with noBase. failed says
// why there is no fix: a write fn reaches that cannot be followed or made
// a patch.
func (s *siblings) rewrite(fn *ssa.Function, funcs []*ssa.Function, match func(*types.Var) bool, what string, file *ast.File, depth int,
	base func(n ast.Node, u *types.Var, clientName string, addr bool) (string, []analysis.TextEdit), noBase string) (local, others []analysis.TextEdit, foreign []fixes.FileEdit, failed *sibling) {
	pass, res := s.pass, s.res
	info := pass.TypesInfo
	name := fn.Name()
	fail := func(format string, args ...any) *sibling { return &sibling{why: fmt.Sprintf(format, args...)} }
	in := make(map[*ssa.Function]bool)
	for _, f := range funcs {
		in[f] = true
	}
	// Each Update fn can reach must be made a patch here or in the
	// sibling of a helper it calls.
	updates := make(map[*reconcilepath.Write]bool)
	for _, w := range res.WritesFrom(fn) {
		if w.Verb == "Update" {
			updates[w] = true
		}
	}
	// handOn renames call, a call of a helper whose sibling is named
	// sibName and takes the snapshot where sig says (fixes.SnapshotArg),
	// and hands it the copy of u.
	handOn := func(call *ast.CallExpr, sig *types.Signature, sibName string, u *types.Var, addr bool) *sibling {
		clientName, importEdits := fixes.AddImport(pass, file, call.Pos(), crmodel.ClientPath, "client")
		baseName, copyEdits := base(call, u, clientName, addr)
		if baseName == "" {
			return fail("%s", noBase)
		}
		fun := calleeName(call)
		arg, ok := fixes.SnapshotArg(sig, call, baseName)
		if fun == nil || !ok {
			return fail("%s calls %s in a way the fix cannot rename", name, types.ExprString(call.Fun))
		}
		local = append(local, copyEdits...)
		local = append(local, analysis.TextEdit{Pos: fun.Pos(), End: fun.End(), NewText: []byte(sibName)}, arg)
		for _, e := range copyEdits {
			if strings.Contains(string(e.NewText), clientName+".") {
				others = append(others, importEdits...) // the copy's type assertion
			}
		}
		return nil
	}
	for _, w := range res.Writes {
		if !in[w.Fn] || w.Verb != "Update" {
			continue
		}
		delete(updates, w)
		if w.External != nil {
			// Another package's helper: its PatchesFrom fact says how.
			callee := w.Instr.Common().StaticCallee()
			var obj *types.Func
			if callee != nil && callee.Origin() == nil {
				obj, _ = callee.Object().(*types.Func)
			}
			fact := new(PatchesFrom)
			switch {
			case obj == nil || !pass.ImportObjectFact(obj, fact):
				return nil, nil, nil, fail("%s reaches it through %s, which %s", name, w.ExternalName, noFact)
			case fact.Name == "":
				return nil, nil, nil, fail("%s", fact.Why)
			case fact.InPlace:
				foreign = append(foreign, fact.Edits...)
				continue
			case w.MethodValue, w.Go, w.Deferred, w.Call == nil, fact.Param >= len(w.Call.Args):
				return nil, nil, nil, fail("%s hands the object to %s in a deferred call, a goroutine or through a method value", name, w.ExternalName)
			}
			arg, _, why := s.objectArg(w.Call, obj, fact)
			if arg == nil {
				return nil, nil, nil, fail("%s", why)
			}
			u, addr := fixes.ObjectVar(info, arg)
			if u == nil || !match(u) {
				return nil, nil, nil, fail("%s hands %s something other than %s", name, w.ExternalName, what)
			}
			if failed := handOn(w.Call, obj.Type().(*types.Signature), fact.Name, u, addr); failed != nil {
				return nil, nil, nil, failed
			}
			foreign = append(foreign, fact.Edits...)
			continue
		}
		switch {
		case w.MethodValue, w.Go, w.Deferred, w.Call == nil || len(w.Call.Args) < 2:
			return nil, nil, nil, fail("%s writes it through a method value, a goroutine or a deferred call", name)
		}
		u, addr := fixes.ObjectVar(info, w.Call.Args[1])
		if u == nil || !match(u) {
			return nil, nil, nil, fail("%s updates the status of something other than %s", name, what)
		}
		sel, ok := ast.Unparen(w.Call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, nil, nil, fail("the write in %s is not a method call", name)
		}
		if reason := fixes.Unpatchable(s.pass.TypesInfo, s.pass.Pkg, w.Call, sel, "status writer"); reason != "" {
			return nil, nil, nil, fail("%s", reason)
		}
		clientName, importEdits := fixes.AddImport(pass, file, w.Call.Pos(), crmodel.ClientPath, "client")
		baseName, copyEdits := base(w.Call, u, clientName, addr)
		if baseName == "" {
			return nil, nil, nil, fail("%s", noBase)
		}
		objArg := w.Call.Args[1]
		local = append(local, copyEdits...)
		local = append(local,
			analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
			analysis.TextEdit{Pos: objArg.End(), End: objArg.End(), NewText: []byte(", " + clientName + ".MergeFrom(" + baseName + ")")},
		)
		others = append(others, importEdits...)
	}
	// The calls that hand an object on to a helper of the package.
	for _, f := range funcs {
		for _, site := range res.CallsIn(f) {
			callee := site.Common().StaticCallee()
			if callee == nil || callee.Pkg != fn.Pkg || in[callee] || !s.updatesStatus(callee) {
				continue // a literal of fn's is among funcs
			}
			call := res.CallExpr(site.Common().Pos())
			if _, plain := site.(*ssa.Call); !plain || call == nil {
				return nil, nil, nil, fail("%s hands %s on in a deferred call or a goroutine", name, what)
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if selection := info.Selections[sel]; selection != nil && selection.Kind() == types.MethodExpr {
					return nil, nil, nil, fail("%s calls %s as a method expression", name, callee.Name())
				}
			}
			at, u := -1, (*types.Var)(nil)
			for i, a := range call.Args {
				if x, addr := fixes.ObjectVar(info, a); x != nil && match(x) && !addr && i < callee.Signature.Params().Len() && s.objectParam(callee.Signature.Params().At(i).Type()) {
					at, u = i, x
				}
			}
			var sub *sibling
			switch {
			case at >= 0:
				sub = s.of(callee, at, "", depth+1)
			case s.objectless(callee):
				sub = s.of(callee, -1, "", depth+1) // it loads its objects itself
			default:
				return nil, nil, nil, fail("%s calls %s, which updates a status, without handing it %s", name, callee.Name(), what)
			}
			if sub.why != "" {
				return nil, nil, nil, sub
			}
			for _, w := range res.WritesFrom(callee) {
				delete(updates, w)
			}
			others = append(others, sub.edits...)
			foreign = append(foreign, sub.foreign...)
			if sub.inPlace {
				continue // the call stays: the helper patches from its own copy
			}
			if failed := handOn(call, callee.Signature, sub.name, u, false); failed != nil {
				return nil, nil, nil, failed
			}
		}
	}
	if len(updates) > 0 {
		return nil, nil, nil, fail("%s reaches a status Update the fix cannot follow (a closure, an interface method)", name)
	}
	return local, others, foreign, nil
}

// objectless reports whether fn takes no object parameter.
func (s *siblings) objectless(fn *ssa.Function) bool {
	for i := 0; i < fn.Signature.Params().Len(); i++ {
		if s.objectParam(fn.Signature.Params().At(i).Type()) {
			return false
		}
	}
	return true
}

// snapshotTypeExpr is the type a sibling's snapshot parameter is declared
// with, for its object v declared with typeExpr (nil for a local holding
// the object from a field, whose type is then written out): the same
// type, or, for an interface other than client.Object (rook's
// statusConditionGetter), client.Object, which is what a copy made with
// DeepCopyObject is asserted to and all that MergeFrom needs.
func (s *siblings) snapshotTypeExpr(file *ast.File, decl *ast.FuncDecl, v *types.Var, typeExpr ast.Expr) (string, []analysis.TextEdit) {
	obj, _ := s.res.Model.Lookup("Object").(*types.TypeName)
	if types.IsInterface(v.Type()) && (obj == nil || !types.Identical(obj.Type(), v.Type())) {
		// The signature sees the file's imports, whatever the parameters
		// are named.
		clientName, importEdits := fixes.AddImport(s.pass, file, decl.Pos(), crmodel.ClientPath, "client")
		return clientName + ".Object", importEdits
	}
	if typeExpr != nil {
		return types.ExprString(typeExpr), nil
	}
	var edits []analysis.TextEdit
	text := types.TypeString(v.Type(), func(p *types.Package) string {
		if p == s.pass.Pkg {
			return ""
		}
		name := fixes.UsualImportName(s.pass.Files, p.Path())
		if name == "" {
			name = p.Name()
		}
		name, importEdits := fixes.AddImport(s.pass, file, decl.Pos(), p.Path(), name)
		edits = append(edits, importEdits...)
		return name
	})
	return text, edits
}

// commentText wraps text into // lines of at most 76 columns.
func commentText(text string) string {
	var b strings.Builder
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 76 && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// declText returns the source of decl (without its doc comment) with edits
// applied, all of them inside it.
func (s *siblings) declText(decl *ast.FuncDecl, edits []analysis.TextEdit) (string, error) {
	tf := s.pass.Fset.File(decl.Pos())
	src, err := s.readFile(tf.Name())
	if err != nil {
		return "", err
	}
	if len(src) != tf.Size() {
		return "", fmt.Errorf("%s changed while it was analysed", tf.Name())
	}
	start := tf.Offset(decl.Pos())
	local := make([]textedit.Edit, 0, len(edits))
	for _, e := range edits {
		local = append(local, textedit.Edit{Start: tf.Offset(e.Pos) - start, End: tf.Offset(e.End) - start, New: string(e.NewText)})
	}
	textedit.Sort(local)
	out, err := textedit.Apply(src[start:tf.Offset(decl.End())], local)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

func (s *siblings) readFile(name string) ([]byte, error) {
	if s.pass.ReadFile != nil {
		return s.pass.ReadFile(name)
	}
	return os.ReadFile(name)
}

// freeName returns the sibling's name for fn, NameFrom, when nothing of
// the package (or of the receiver's type, for a method) has it.
func (s *siblings) freeName(fn *types.Func) string {
	name := fn.Name() + "From"
	scope := ""
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		scope = types.TypeString(recv.Type(), nil) + "."
	}
	if s.names[scope+name] {
		return "" // another function's sibling: Name and NameFrom both have a sibling
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		if obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), name); obj != nil {
			return ""
		}
		return name
	}
	if fn.Pkg().Scope().Lookup(name) != nil {
		return ""
	}
	for _, f := range s.pass.Files {
		if sc := s.pass.TypesInfo.Scopes[f]; sc != nil && sc.Lookup(name) != nil {
			return ""
		}
	}
	return name
}

// updatesStatus reports whether a call of fn may reach a status Update.
func (c *checker) updatesStatus(fn *ssa.Function) bool {
	return slices.ContainsFunc(c.res.WritesFrom(fn), func(w *reconcilepath.Write) bool { return w.Verb == "Update" })
}

// recvTypeParams reports whether a receiver type has type parameters.
func recvTypeParams(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.TypeParams().Len() > 0
}

// objectArg returns the expression of call, a call of fn, that hands fn
// the object its PatchesFrom fact names, and the type the sibling's
// snapshot has: the argument at fact.Param, or, for the object in a field
// of that struct parameter, the field's value in the composite literal
// the call makes there. why says why there is none.
func (c *checker) objectArg(call *ast.CallExpr, fn *types.Func, fact *PatchesFrom) (arg ast.Expr, want types.Type, why string) {
	if fact.Param < 0 || fact.Param >= len(call.Args) {
		return nil, nil, "the call cannot be given the copy"
	}
	arg = call.Args[fact.Param]
	want = fn.Type().(*types.Signature).Params().At(fact.Param).Type()
	if fact.Field == "" {
		return arg, want, ""
	}
	lit, _ := ast.Unparen(arg).(*ast.CompositeLit)
	if u, ok := ast.Unparen(arg).(*ast.UnaryExpr); ok && u.Op == token.AND {
		lit, _ = ast.Unparen(u.X).(*ast.CompositeLit)
	}
	if lit != nil {
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				break // positional: no keys to find the field by
			}
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == fact.Field {
				if tv, ok := c.pass.TypesInfo.Types[kv.Value]; ok {
					return kv.Value, tv.Type, ""
				}
			}
		}
	}
	return nil, nil, fmt.Sprintf("the object is handed to %s in the field %s of a value that is not a composite literal naming it", fn.Name(), fact.Field)
}

// calleeName returns the identifier that names the function call calls,
// f in f(...) and x.f(...), or nil.
func calleeName(call *ast.CallExpr) *ast.Ident {
	switch f := fixes.Uninstantiated(call.Fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}
