package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/reach"
)

// threadSnapshot fixes a status Update of v, an object parameter of the
// helper declared innermost on path, by threading the snapshot through:
// each caller copies the object right after it loads it and passes the
// copy in a new last parameter, and the helper patches from it.
//
//	func (r *R) markReady(ctx context.Context, w *api.Widget, base *api.Widget) error {
//		...
//		return r.Status().Patch(ctx, w, client.MergeFrom(base))
//
// This is the snapshot the fix takes where the object is loaded, so the
// patch carries every change made since, by the callers and the helper.
// A copy taken in the helper would miss the callers' changes, and a copy
// read from the cache just before the write would revert what another
// writer changed since the load; neither is offered.
//
// The helper must be one the package alone calls and that nothing else
// depends on the signature of: unexported, only ever called (not used as
// a value), not generic, not variadic, not a method an interface of the
// package names; it must not read into v or assign it. Every call must be
// a plain call (not deferred or started with go) passing a local variable
// that its function loaded on every path before the call. Otherwise nil.
func threadSnapshot(pass *analysis.Pass, res *reach.Result, ol *objectLoads, file *ast.File, w *reach.Write, path []ast.Node, v *types.Var, names *snapshotNames) *analysis.SuggestedFix {
	decl := declOf(path)
	if decl == nil {
		return nil
	}
	call := w.Call
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || unpatchable(pass, call, sel) != "" {
		return nil
	}
	th := &threading{pass: pass, res: res, ol: ol, names: names, params: make(map[*ast.BlockStmt]map[*types.Var]string)}
	edits, name := th.param(decl, v, 0)
	if edits == nil {
		return nil
	}
	// The helper patches from the parameter it gains.
	clientName, importEdits := fixes.AddImport(pass, file, call.Pos(), crmodel.ClientPath, "client")
	objArg := call.Args[1]
	edits = append(edits,
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
		analysis.TextEdit{Pos: objArg.Pos(), End: objArg.End(), NewText: []byte(types.ExprString(objArg) + ", " + clientName + ".MergeFrom(" + name + ")")},
	)
	edits = append(edits, importEdits...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Patch the status with %s.MergeFrom(%s), %s copied where the callers of %s load the object", clientName, name, name, decl.Name.Name),
		TextEdits: uniqueEdits(edits),
	}
}

// maxThreadDepth bounds how many helpers up a snapshot is threaded: the
// helper that writes, and the helpers that hand it their own parameter.
const maxThreadDepth = 3

// threading is one threaded fix in the making: the snapshot parameters it
// gives helpers, by the helper's body and the object parameter they
// snapshot.
type threading struct {
	pass   *analysis.Pass
	res    *reach.Result
	ol     *objectLoads
	names  *snapshotNames
	params map[*ast.BlockStmt]map[*types.Var]string
}

// param returns the edits that give decl a last parameter carrying a
// snapshot of its object parameter v, and every call of decl an argument
// for it: a copy the caller takes right after it loads the object, or,
// for a caller that hands on its own parameter, that caller's own new
// snapshot parameter, threaded the same way. It returns nil when decl or
// one of its callers does not qualify (see threadSnapshot).
//
// A caller that gains the parameter and also loads the object before a
// later call (a call of a helper that leaves it written) renews the
// parameter there, base = w.DeepCopy(), rather than declaring a second
// snapshot beside it: one name for the snapshot of one object in one
// function, and never a name declared twice (issue 34).
func (th *threading) param(decl *ast.FuncDecl, v *types.Var, depth int) ([]analysis.TextEdit, string) {
	pass, res, names := th.pass, th.res, th.names
	if depth >= maxThreadDepth || decl.Body == nil {
		return nil, ""
	}
	info := pass.TypesInfo
	obj, _ := info.Defs[decl.Name].(*types.Func)
	fn := res.Func(decl)
	if obj == nil || fn == nil || obj.Exported() || fn.TypeParams().Len() > 0 || !onlyCalled(pass, res, obj) || namedInTests(pass, decl) {
		return nil, ""
	}
	sig := obj.Type().(*types.Signature)
	if sig.Variadic() || (sig.Recv() != nil && namedByInterface(pass, obj)) {
		return nil, ""
	}
	idx := -1
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			idx = i
		}
	}
	typeExpr := paramTypeExpr(decl, v)
	if idx < 0 || typeExpr == nil || reloads(res.Model, info, decl.Body, v) {
		return nil, ""
	}
	callers := res.Callers(fn)
	if len(callers) == 0 {
		return nil, ""
	}
	name, ok := names.byParam[v]
	if !ok {
		name = fixes.FreeName(pass.Pkg, decl.Body, decl.Body.Pos(), "base", names.Taken(decl.Body))
		names.byParam[v] = name
	}
	// The copies other fixes take in decl's body must not take the
	// parameter's name.
	names.Reserve(decl.Body, name)
	if th.params[decl.Body] == nil {
		th.params[decl.Body] = make(map[*types.Var]string)
	}
	th.params[decl.Body][v] = name
	last := decl.Type.Params.List[len(decl.Type.Params.List)-1]
	edits := []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + name + " " + types.ExprString(typeExpr))}}
	var sites []*callSite
	for _, c := range callers {
		sc, ok := c.(*ssa.Call)
		if !ok || sc.Parent() == fn {
			return nil, "" // deferred, started with go, or recursive
		}
		call := res.CallExpr(sc.Pos())
		if call == nil || idx >= len(call.Args) || call.Ellipsis.IsValid() {
			return nil, ""
		}
		site := th.site(call, call.Args[idx])
		if site == nil {
			return nil, ""
		}
		sites = append(sites, site)
	}
	// The calls that hand on their caller's parameter first: that caller
	// then has its snapshot parameter when a later call of it, after a
	// load, takes a copy.
	sort.SliceStable(sites, func(i, j int) bool { return sites[i].load == nil && sites[j].load != nil })
	for _, site := range sites {
		callEdits := th.passSnapshot(site, v.Type(), depth)
		if callEdits == nil {
			return nil, ""
		}
		edits = append(edits, callEdits...)
	}
	return edits, name
}

// callSite is a call of a helper being threaded: the object variable its
// argument names (addr for &u), where the call is, and the statement
// that last loads u before it in its function (nil when none does on
// every path).
type callSite struct {
	call   *ast.CallExpr
	u      *types.Var
	addr   bool
	path   []ast.Node
	body   *ast.BlockStmt
	params *ast.FieldList
	load   ast.Stmt
}

func (th *threading) site(call *ast.CallExpr, arg ast.Expr) *callSite {
	u, addr := fixes.ObjectVar(th.pass.TypesInfo, arg)
	file := fileOf(th.pass, call)
	if u == nil || file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, params := fixes.EnclosingFunc(path)
	if body == nil {
		return nil
	}
	load, _, _ := lastLoad(th.ol, path, body, u)
	return &callSite{call: call, u: u, addr: addr, path: path, body: body, params: params, load: load}
}

// passSnapshot returns the edits that give site's call, a call of a helper
// whose object parameter the call's argument fills, the snapshot
// argument: a copy the caller takes right after it loads the object, or,
// when the argument is the caller's own object parameter, the caller's
// snapshot parameter, threaded in turn. want is the helper's parameter
// type; nil when neither works.
func (th *threading) passSnapshot(site *callSite, want types.Type, depth int) []analysis.TextEdit {
	pass, res, names := th.pass, th.res, th.names
	info := pass.TypesInfo
	call, u, addr, path, body, params, load := site.call, site.u, site.addr, site.path, site.body, site.params, site.load
	lastArg := call.Args[len(call.Args)-1]
	if load == nil {
		// The caller hands on its own parameter: thread through it.
		if addr || params == nil || u.Pos() < params.Pos() || u.Pos() >= params.End() || !types.Identical(u.Type(), want) {
			return nil
		}
		decl := declOf(path)
		if decl == nil {
			return nil
		}
		edits, name := th.param(decl, u, depth+1)
		if edits == nil {
			return nil
		}
		return append(edits, analysis.TextEdit{Pos: lastArg.End(), End: lastArg.End(), NewText: []byte(", " + name)})
	}
	objType := u.Type()
	if addr {
		objType = types.NewPointer(objType)
	}
	dc := fixes.MethodSig(pass.Pkg, objType, "DeepCopy")
	if dc == nil || dc.Params().Len() != 0 || dc.Results().Len() != 1 || !types.AssignableTo(dc.Results().At(0).Type(), want) {
		return nil
	}
	if check := fixes.ErrCheckAfter(info, body, load); check != nil {
		load = check
	}
	if name, ok := th.params[body][u]; ok && !addr && types.AssignableTo(dc.Results().At(0).Type(), u.Type()) {
		// The caller gains a snapshot parameter of u in this fix: renew
		// it after the load.
		if existing := copiedAfter(info, body, load, u); existing != "" {
			name = existing
		}
		edits := []analysis.TextEdit{{Pos: lastArg.End(), End: lastArg.End(), NewText: []byte(", " + name)}}
		if name == th.params[body][u] {
			indent := strings.Repeat("\t", pass.Fset.Position(load.Pos()).Column-1)
			edits = append(edits, analysis.TextEdit{Pos: load.End(), End: load.End(), NewText: []byte("\n" + indent + name + " = " + u.Name() + ".DeepCopy()")})
		}
		return edits
	}
	baseName, copyStmt := names.Copy(pass, res.Model, "client", load, u, addr, body, "base")
	if baseName == "" {
		return nil
	}
	edits := []analysis.TextEdit{{Pos: lastArg.End(), End: lastArg.End(), NewText: []byte(", " + baseName)}}
	if copyStmt != "" {
		indent := strings.Repeat("\t", pass.Fset.Position(load.Pos()).Column-1)
		edits = append(edits, analysis.TextEdit{Pos: load.End(), End: load.End(), NewText: []byte("\n" + indent + copyStmt)})
	}
	return edits
}

// copiedAfter returns the name of the copy of u that the statement after
// load already takes (x := u.DeepCopy()), or "".
func copiedAfter(info *types.Info, body *ast.BlockStmt, load ast.Stmt, u *types.Var) string {
	as, ok := fixes.StmtAfter(body, load).(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return ""
	}
	c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return ""
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopy" {
		return ""
	}
	if v, _ := fixes.ObjectVar(info, sel.X); v != u {
		return ""
	}
	if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
		return id.Name
	}
	return ""
}

// namedInTests reports whether a _test.go file beside decl's file names
// decl's function, or cannot be read. The package is analysed without its
// tests too, where their calls are not among the callers: a signature
// changed there would leave a test that calls the helper unable to
// compile. A mention anywhere counts, a comment or a string included.
func namedInTests(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	dir := filepath.Dir(pass.Fset.Position(decl.Pos()).Filename)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true
	}
	name := regexp.MustCompile(`\b` + regexp.QuoteMeta(decl.Name.Name) + `\b`)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || name.Match(data) {
			return true
		}
	}
	return false
}

// paramTypeExpr returns the type expression v, a parameter of decl, is
// declared with.
func paramTypeExpr(decl *ast.FuncDecl, v *types.Var) ast.Expr {
	for _, f := range decl.Type.Params.List {
		for _, n := range f.Names {
			if n.Pos() == v.Pos() {
				return f.Type
			}
		}
	}
	return nil
}

// namedByInterface reports whether an interface type of the package has
// a method of fn's name: changing fn's signature could then break the
// type's satisfying it. An unexported method can only be named by the
// package's own interfaces.
func namedByInterface(pass *analysis.Pass, fn *types.Func) bool {
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

// uniqueEdits drops repeated edits: two calls of the helper after the same
// load copy the object once.
func uniqueEdits(edits []analysis.TextEdit) []analysis.TextEdit {
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
