package fixes

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Threading a snapshot through helpers: a fix for a write inside a helper
// that takes the object as a parameter copies the object where the callers
// load it and hands the copy in.

// maxThreadDepth bounds how many helpers up a snapshot is threaded: the
// helper that writes, and the helpers that hand it their own parameter.
const maxThreadDepth = 3

// Threading is one threaded fix in the making: a snapshot of an object
// parameter of a helper, taken where the callers load the object and
// handed in through a new last parameter. statusupdate patches from it;
// conditions compares the status with it. Both thread it the same way and
// under the same name, so that the two fixes of one write make the same
// edits, which drivers merge, and compose into one patch from one copy.
type Threading struct {
	Pass *analysis.Pass
	Res  *reconcilepath.Result
	// LastLoad returns the statement that last loads v before the call
	// at the end of path, in body, or nil (see LastLoad).
	LastLoad func(path []ast.Node, body *ast.BlockStmt, v *types.Var) ast.Stmt
	// Names are the pass's snapshot names.
	Names *Snapshots
	// Synchronous, when set, reports whether the function literal lit,
	// innermost on path, runs only while the call that path goes on to
	// is made, before it returns (called where it is made, or handed to
	// a function that calls it before it returns): a call in it that
	// hands on an object of the function around it is then threaded as
	// a call of that function.
	Synchronous func(lit *ast.FuncLit, path []ast.Node) bool
	// FailedAt is where the first call that could not be handed a
	// snapshot was (the caller's own load or parameter missing, or the
	// call itself not one that can take it) since it was last reset:
	// what a fix that gives up can name. FailedWhy says why, naming the
	// object ("w is not loaded ..."). Arg sets both for its own call too
	// when nothing further up failed first.
	FailedAt  token.Pos
	FailedWhy string
	// Explain, when set, says why LastLoad found no load of v before the
	// call at the end of path (the pass's reason, for FailedWhy); unset,
	// FailedWhy says only that there is none.
	Explain func(path []ast.Node, body *ast.BlockStmt, v *types.Var) string
	params  map[*ast.BlockStmt]map[*types.Var]string
}

// Param returns the edits that give decl a last parameter carrying a
// snapshot of its object parameter v, and every call of decl an argument
// for it, and the parameter's name; nil when decl or one of its callers
// does not qualify.
//
// The helper must be one the package alone calls and that nothing else
// depends on the signature of: unexported, only ever called (not used as
// a value), not generic, not a method an interface of the package names
// (a variadic helper takes the snapshot before its variadic parameter);
// it must not read into v or assign it. Every call must be
// a plain call (not deferred or started with go) passing a local variable
// that its function loaded on every path before the call.
func (th *Threading) Param(decl *ast.FuncDecl, v *types.Var) ([]analysis.TextEdit, string) {
	if th.params == nil {
		th.params = make(map[*ast.BlockStmt]map[*types.Var]string)
	}
	edits, name, _ := th.param(decl, v, 0)
	return UniqueEdits(edits), name
}

// Arg returns the edits that append to call, a call whose callee will take
// a snapshot of its object argument arg as a new last parameter of type
// want, that snapshot: a copy the caller takes right after it loads the
// object, or, when arg is the caller's own object parameter, the caller's
// snapshot parameter, threaded in turn as Param does. nil when neither
// works, or when call is not a plain call with a last argument.
func (th *Threading) Arg(call *ast.CallExpr, arg ast.Expr, want types.Type) []analysis.TextEdit {
	if th.params == nil {
		th.params = make(map[*ast.BlockStmt]map[*types.Var]string)
	}
	if len(call.Args) == 0 {
		return nil
	}
	site, why := th.site(call, arg)
	if site == nil {
		th.failed(call.Pos(), why)
		return nil
	}
	edits, why := th.passSnapshot(site, want, 0)
	if edits == nil {
		th.failed(call.Pos(), why)
		return nil
	}
	return UniqueEdits(edits)
}

// failed records the first call that could not be handed a snapshot
// since FailedAt was last reset, and why.
func (th *Threading) failed(at token.Pos, why string) {
	if !th.FailedAt.IsValid() {
		th.FailedAt, th.FailedWhy = at, why
	}
}

// param returns the edits that give decl a last parameter carrying a
// snapshot of its object parameter v, and every call of decl an argument
// for it: a copy the caller takes right after it loads the object, or,
// for a caller that hands on its own parameter, that caller's own new
// snapshot parameter, threaded the same way. It returns nil and why when
// decl or one of its callers does not qualify (see threadSnapshot); a
// caller that does not is also recorded (FailedAt).
//
// A caller that gains the parameter and also loads the object before a
// later call (a call of a helper that leaves it written) renews the
// parameter there, base = w.DeepCopy(), rather than declaring a second
// snapshot beside it: one name for the snapshot of one object in one
// function, and never a name declared twice (issue 34).
func (th *Threading) param(decl *ast.FuncDecl, v *types.Var, depth int) ([]analysis.TextEdit, string, string) {
	pass, res, names := th.Pass, th.Res, th.Names
	fname := decl.Name.Name
	if depth >= maxThreadDepth {
		return nil, "", fmt.Sprintf("%s is more than %d helpers from the write", fname, maxThreadDepth)
	}
	if decl.Body == nil {
		return nil, "", fname + " has no body"
	}
	info := pass.TypesInfo
	obj, _ := info.Defs[decl.Name].(*types.Func)
	fn := res.Func(decl)
	switch {
	case obj == nil || fn == nil:
		return nil, "", fname + " cannot be followed"
	case obj.Exported():
		return nil, "", fname + " is exported"
	case !OnlyCalled(pass, res, obj):
		return nil, "", fname + " is used as a value"
	case NamedInTests(pass, decl):
		return nil, "", fname + " is named in a _test.go file beside it"
	}
	sig := obj.Type().(*types.Signature)
	if sig.Recv() != nil && (NamedByInterface(pass, obj) || fn.TypeParams().Len() > 0) {
		// A method of a generic type: left alone.
		return nil, "", fname + " is a method of a generic type, or one an interface of the package names"
	}
	idx := ParamIndex(sig, v)
	typeExpr := ParamTypeExpr(decl, v)
	if idx < 0 || typeExpr == nil {
		return nil, "", fname + " cannot be followed"
	}
	if Reloads(res.Model, info, decl.Body, v) {
		return nil, "", fmt.Sprintf("%s reads into %s or assigns it", fname, v.Name())
	}
	callers := res.Callers(fn)
	if len(callers) == 0 {
		return nil, "", fname + " is never called"
	}
	name, ok := names.byParam[v]
	if !ok {
		name = FreeName(pass.Pkg, decl.Body, decl.Body.Pos(), "base", names.Taken(decl.Body))
		names.byParam[v] = name
	}
	// The copies other fixes take in decl's body must not take the
	// parameter's name.
	names.Reserve(decl.Body, name)
	if th.params[decl.Body] == nil {
		th.params[decl.Body] = make(map[*types.Var]string)
	}
	th.params[decl.Body][v] = name
	threaded := false
	defer func() {
		if !threaded {
			// A later call in decl's body must not take decl for one
			// that gains the parameter (passSnapshot renews it).
			delete(th.params[decl.Body], v)
		}
	}()
	edits := []analysis.TextEdit{SnapshotParam(decl, sig, name, types.ExprString(typeExpr))}
	var sites []*callSite
	for _, c := range callers {
		sc, ok := c.(*ssa.Call)
		if !ok || sc.Parent() == fn {
			return nil, "", fmt.Sprintf("a call of %s is deferred, started with go, or recursive", fname)
		}
		call := res.CallExpr(sc.Pos())
		if call == nil || idx >= len(call.Args) || (sig.Variadic() && idx >= sig.Params().Len()-1) {
			return nil, "", fmt.Sprintf("a call of %s cannot be followed", fname)
		}
		site, why := th.site(call, call.Args[idx])
		if site == nil {
			th.failed(call.Pos(), why)
			return nil, "", why
		}
		sites = append(sites, site)
	}
	// The calls that hand on their caller's parameter first: that caller
	// then has its snapshot parameter when a later call of it, after a
	// load, takes a copy.
	sort.SliceStable(sites, func(i, j int) bool { return sites[i].load == nil && sites[j].load != nil })
	for _, site := range sites {
		// A generic helper's parameter has the type the call
		// instantiates it with.
		callEdits, why := th.passSnapshot(site, site.sig.Params().At(idx).Type(), depth)
		if callEdits == nil {
			th.failed(site.call.Pos(), why)
			return nil, "", why
		}
		edits = append(edits, callEdits...)
	}
	threaded = true
	return edits, name, ""
}

// callSite is a call of a helper being threaded: the object variable its
// argument names (addr for &u), where the call is, and the statement
// that last loads u before it in its function (nil when none does on
// every path). sig is the helper's signature, which says where the
// snapshot argument goes (SnapshotArg).
type callSite struct {
	call   *ast.CallExpr
	sig    *types.Signature
	u      *types.Var
	addr   bool
	path   []ast.Node
	body   *ast.BlockStmt
	params *ast.FieldList
	load   ast.Stmt
}

// site returns the call site of call, whose argument arg is the object,
// or nil and why not.
func (th *Threading) site(call *ast.CallExpr, arg ast.Expr) (*callSite, string) {
	u, addr := ObjectVar(th.Pass.TypesInfo, arg)
	if u == nil {
		return nil, types.ExprString(arg) + " is not a local variable"
	}
	file := FileOf(th.Pass, call.Pos())
	sig := CalleeSig(th.Pass.TypesInfo, call)
	if file == nil || sig == nil {
		return nil, "the call cannot be followed"
	}
	if _, ok := SnapshotArg(sig, call, "base"); !ok {
		return nil, "the call cannot be handed a copy (too few arguments, or xs... handed to a parameter that is not variadic)"
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, params := EnclosingFunc(path)
	if body == nil {
		return nil, "the call is not in a function body"
	}
	load := th.LastLoad(path, body, u)
	if load == nil {
		// Not loaded in the literal the call is in: where the literal is
		// made, if it runs there.
		if out := th.outOfLiterals(path, u); len(out) != len(path) {
			path = out
			body, params = EnclosingFunc(path)
			if body == nil {
				return nil, "the call is not in a function body"
			}
			load = th.LastLoad(path, body, u)
		}
	}
	return &callSite{call: call, sig: sig, u: u, addr: addr, path: path, body: body, params: params, load: load}, ""
}

// outOfLiterals returns path from the function literal innermost on it
// outwards, while that literal uses u from around it and runs
// synchronously (Synchronous): the call it holds is then threaded where
// the literal is made, in the function that loads u or is handed it.
func (th *Threading) outOfLiterals(path []ast.Node, u *types.Var) []ast.Node {
	if th.Synchronous == nil {
		return path
	}
	for i := 0; i < len(path); i++ {
		switch n := path[i].(type) {
		case *ast.FuncDecl:
			return path
		case *ast.FuncLit:
			if (n.Pos() <= u.Pos() && u.Pos() < n.End()) || !th.Synchronous(n, path[i:]) || Reloads(th.Res.Model, th.Pass.TypesInfo, n.Body, u) {
				// Its own variable, a literal that may run later, or
				// one that reads into u itself: a copy taken outside
				// would be older than what it writes.
				return path
			}
			path = path[i+1:]
			i = -1
		}
	}
	return path
}

// passSnapshot returns the edits that give site's call, a call of a helper
// whose object parameter the call's argument fills, the snapshot
// argument: a copy the caller takes right after it loads the object, or,
// when the argument is the caller's own object parameter, the caller's
// snapshot parameter, threaded in turn. want is the helper's parameter
// type; nil when neither works.
func (th *Threading) passSnapshot(site *callSite, want types.Type, depth int) ([]analysis.TextEdit, string) {
	pass, res, names := th.Pass, th.Res, th.Names
	info := pass.TypesInfo
	u, addr, path, body, params, load := site.u, site.addr, site.path, site.body, site.params, site.load
	arg := func(name string) analysis.TextEdit {
		e, _ := SnapshotArg(site.sig, site.call, name) // checked by site
		return e
	}
	if load == nil {
		// The caller hands on its own parameter: thread through it.
		if params == nil || u.Pos() < params.Pos() || u.Pos() >= params.End() {
			if th.Explain != nil {
				return nil, th.Explain(path, body, u)
			}
			return nil, u.Name() + " is not loaded on every path before the call"
		}
		decl := DeclOf(path)
		switch {
		case addr:
			return nil, fmt.Sprintf("the call hands on &%s, the address of a parameter", u.Name())
		case !types.AssignableTo(u.Type(), want):
			return nil, fmt.Sprintf("%s, a parameter, is not of the type the helper takes", u.Name())
		case decl == nil:
			return nil, fmt.Sprintf("%s is a parameter of a function literal", u.Name())
		}
		edits, name, why := th.param(decl, u, depth+1)
		if edits == nil {
			return nil, fmt.Sprintf("%s is a parameter of %s, which cannot take the copy as a parameter of its own: %s", u.Name(), decl.Name.Name, why)
		}
		return append(edits, arg(name)), ""
	}
	objType := u.Type()
	if addr {
		objType = types.NewPointer(objType)
	}
	dc := MethodSig(pass.Pkg, objType, "DeepCopy")
	if dc == nil || dc.Params().Len() != 0 || dc.Results().Len() != 1 || !types.AssignableTo(dc.Results().At(0).Type(), want) {
		return nil, fmt.Sprintf("%s has no DeepCopy that returns the type the helper takes", types.TypeString(objType, types.RelativeTo(pass.Pkg)))
	}
	if check := ErrCheckAfter(info, body, load); check != nil {
		load = check
	}
	if name, ok := th.params[body][u]; ok && !addr && types.AssignableTo(dc.Results().At(0).Type(), u.Type()) {
		// The caller gains a snapshot parameter of u in this fix: renew
		// it after the load.
		if existing := deepCopyAfter(info, body, load, u, ""); existing != nil && keptAsLoaded(info, res, body, defined(info, existing), token.NoPos) {
			name = existing.Name
		}
		edits := []analysis.TextEdit{arg(name)}
		if name == th.params[body][u] {
			indent := strings.Repeat("\t", pass.Fset.Position(load.Pos()).Column-1)
			edits = append(edits, analysis.TextEdit{Pos: load.End(), End: load.End(), NewText: []byte("\n" + indent + name + " = " + u.Name() + ".DeepCopy()")})
		}
		return edits, ""
	}
	baseName, copyStmt := names.Copy(pass, res, "client", load, u, addr, body, token.NoPos, "base")
	if baseName == "" {
		return nil, copyStmt // the reason
	}
	edits := []analysis.TextEdit{arg(baseName)}
	if copyStmt != "" {
		indent := strings.Repeat("\t", pass.Fset.Position(load.Pos()).Column-1)
		edits = append(edits, analysis.TextEdit{Pos: load.End(), End: load.End(), NewText: []byte("\n" + indent + copyStmt)})
	}
	return edits, ""
}

// deepCopyAfter returns the identifier the statement after load declares
// with a deep copy of u (x := u.DeepCopy(), for field ""), or of its field
// (x := u.Status.DeepCopy() for field Status), or nil: the copy the code
// already takes.
func deepCopyAfter(info *types.Info, body *ast.BlockStmt, load ast.Stmt, u *types.Var, field string) *ast.Ident {
	as, ok := StmtAfter(body, load).(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return nil
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopy" {
		return nil
	}
	x := sel.X
	if field != "" {
		f, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok || f.Sel.Name != field {
			return nil
		}
		x = f.X
	}
	if v, addr := ObjectVar(info, x); v != u || (field != "" && addr) {
		return nil
	}
	if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
		return id
	}
	return nil
}

// NamedInTests reports whether a _test.go file beside decl's file may use
// decl's function, or cannot be read. The package is analysed without its
// tests too, where their calls are not among the callers: a signature
// changed there would leave a test that calls the helper unable to
// compile. The test files are parsed, not type-checked (they are not part
// of this package's variant), so any use of the name counts, save the
// declarations of that name and the calls with another number of
// arguments than decl takes, which cannot be of decl
// (cloudnative-pg's tests call a reconcile method of another reconciler,
// with three arguments, beside ClusterReconciler.reconcile's two).
func NamedInTests(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	dir := filepath.Dir(pass.Fset.Position(decl.Pos()).Filename)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true
	}
	name := decl.Name.Name
	nparams, variadic := 0, false
	for _, f := range decl.Type.Params.List {
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		nparams += n
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			variadic = true
		}
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return true
		}
		if !strings.Contains(string(data), name) {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), data, parser.SkipObjectResolution)
		if err != nil {
			return true
		}
		if usesName(f, name, nparams, variadic, decl.Recv != nil) {
			return true
		}
	}
	return false
}

// usesName reports whether f uses an identifier name other than by
// declaring it or by calling it with a number of arguments that a function
// of nparams parameters (variadic: at least nparams-1) cannot take. An
// identifier a selector selects from (reconcile.Result, of the imported
// package reconcile) is never a function or method, and a method is only
// ever named as a selector (x.reconcile): a bare identifier of that name
// is a variable or a package.
func usesName(f *ast.File, name string, nparams int, variadic, method bool) bool {
	skip := make(map[*ast.Ident]bool)
	selected := make(map[*ast.Ident]bool)
	used := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			skip[n.Name] = true
		case *ast.SelectorExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				skip[x] = true
			}
			selected[n.Sel] = true
		case *ast.CallExpr:
			var id *ast.Ident
			switch fun := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				id = fun
			case *ast.SelectorExpr:
				id = fun.Sel
			}
			if id != nil && id.Name == name && !n.Ellipsis.IsValid() {
				if (len(n.Args) == nparams || (variadic && len(n.Args) >= nparams-1)) && (!method || id != ast.Unparen(n.Fun)) {
					used = true
				}
				skip[id] = true
			}
		case *ast.Ident:
			if n.Name == name && !skip[n] && (!method || selected[n]) {
				used = true
			}
		}
		return !used
	})
	return used
}

// ParamTypeExpr returns the type expression v, a parameter of decl, is
// declared with.
func ParamTypeExpr(decl *ast.FuncDecl, v *types.Var) ast.Expr {
	for _, f := range decl.Type.Params.List {
		for _, n := range f.Names {
			if n.Pos() == v.Pos() {
				return f.Type
			}
		}
	}
	return nil
}

// SnapshotParam returns the edit that declares the snapshot parameter
// name of type typ in decl, whose signature is sig: after the last
// parameter, or, when decl is variadic, just before the variadic one (a
// parameter cannot follow it). SnapshotArg hands it in at the same place.
func SnapshotParam(decl *ast.FuncDecl, sig *types.Signature, name, typ string) analysis.TextEdit {
	list := decl.Type.Params.List
	last := list[len(list)-1]
	if sig.Variadic() {
		return analysis.TextEdit{Pos: last.Pos(), End: last.Pos(), NewText: []byte(name + " " + typ + ", ")}
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + name + " " + typ)}
}

// SnapshotArg returns the edit that hands name to call, a call of a
// function of signature sig that gains a snapshot parameter where
// SnapshotParam puts it: after the last argument, or, for a variadic
// callee, before the arguments its variadic parameter takes (xs... among
// them). ok is false when the call has fewer arguments than that.
func SnapshotArg(sig *types.Signature, call *ast.CallExpr, name string) (analysis.TextEdit, bool) {
	n := sig.Params().Len()
	if sig.Variadic() {
		if len(call.Args) >= n {
			at := call.Args[n-1].Pos()
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte(name + ", ")}, true
		}
		n--
	}
	if len(call.Args) != n || n == 0 || (call.Ellipsis.IsValid() && !sig.Variadic()) {
		return analysis.TextEdit{}, false
	}
	last := call.Args[n-1]
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + name)}, true
}

// CalleeSig returns the signature of the function call calls, its
// receiver not among the parameters; nil for a conversion or a builtin.
func CalleeSig(info *types.Info, call *ast.CallExpr) *types.Signature {
	tv, ok := info.Types[call.Fun]
	if !ok || tv.IsType() || tv.IsBuiltin() {
		return nil
	}
	sig, _ := tv.Type.Underlying().(*types.Signature)
	return sig
}

// NamedByInterface reports whether an interface type of the package has
// a method of fn's name: changing fn's signature could then break the
// type's satisfying it. An unexported method can only be named by the
// package's own interfaces.
func NamedByInterface(pass *analysis.Pass, fn *types.Func) bool {
	for _, tv := range pass.TypesInfo.Types {
		if tv.Type == nil {
			continue
		}
		iface, ok := tv.Type.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < iface.NumMethods(); i++ {
			if m := iface.Method(i); m.Name() == fn.Name() && m.Pkg() == fn.Pkg() {
				return true
			}
		}
	}
	return false
}

// UniqueEdits drops repeated edits: two calls of the helper after the same
// load copy the object once.
func UniqueEdits(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	for _, e := range edits {
		if !slices.ContainsFunc(out, func(o analysis.TextEdit) bool {
			return o.Pos == e.Pos && o.End == e.End && string(o.NewText) == string(e.NewText)
		}) {
			out = append(out, e)
		}
	}
	return out
}

// DeclOf returns the function declared innermost on path, or nil when a
// function literal comes first: a literal is called by whoever holds it,
// so its callers are not the declaration's.
func DeclOf(path []ast.Node) *ast.FuncDecl {
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit:
			return nil
		case *ast.FuncDecl:
			return n
		}
	}
	return nil
}

// Reloads reports whether body, function literals included, reads into v
// with a Get, or assigns v.
func Reloads(m *crmodel.Model, info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if o := m.LoadedObject(info, n); o != nil {
				if u, _ := ObjectVar(info, o); u == v {
					if fn, _ := crmodel.MethodCall(info, n); fn != nil && fn.Name() == "Get" {
						found = true
					}
				}
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			// &v hands the variable itself to whoever may assign it.
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// OnlyCalled reports whether every use of fn in the files res is built
// from names the callee of a call, so that the package's calls are all its
// calls (a test's use says nothing about production code).
func OnlyCalled(pass *analysis.Pass, res *reconcilepath.Result, fn *types.Func) bool {
	callee := make(map[*ast.Ident]bool)
	var uses []*ast.Ident
	for _, f := range res.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch fun := Uninstantiated(n.Fun).(type) {
				case *ast.Ident:
					callee[fun] = true
				case *ast.SelectorExpr:
					callee[fun.Sel] = true
				}
			case *ast.Ident:
				if pass.TypesInfo.Uses[n] == fn {
					uses = append(uses, n)
				}
			}
			return true
		})
	}
	for _, id := range uses {
		if !callee[id] {
			return false
		}
	}
	return true
}

// ParamIndex returns the index of v among sig's parameters (the receiver
// not counted), or -1.
func ParamIndex(sig *types.Signature, v *types.Var) int {
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return i
		}
	}
	return -1
}

// Uninstantiated returns the function expression fun with its explicit
// type arguments dropped, f for f[T] and x.f for x.f[T, U], and without
// parentheses.
func Uninstantiated(fun ast.Expr) ast.Expr {
	switch f := ast.Unparen(fun).(type) {
	case *ast.IndexExpr:
		return ast.Unparen(f.X)
	case *ast.IndexListExpr:
		return ast.Unparen(f.X)
	}
	return ast.Unparen(fun)
}

// FileOf returns the file of the package that holds pos, or nil.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}
