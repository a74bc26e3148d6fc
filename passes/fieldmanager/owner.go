package fieldmanager

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
)

// ownerCand is a package-level constant or variable the package already
// uses as its field manager.
type ownerCand struct {
	obj   types.Object
	typed bool // of type client.FieldOwner: passed as is
	count int
	first token.Pos
	test  bool // declared in a _test.go file
}

// collectOwners finds the package's own field managers, most used first,
// ties broken by first use: constants and variables of type
// client.FieldOwner, string constants and variables converted to
// client.FieldOwner or passed to client.WithFieldOwner or
// client.Options{FieldOwner: ...}, and string constants set as FieldManager
// of request options.
func collectOwners(pass *analysis.Pass, m *crmodel.Model, checked, isTest func(*ast.File) bool) []*ownerCand {
	info := pass.TypesInfo
	byObj := make(map[types.Object]*ownerCand)
	var list []*ownerCand
	add := func(obj types.Object, typed bool, pos token.Pos) {
		oc := byObj[obj]
		if oc == nil {
			declTest := obj.Pkg() == pass.Pkg && ignore.IsTestFile(pass.Fset, obj.Pos())
			oc = &ownerCand{obj: obj, typed: typed, first: pos, test: declTest}
			byObj[obj] = oc
			list = append(list, oc)
		}
		oc.count++
	}
	// pkgLevel returns the package-level constant or variable e names.
	pkgLevel := func(e ast.Expr, constOnly bool) types.Object {
		var id *ast.Ident
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			if pkgID, ok := x.X.(*ast.Ident); ok {
				if _, ok := info.Uses[pkgID].(*types.PkgName); ok {
					id = x.Sel
				}
			}
		}
		if id == nil {
			return nil
		}
		obj := info.Uses[id]
		switch obj.(type) {
		case *types.Const:
		case *types.Var:
			if constOnly {
				return nil
			}
		default:
			return nil
		}
		if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return nil
		}
		if b, ok := obj.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return nil
		}
		return obj
	}
	addString := func(e ast.Expr, constOnly bool) {
		if obj := pkgLevel(e, constOnly); obj != nil && !m.IsFieldOwner(obj.Type()) {
			add(obj, false, e.Pos())
		}
	}
	// keyed returns the value of field key in a struct literal.
	keyed := func(lit *ast.CompositeLit, key string) ast.Expr {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == key {
					return kv.Value
				}
			}
		}
		return nil
	}
	for _, f := range pass.Files {
		if !checked(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if obj := pkgLevel(n, false); obj != nil && m.IsFieldOwner(obj.Type()) {
					add(obj, true, n.Pos())
				}
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok {
					if _, ok := info.Uses[id].(*types.PkgName); ok {
						// pkg.Owner: count once, not again as an Ident.
						if obj := pkgLevel(n, false); obj != nil && m.IsFieldOwner(obj.Type()) {
							add(obj, true, n.Pos())
						}
						return false
					}
				}
			case *ast.CallExpr:
				if tv, ok := info.Types[n.Fun]; ok && tv.IsType() && m.IsFieldOwner(tv.Type) && len(n.Args) == 1 {
					addString(n.Args[0], false)
				} else if fn := crmodel.CalledFunc(info, n); fn != nil && m.ClientFunc(fn) == "WithFieldOwner" && len(n.Args) == 2 {
					addString(n.Args[1], false)
				}
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				switch {
				case m.IsWriteOptions(t):
					if v := keyed(n, "FieldManager"); v != nil {
						addString(v, true)
					}
				case m.IsClientOptions(t):
					if v := keyed(n, "FieldOwner"); v != nil {
						addString(v, false)
					}
				}
			}
			return true
		})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].count != list[j].count {
			return list[i].count > list[j].count
		}
		return list[i].first < list[j].first
	})
	return list
}

// owner returns the text of the field-manager argument to add to call,
// with the edits (an import) it needs: the package's own most used owner
// that can be named at call. configured is set when there is none and the
// owner is the configured name: the reporter then decides, once every
// call is seen, whether the calls share a constant it adds (see
// declareOwner).
func (r *reporter) owner(file *ast.File, call *ast.CallExpr) (text string, edits []analysis.TextEdit, configured, ok bool) {
	if oc, ref := r.ownOwner(file, call.Rparen); oc != nil {
		if oc.typed {
			return ref, nil, false, true
		}
		clientPkg := r.c.m.Client
		name, edits := fixes.AddImport(r.pass, file, call.Rparen, clientPkg.Path(), clientPkg.Name())
		return name + ".FieldOwner(" + ref + ")", edits, false, true
	}
	if r.cfg.Name != "" {
		return "", nil, true, true
	}
	return "", nil, false, false
}

// ownOwner returns the package's own most used owner that can be named
// at pos in file, with the reference to it; nil when each is shadowed
// there or would need a second import, or is declared in a _test.go file
// and pos is not in one.
func (r *reporter) ownOwner(file *ast.File, pos token.Pos) (*ownerCand, string) {
	for _, oc := range r.owners {
		if oc.test && !r.c.testCtx {
			continue
		}
		if ref, edits, ok := fixes.Qualify(r.pass, file, pos, oc.obj); ok && len(edits) == 0 {
			return oc, ref
		}
	}
	return nil, ""
}

// ownerConst is the name of the constant the fixes of the configured
// owner declare, one for the package.
const ownerConst = "fieldOwner"

// configuredFix is a finding whose fix passes the configured owner, held
// until every call is seen.
type configuredFix struct {
	d    analysis.Diagnostic
	file *ast.File
	call *ast.CallExpr
	test bool // the call is in a _test.go file
}

// declareOwner completes and reports the findings whose fix passes the
// configured owner. Rather than write the string literal into every call
// (84 times in one operator), the fixes pass one constant,
//
//	const fieldOwner = client.FieldOwner("widget-controller")
//
// that each of them declares, with the same edit, in the same file: the
// first by name of the files with such a call, so that any one fix, or
// all of them, compiles. A call in a _test.go file, one where the name is
// shadowed, and every call when the package could not take the constant
// (the name is spelt in any .go file of its directory, build-constrained
// and test files included; no file without a build constraint has such a
// call) pass the literal, client.FieldOwner("widget-controller").
// The package's other files are type-checked: a local of the name keeps
// only the calls in its scope from the constant.
func (r *reporter) declareOwner() {
	if len(r.pending) == 0 {
		return
	}
	clientPkg := r.c.m.Client
	literal := func(p configuredFix) (string, []analysis.TextEdit) {
		name, edits := fixes.AddImport(r.pass, p.file, p.call.Rparen, clientPkg.Path(), clientPkg.Name())
		return name + ".FieldOwner(" + strconv.Quote(r.cfg.Name) + ")", edits
	}
	usesConst := func(p configuredFix) bool {
		if p.test {
			return false
		}
		scope := r.pass.TypesInfo.Scopes[p.file]
		if scope == nil {
			return false
		}
		if inner := scope.Innermost(p.call.Rparen); inner != nil {
			scope = inner
		}
		_, obj := scope.LookupParent(ownerConst, p.call.Rparen)
		return obj == nil
	}
	var decl *ast.File
	if r.pass.Pkg.Scope().Lookup(ownerConst) == nil && !importedAs(r.pass, ownerConst) && !spelledBeside(r.pass, r.pending[0].file, ownerConst) {
		for _, p := range r.pending {
			if !usesConst(p) || fixes.BuildConstrained(r.pass.Fset, p.file) {
				continue
			}
			if decl == nil || r.pass.Fset.File(p.file.Pos()).Name() < r.pass.Fset.File(decl.Pos()).Name() {
				decl = p.file
			}
		}
	}
	var declEdits []analysis.TextEdit
	if decl != nil {
		var ok bool
		declEdits, ok = r.constDecl(decl)
		if !ok {
			decl = nil
		}
	}
	for _, p := range r.pending {
		text, edits := ownerConst, declEdits
		if decl == nil || !usesConst(p) {
			text, edits = literal(p)
		}
		edits = append(slices.Clone(edits), r.insertion(p.call, text))
		msg := "Pass " + text
		if text == ownerConst {
			msg += ", a constant for client.FieldOwner(" + strconv.Quote(r.cfg.Name) + ") added to " + filepath.Base(r.pass.Fset.File(decl.Pos()).Name())
		}
		p.d.SuggestedFixes = []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
		r.rep.Report(p.d)
	}
}

// constDecl returns the edits that declare the owner constant in file,
// before its first declaration after the imports, and import the client
// package there if file does not.
func (r *reporter) constDecl(file *ast.File) ([]analysis.TextEdit, bool) {
	var first ast.Decl
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			continue
		}
		first = d
		break
	}
	if first == nil {
		return nil, false
	}
	at := first.Pos()
	switch d := first.(type) {
	case *ast.GenDecl:
		if d.Doc != nil {
			at = d.Doc.Pos()
		}
	case *ast.FuncDecl:
		if d.Doc != nil {
			at = d.Doc.Pos()
		}
	}
	clientPkg := r.c.m.Client
	name, edits := fixes.AddImport(r.pass, file, at, clientPkg.Path(), clientPkg.Name())
	text := "// " + ownerConst + " is the field manager this package's writes record in\n" +
		"// managedFields, which tells them from other writers'.\n" +
		"const " + ownerConst + " = " + name + ".FieldOwner(" + strconv.Quote(r.cfg.Name) + ")\n\n"
	return append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}), true
}

// spelledBeside reports whether a .go file in file's directory that the
// pass does not type-check as production code spells name as a word (a
// comment or a string included), or the directory cannot be read: such
// files (a _test.go file, seen in one variant of the package and not the
// other; a file of other build tags) may declare it.
func spelledBeside(pass *analysis.Pass, file *ast.File, name string) bool {
	dir := filepath.Dir(pass.Fset.File(file.Pos()).Name())
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true
	}
	checked := make(map[string]bool)
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil && !strings.HasSuffix(tf.Name(), "_test.go") {
			checked[filepath.Base(tf.Name())] = true
		}
	}
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || checked[e.Name()] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || word.Match(data) {
			return true
		}
	}
	return false
}

// importedAs reports whether a file of the package imports a package
// under name.
func importedAs(pass *analysis.Pass, name string) bool {
	for _, f := range pass.Files {
		if sc := pass.TypesInfo.Scopes[f]; sc != nil && sc.Lookup(name) != nil {
			return true
		}
	}
	return false
}
