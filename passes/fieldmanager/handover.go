package fieldmanager

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// ParamWrites is the fact a package exports about one of its exported
// functions or methods that writes through a client parameter, directly,
// through a struct field it stores the parameter in, or by handing it on,
// in writes that name no field manager when the client names none. The
// importing package reports where it hands such a function a client that
// names none: that is where the client is made, and where wrapping it with
// client.WithFieldOwner fixes every write at once.
type ParamWrites struct {
	Params []ParamWrite
}

// ParamWrite is one parameter's writes.
type ParamWrite struct {
	Index    int      // the parameter's position, from 0
	Count    int      // the writes it reaches
	Examples []string // the first few, as "Create of *corev1.ConfigMap at file.go:12"

	// Manager is set when the parameter is a manager (or cluster) and the
	// writes go through the client its GetClient returns
	// (SetupWithManager(mgr) storing mgr.GetClient()): whether that client
	// names a field manager is decided from the manager's options where
	// the manager is made.
	Manager bool

	// Pointer is set when the parameter is a pointer to a client
	// (ReconcileX(ctx, &r.Client)): the writes go through the client it
	// points to.
	Pointer bool

	// AtLeast says Count is a lower bound: the writes of several
	// functions that may share some (reconcilers reaching the same
	// helpers), where the examples do not list them all.
	AtLeast bool

	// CanWrap says the controller-runtime release has
	// client.WithFieldOwner, as the exporting package sees it. A package
	// that imports the client package only indirectly cannot tell under
	// go vet (export data lists only what its importers use), while the
	// standalone command can: the fact makes both say the same.
	CanWrap bool
}

// maxExamples bounds the writes a fact names, to keep facts small; a
// message names the first shownExamples, and its related information
// every one the fact names.
const (
	maxExamples   = 50
	shownExamples = 3
)

func (*ParamWrites) AFact() {}

func (f *ParamWrites) String() string {
	var parts []string
	for _, p := range f.Params {
		kind := ""
		switch {
		case p.Manager:
			kind = " (manager)"
		case p.Pointer:
			kind = " (pointer)"
		}
		parts = append(parts, fmt.Sprintf("param %d%s: %d writes (%s)", p.Index, kind, p.Count, strings.Join(p.Examples, "; ")))
	}
	return "writes through its client parameters: " + strings.Join(parts, ", ")
}

// external reports whether other packages may call fn and so hand it
// clients the package cannot see.
func (c *checker) external(fn *types.Func) bool {
	return fn.Exported() && c.pkg.Name() != "main"
}

// canWrap reports whether the release has client.WithFieldOwner, as far
// as the package can tell: client.New wraps with it where Options has
// FieldOwner, so either proves it.
func (c *checker) canWrap() bool {
	return c.m.Lookup("WithFieldOwner") != nil || c.m.ClientOptionsHas("FieldOwner")
}

// releaseCanOwn reports whether the controller-runtime release lets a
// manager's client name a field manager: client.Options has FieldOwner, or
// client.WithFieldOwner exists for a custom NewClient to wrap with. In
// older releases the manager's client never names one.
//
// A client package read from export data for an indirect import holds only
// the objects its importers reference (its scope is not complete): there a
// missing WithFieldOwner proves nothing, and the release is assumed able.
func (c *checker) releaseCanOwn() bool {
	return c.m.ClientOptionsHas("FieldOwner") || c.m.Lookup("WithFieldOwner") != nil || !c.m.Client.Complete()
}

// describe names a write for messages and facts: "status Update of
// *v1alpha1.Widget".
func (c *checker) describe(file *ast.File, call *ast.CallExpr, instr ssa.CallInstruction, fn *types.Func, kind crmodel.Kind) string {
	verb := fn.Name()
	if kind == crmodel.SubResourceWrite {
		verb = c.subresource(receiverOf(instr.Common())) + " " + verb
	}
	obj := "an object"
	if len(call.Args) >= 2 {
		if t := c.info.TypeOf(call.Args[1]); t != nil && t != types.Typ[types.Invalid] {
			obj = types.TypeString(t, qualifier(file))
		}
	}
	return verb + " of " + obj
}

// FieldWrites is the fact a package exports about an exported struct
// field that other packages can set on objects they make (a reconciler's
// Client, which the package itself sets only in a constructor that wraps
// it with client.WithFieldOwner): the writes through the field that name
// no field manager when the client stored in it names none. The importing
// package reports where it stores such a client in the field.
type FieldWrites struct {
	Count    int
	Examples []string
	CanWrap  bool // as ParamWrite.CanWrap
}

func (*FieldWrites) AFact() {}

func (f *FieldWrites) String() string {
	return fmt.Sprintf("writes through the field: %d (%s)", f.Count, strings.Join(f.Examples, "; "))
}

// handedOn collects, for the package's facts, the writes that name no
// field manager only under the assumption that other packages hand the
// package clients that name none, or store them in its open fields.
type handedOn struct {
	byParam map[paramRef]*ParamWrite
	canWrap bool // the release has client.WithFieldOwner, as far as the package can tell
}

func (h *handedOn) add(ref paramRef, count int, examples []string) {
	if h.byParam == nil {
		h.byParam = make(map[paramRef]*ParamWrite)
	}
	pw := h.byParam[ref]
	if pw == nil {
		pw = &ParamWrite{Index: ref.index, Manager: ref.manager, Pointer: ref.pointer}
		h.byParam[ref] = pw
	}
	pw.Count += count
	for _, ex := range examples {
		if len(pw.Examples) < maxExamples {
			pw.Examples = append(pw.Examples, ex)
		}
	}
}

// export exports the facts of the package's exported functions.
func (h *handedOn) export(pass *analysis.Pass) {
	byFunc := make(map[*types.Func][]ParamWrite)
	var funcs []*types.Func
	var fields []*types.Var
	for ref, pw := range h.byParam {
		if ref.field != nil {
			if ref.field.Pkg() == pass.Pkg {
				fields = append(fields, ref.field)
			}
			continue
		}
		if ref.fn.Pkg() != pass.Pkg || !ref.fn.Exported() {
			continue
		}
		if _, ok := byFunc[ref.fn]; !ok {
			funcs = append(funcs, ref.fn)
		}
		p := *pw
		p.CanWrap = h.canWrap
		byFunc[ref.fn] = append(byFunc[ref.fn], p)
	}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].Pos() < funcs[j].Pos() })
	for _, fn := range funcs {
		params := byFunc[fn]
		sort.Slice(params, func(i, j int) bool { return params[i].Index < params[j].Index })
		pass.ExportObjectFact(fn, &ParamWrites{Params: params})
	}
	sort.Slice(fields, func(i, j int) bool { return fields[i].Pos() < fields[j].Pos() })
	for _, f := range fields {
		pw := h.byParam[paramRef{field: f}]
		pass.ExportObjectFact(f, &FieldWrites{Count: pw.Count, Examples: pw.Examples, CanWrap: h.canWrap})
	}
}

// assumed evaluates a client a second time, assuming that the clients
// other packages hand to the package's exported functions name none, and
// returns the parameters the client then depends on, or nil when it is not
// none even so.
func (c *checker) assumed(eval func() state) []paramRef {
	if c.testCtx {
		return nil // a test's clients say nothing about the package's callers
	}
	c.assume, c.deps = true, nil
	s := eval()
	deps := c.deps
	c.assume, c.deps = false, nil
	if s != none || len(deps) == 0 {
		return nil
	}
	seen := make(map[paramRef]bool)
	var out []paramRef
	for _, d := range deps {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// position names pos as "file.go:line" for facts and messages.
func (r *reporter) position(pos token.Pos) string {
	p := r.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// handover checks a call of another package's function with a
// ParamWrites fact: a client argument that names no field manager is
// reported there, naming the writes it reaches, with a fix that wraps it
// with client.WithFieldOwner.
func (r *reporter) handover(file *ast.File, call *ast.CallExpr) {
	c := r.c
	var fn types.Object
	if f := crmodel.CalledFunc(c.info, call); f != nil && !abstract(f) {
		fn = f.Origin()
	} else if v := calledFuncVar(c.info, call); v != nil {
		fn = v
	} else if !r.factImports || call.Ellipsis.IsValid() {
		return // no function value here can hold a function with a fact
	} else if instr := c.instr(call); instr != nil {
		// A function value, or an interface method: the functions of
		// other packages it may hold, or the methods of the values it may
		// be called on, are handed the arguments, reported once for them
		// all. (Only with a fact to find: instr builds SSA for a package
		// the reachability analysis did not.)
		var facts []ParamWrites
		var names []string
		for _, f := range c.heldFuncs(instr.Common()) {
			var fact ParamWrites
			if r.pass.ImportObjectFact(f, &fact) {
				facts = append(facts, fact)
				names = append(names, r.funcName(file, f))
			}
		}
		if len(facts) > 0 {
			r.handoverTo(file, call, heldName(call, names), mergeParamWrites(facts))
		}
		return
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == r.pass.Pkg || call.Ellipsis.IsValid() {
		return
	}
	var fact ParamWrites
	if r.pass.ImportObjectFact(fn, &fact) {
		r.handoverTo(file, call, r.funcName(file, fn), fact)
	}
}

// heldName names, for messages, the function value call calls by the
// functions it may hold: "addgadget.Add" for one, "f (nodedaemon.Add,
// pool.Add and 12 more)" for several.
func heldName(call *ast.CallExpr, names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	const shown = 2
	list := strings.Join(names[:min(len(names), shown)], ", ")
	if len(names) > shown {
		list += fmt.Sprintf(" and %d more", len(names)-shown)
	}
	return types.ExprString(call.Fun) + " (" + list + ")"
}

// mergeParamWrites is the fact of a call of any of the functions whose
// facts are facts: for each parameter, the writes of all of them, each
// counted once. Writes the facts name alike are one write (reconcilers
// reaching the same helper); where a fact names only some of its writes,
// the count is a lower bound.
func mergeParamWrites(facts []ParamWrites) ParamWrites {
	type merged struct {
		pw         ParamWrite
		examples   []string // every distinct example, uncapped
		most       int      // the largest count of one fact
		n          int      // the facts merged
		incomplete bool     // one of them names only some of its writes
	}
	var all []*merged
	for _, f := range facts {
		for _, p := range f.Params {
			m := (*merged)(nil)
			for _, o := range all {
				if o.pw.Index == p.Index && o.pw.Manager == p.Manager && o.pw.Pointer == p.Pointer {
					m = o
				}
			}
			if m == nil {
				all = append(all, &merged{pw: p, examples: slices.Clone(p.Examples), most: p.Count, n: 1, incomplete: p.Count > len(p.Examples)})
				continue
			}
			for _, ex := range p.Examples {
				if !slices.Contains(m.examples, ex) {
					m.examples = append(m.examples, ex)
				}
			}
			m.pw.AtLeast = m.pw.AtLeast || p.AtLeast
			m.pw.CanWrap = m.pw.CanWrap || p.CanWrap
			m.most = max(m.most, p.Count)
			m.n++
			m.incomplete = m.incomplete || p.Count > len(p.Examples)
		}
	}
	var out ParamWrites
	for _, m := range all {
		if m.n > 1 {
			m.pw.Count = max(len(m.examples), m.most)
			m.pw.Examples = m.examples[:min(len(m.examples), maxExamples)]
			m.pw.AtLeast = m.pw.AtLeast || m.incomplete
		}
		out.Params = append(out.Params, m.pw)
	}
	return out
}

// handoverTo reports or passes on what call hands a function, named name
// in messages, whose fact is fact.
func (r *reporter) handoverTo(file *ast.File, call *ast.CallExpr, name string, fact ParamWrites) {
	c := r.c
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := c.info.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			return // (*T).M(recv, args...): the arguments are shifted
		}
	}
	instr := c.instr(call)
	if instr == nil {
		return
	}
	for _, pw := range fact.Params {
		if pw.Index >= len(call.Args) {
			continue
		}
		arg := call.Args[pw.Index]
		val := argument(instr.Common(), pw.Index)
		if val == nil {
			continue
		}
		eval := func() state { return c.client(val) }
		switch {
		case pw.Manager:
			eval = func() state { return c.manager(val) }
		case pw.Pointer:
			eval = func() state { return c.load(val) }
		}
		switch eval() {
		case none:
			switch {
			case pw.Manager:
				r.reportManagerHandover(name, arg, val, pw)
			case pw.Pointer:
				r.reportPointerHandover(name, arg, pw)
			default:
				r.reportHandover(file, "client handed to "+name, arg, pw)
			}
		case unknown:
			r.passOn(pw, name, eval)
		}
	}
}

// heldFuncs returns the functions of other packages that the function
// value a call calls may hold, as far as the package's own stores tell:
// through locals, fields and package variables, and into slices, their
// elements and append. This is the operator-sdk layout, whose controller
// package appends each controller's Add to AddToManagerFuncs in an init
// function and calls them all with the manager:
//
//	for _, f := range AddToManagerFuncs {
//		if err := f(m); err != nil {
//
// Another package may append to the variable too; the functions found
// are some of those called, which is enough to say that their writes are
// made.
//
// For an interface method called with a client or a manager, the methods
// are those of the values it may be called on, found the same way and
// also through maps (VictoriaMetrics operator's controllersByName, whose
// reconcilers each get the client from an Init method):
//
//	for name, ct := range controllersByName {
//		ct.Init(name, mgr.GetClient(), ...)
func (c *checker) heldFuncs(common *ssa.CallCommon) []*types.Func {
	if common.StaticCallee() != nil || common.IsInvoke() && !c.handsClient(common.Signature()) {
		return nil
	}
	ix := c.program()
	origins, _ := ix.Origins(common.Value, valueflow.Rule{Step: func(v ssa.Value) valueflow.Step {
		if m := valueflow.MapOf(v); m != nil {
			return valueflow.Step{Kind: valueflow.Follow, Next: ix.MapValues(m)} // a map's value: those stored in it
		}
		switch v := v.(type) {
		case *ssa.UnOp:
			if ia, ok := v.X.(*ssa.IndexAddr); ok && v.Op == token.MUL {
				return valueflow.Step{Kind: valueflow.Follow, Next: []ssa.Value{ia.X}} // an element: the slice's
			}
		case *ssa.Call:
			if b, ok := v.Common().Value.(*ssa.Builtin); ok && b.Name() == "append" {
				return valueflow.Step{Kind: valueflow.Follow, Next: v.Common().Args}
			}
		case *ssa.Slice:
			if a, ok := v.X.(*ssa.Alloc); ok {
				return valueflow.Step{Kind: valueflow.Follow, Next: valueflow.ElementValues(a)} // a literal, or append's variadic arguments
			}
		}
		return valueflow.Step{}
	}})
	var out []*types.Func
	for _, o := range origins {
		var obj *types.Func
		if common.IsInvoke() {
			obj = methodOf(o.Type(), common.Method.Pkg(), common.Method.Name())
		} else if f, ok := o.(*ssa.Function); ok {
			obj, _ = f.Object().(*types.Func)
		}
		if obj != nil && obj.Pkg() != nil && obj.Pkg() != c.pkg && !slices.Contains(out, obj.Origin()) {
			out = append(out, obj.Origin())
		}
	}
	// By name, the same in every driver.
	sort.Slice(out, func(i, j int) bool { return out[i].FullName() < out[j].FullName() })
	return out
}

// abstract reports whether fn is an interface's method.
func abstract(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// handsClient reports whether a call of sig can hand over a client: a
// parameter is a client, a pointer to one, or a manager or cluster (a
// type with controller-runtime's GetClient).
func (c *checker) handsClient(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		t := v.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if c.isClient(t) {
			return true
		}
		if crmodel.IsManagerGetClient(methodOf(t, nil, "GetClient")) {
			return true
		}
	}
	return false
}

// methodOf returns the method of t's method set named name, or nil.
func methodOf(t types.Type, pkg *types.Package, name string) *types.Func {
	sel := types.NewMethodSet(t).Lookup(pkg, name)
	if sel == nil {
		return nil
	}
	fn, _ := sel.Obj().(*types.Func)
	return fn
}

// calledFuncVar returns the package variable of another package a call
// calls the function value of (ctrl.CreateOrUpdate), or nil.
func calledFuncVar(info *types.Info, call *ast.CallExpr) *types.Var {
	v, ok := typeutil.Callee(info, call).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// funcName names fn, a function or a package variable holding one, for
// messages: pkg.F or (*pkg.T).M.
func (r *reporter) funcName(file *ast.File, fn types.Object) string {
	sig, _ := fn.Type().(*types.Signature)
	if _, isFunc := fn.(*types.Func); isFunc && sig != nil && sig.Recv() != nil {
		return "(" + types.TypeString(sig.Recv().Type(), qualifier(file)) + ")." + fn.Name()
	}
	return qualifier(file)(fn.Pkg()) + "." + fn.Name()
}

// handoverDiagnostic is the finding at arg, where what (a client handed
// to a function, "client stored in T.Client") names no field manager and
// reaches pw's writes, ending with advice. The message says how many
// writes the fact names ("2 writes name none") and lists the first few
// ("Create of ... at a.go:3, ..."); the related information lists every
// one, each at arg, the hand-over itself: the writes' own positions are
// in another package's files, which a driver such as go vet does not
// have, and the position of the function or field they are reached
// through has no column in export data, so it would differ between
// drivers.
func handoverDiagnostic(what string, arg ast.Expr, pw ParamWrite, advice string) analysis.Diagnostic {
	writes := "1 write names none"
	if pw.Count != 1 {
		writes = fmt.Sprintf("%d writes name none", pw.Count)
	}
	if pw.AtLeast {
		writes = "at least " + writes
	}
	shown := pw.Examples[:min(len(pw.Examples), shownExamples)]
	list := strings.Join(shown, ", ")
	if pw.Count > len(shown) {
		list += ", ..."
	}
	d := analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(), Message: fmt.Sprintf(
		"%s names no field manager, and %s through it (%s); managedFields will show the client's user agent: %s",
		what, writes, list, advice)}
	if !arg.Pos().IsValid() || pw.Count <= 1 {
		return d
	}
	for _, ex := range pw.Examples {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: arg.Pos(), Message: "names none: " + ex})
	}
	if more := pw.Count - len(pw.Examples); more > 0 {
		msg := fmt.Sprintf("and %d more", more)
		if pw.AtLeast {
			msg = fmt.Sprintf("and at least %d more", more)
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: arg.Pos(), Message: msg})
	}
	return d
}

// reportPointerHandover reports arg, the address of a client that names
// no field manager, handed to fn, whose fact says the client it points to
// reaches pw's writes. There is no fix: the address cannot be wrapped;
// the client has to be wrapped where it is stored.
func (r *reporter) reportPointerHandover(name string, arg ast.Expr, pw ParamWrite) {
	r.rep.Report(handoverDiagnostic("client handed to "+name+" by pointer", arg, pw,
		"wrap the client with client.WithFieldOwner(...) where it is stored (no suggested fix: the client is handed over by its address)"))
}

// reportHandover reports arg, a client that names no field manager and
// reaches pw's writes, where it is handed over (what: "client handed to
// controller.NewWidgetReconciler"), with a fix that wraps it with
// client.WithFieldOwner.
func (r *reporter) reportHandover(file *ast.File, what string, arg ast.Expr, pw ParamWrite) {
	// client.New wraps with WithFieldOwner where Options has FieldOwner, so
	// either proves the release has it.
	hasWithOwner := r.c.canWrap() || pw.CanWrap
	advice := "wrap it with client.WithFieldOwner(...)"
	holder := hasWithOwner && !r.wrappable(arg)
	switch {
	case holder:
		advice = "wrap its client with client.WithFieldOwner(...) where it is set (no suggested fix: " + types.ExprString(arg) + " holds the client, and the wrapper could not stand in for it)"
	case !hasWithOwner && r.c.m.Client.Complete():
		advice = "pass client.FieldOwner(...) to each of those writes (no suggested fix: this controller-runtime release has no client.WithFieldOwner)"
	case !hasWithOwner:
		advice = "wrap it with client.WithFieldOwner(...), or pass client.FieldOwner(...) to each of those writes (no suggested fix: the package does not import the client package, so whether this release has client.WithFieldOwner is not known here)"
	}
	d := handoverDiagnostic(what, arg, pw, advice)
	switch {
	case !hasWithOwner || holder:
	case ignore.CgoProcessed(file):
		d.Message += " (no suggested fix: " + ignore.CgoReason + ")"
	default:
		owner, ok := r.ownerString(file, arg.Pos())
		if !ok {
			d.Message += " (set -fieldmanager.name to get a suggested fix)"
			break
		}
		clientPkg := r.c.m.Client
		name, edits := fixes.AddImport(r.pass, file, arg.Pos(), clientPkg.Path(), clientPkg.Name())
		edits = append(edits,
			analysis.TextEdit{Pos: arg.Pos(), End: arg.Pos(), NewText: []byte(name + ".WithFieldOwner(")},
			analysis.TextEdit{Pos: arg.End(), End: arg.End(), NewText: []byte(", " + owner + ")")},
		)
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Wrap the client with " + name + ".WithFieldOwner(..., " + owner + ")",
			TextEdits: edits,
		}}
	}
	r.rep.Report(d)
}

// wrappable reports whether client.WithFieldOwner(arg, ...) can stand in
// for arg: arg is an interface that the wrapper's result satisfies (then
// so does the parameter arg is handed to), not a reconciler handed over
// as an interface that embeds the client (keda's authenticationReconciler).
func (r *reporter) wrappable(arg ast.Expr) bool {
	t := r.c.info.TypeOf(arg)
	wrap, ok := r.c.m.Lookup("WithFieldOwner").(*types.Func)
	if !ok || t == nil {
		return true // no WithFieldOwner here: the release decides, as canWrap
	}
	res := wrap.Type().(*types.Signature).Results()
	return types.IsInterface(t) && res.Len() == 1 && types.AssignableTo(res.At(0).Type(), t)
}

// ownerString returns the field manager as a string expression, for
// client.WithFieldOwner: the package's own most used owner that can be
// named at pos, else the configured name.
func (r *reporter) ownerString(file *ast.File, pos token.Pos) (string, bool) {
	if oc, ref := r.ownOwner(file, pos); oc != nil {
		if b, ok := oc.obj.Type().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return ref, true // string or untyped string
		}
		return "string(" + ref + ")", true
	}
	if r.cfg.Name != "" {
		return strconv.Quote(r.cfg.Name), true
	}
	return "", false
}

// testSupportImports are the packages whose importing files, outside
// _test.go files, are test support (fixtures, envtest and testcontainers
// harnesses, ginkgo helpers): their clients are fakes and throwaway
// clusters.
var testSupportImports = []string{
	"testing",
	"github.com/onsi/ginkgo",
	"github.com/onsi/gomega",
	"github.com/stretchr/testify",
	"sigs.k8s.io/controller-runtime/pkg/envtest",
	"github.com/testcontainers/testcontainers-go",
}

// isTestSupport reports whether f, a file other than a _test.go file,
// imports testing or a test framework.
func isTestSupport(f *ast.File) bool {
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		for _, t := range testSupportImports {
			if crmodel.IsPath(path, t) || strings.HasPrefix(path, t+"/") || strings.Contains(path, "/vendor/"+t+"/") {
				return true
			}
		}
	}
	return false
}

// storedInLiteral checks a composite literal of another package's struct
// type that sets a field with a FieldWrites fact: a client that names no
// field manager is reported there, like a client handed over.
func (r *reporter) storedInLiteral(file *ast.File, lit *ast.CompositeLit) {
	t := r.c.info.TypeOf(lit)
	if t == nil {
		return
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if f, ok := r.c.info.Uses[key].(*types.Var); ok && f.IsField() {
			r.stored(file, kv, f, t, kv.Value)
		}
	}
}

// storedByAssignment checks an assignment to a field with a FieldWrites
// fact (r.Client = mgr.GetClient()), like storedInLiteral.
func (r *reporter) storedByAssignment(file *ast.File, as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		s, ok := r.c.info.Selections[sel]
		if !ok || s.Kind() != types.FieldVal {
			continue
		}
		if f, ok := s.Obj().(*types.Var); ok {
			r.stored(file, lhs, f, s.Recv(), as.Rhs[i])
		}
	}
}

// stored checks val, stored in field f of another package's type at, the
// store's syntax (its SSA store is placed in it).
func (r *reporter) stored(file *ast.File, at ast.Node, f *types.Var, recv types.Type, val ast.Expr) {
	c := r.c
	if f.Pkg() == nil || f.Pkg() == r.pass.Pkg {
		return
	}
	var fact FieldWrites
	if !r.pass.ImportObjectFact(f.Origin(), &fact) {
		return
	}
	var store *ssa.Store
	for _, s := range c.program().FieldStores(f) {
		if s.Pos() >= at.Pos() && s.Pos() < at.End() {
			store = s
			break
		}
	}
	if store == nil {
		return // not in the package's SSA: undecided
	}
	name := f.Name()
	if n := crmodel.NamedOf(recv); n != nil {
		name = types.TypeString(n.Origin(), qualifier(file)) + "." + name
	}
	pw := ParamWrite{Count: fact.Count, Examples: fact.Examples, CanWrap: fact.CanWrap}
	eval := func() state { return c.client(store.Val) }
	switch eval() {
	case none:
		r.reportHandover(file, "client stored in "+name, val, pw)
	case unknown:
		r.passOn(pw, name, eval)
	}
}

// passOn adds pw's writes, reached through what (another package's
// function or field), to the package's own facts, for the parameters
// whose clients decide the client eval evaluates: a client handed on from
// the package's callers.
func (r *reporter) passOn(pw ParamWrite, what string, eval func() state) {
	if !r.exports {
		return
	}
	r.handed.canWrap = r.handed.canWrap || pw.CanWrap
	examples := make([]string, 0, len(pw.Examples))
	for _, ex := range pw.Examples {
		examples = append(examples, ex+" (through "+what+")")
	}
	for _, dep := range r.c.assumed(eval) {
		r.handed.add(dep, pw.Count, examples)
	}
}

// exportFuncVars exports, on each exported package variable that the
// package initialises to another package's function and never assigns
// again, that function's ParamWrites fact: a call through the variable
// hands its client to the function. controller-runtime's root package
// declares CreateOrUpdate = controllerutil.CreateOrUpdate (and
// CreateOrPatch) this way, so ctrl.CreateOrUpdate(ctx, r.Client, ...) is
// decided as controllerutil.CreateOrUpdate is, under go vet too, where the
// caller sees the variable but not what it holds.
func (r *reporter) exportFuncVars() {
	r.c.testCtx = false
	scope := r.pass.Pkg.Scope()
	var prog *reconcilepath.Result
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() {
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			continue
		}
		if prog == nil {
			prog = r.c.program()
		}
		g := prog.SSA.Var(name)
		if g == nil {
			continue
		}
		stores := prog.Stores(g)
		if len(stores) != 1 {
			continue
		}
		f, ok := stores[0].Val.(*ssa.Function)
		if !ok {
			continue
		}
		obj, ok := f.Object().(*types.Func)
		if !ok || obj.Pkg() == nil || obj.Pkg() == r.pass.Pkg {
			continue
		}
		var fact ParamWrites
		if r.pass.ImportObjectFact(obj.Origin(), &fact) {
			r.pass.ExportObjectFact(v, &fact)
		}
	}
}
