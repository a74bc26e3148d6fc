package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
	edits, name := threadParam(pass, res, ol, decl, v, names, 0)
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

// threadParam returns the edits that give decl a last parameter carrying a
// snapshot of its object parameter v, and every call of decl an argument
// for it: a copy the caller takes right after it loads the object, or,
// for a caller that hands on its own parameter, that caller's own new
// snapshot parameter, threaded the same way. It returns nil when decl or
// one of its callers does not qualify (see threadSnapshot).
func threadParam(pass *analysis.Pass, res *reach.Result, ol *objectLoads, decl *ast.FuncDecl, v *types.Var, names *snapshotNames, depth int) ([]analysis.TextEdit, string) {
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
	last := decl.Type.Params.List[len(decl.Type.Params.List)-1]
	edits := []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + name + " " + types.ExprString(typeExpr))}}
	for _, c := range callers {
		sc, ok := c.(*ssa.Call)
		if !ok || sc.Parent() == fn {
			return nil, "" // deferred, started with go, or recursive
		}
		call := res.CallExpr(sc.Pos())
		if call == nil || idx >= len(call.Args) || call.Ellipsis.IsValid() {
			return nil, ""
		}
		callEdits := passSnapshot(pass, res, ol, call, call.Args[idx], v.Type(), names, depth)
		if callEdits == nil {
			return nil, ""
		}
		edits = append(edits, callEdits...)
	}
	return edits, name
}

// passSnapshot returns the edits that give call, a call of a helper
// whose object parameter arg fills, the snapshot argument: a copy the
// caller takes right after it loads the object, or, when arg is the
// caller's own object parameter, the caller's snapshot parameter, threaded
// in turn. want is the helper's parameter type; nil when neither works.
func passSnapshot(pass *analysis.Pass, res *reach.Result, ol *objectLoads, call *ast.CallExpr, arg ast.Expr, want types.Type, names *snapshotNames, depth int) []analysis.TextEdit {
	info := pass.TypesInfo
	u, addr := fixes.ObjectVar(info, arg)
	file := fileOf(pass, call)
	if u == nil || file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, params := fixes.EnclosingFunc(path)
	if body == nil {
		return nil
	}
	lastArg := call.Args[len(call.Args)-1]
	load, _, _ := lastLoad(ol, path, body, u)
	if load == nil {
		// The caller hands on its own parameter: thread through it.
		if addr || params == nil || u.Pos() < params.Pos() || u.Pos() >= params.End() || !types.Identical(u.Type(), want) {
			return nil
		}
		decl := declOf(path)
		if decl == nil {
			return nil
		}
		edits, name := threadParam(pass, res, ol, decl, u, names, depth+1)
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
