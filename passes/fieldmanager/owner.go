package fieldmanager

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"

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
// that can be named at the call, else the configured name.
func (r *reporter) owner(file *ast.File, call *ast.CallExpr) (string, []analysis.TextEdit, bool) {
	at := call.Rparen
	clientPkg := r.c.m.Client
	for _, oc := range r.owners {
		if oc.test && !r.c.testCtx {
			continue
		}
		ref, edits, ok := fixes.Qualify(r.pass, file, at, oc.obj)
		if !ok || len(edits) > 0 {
			continue // shadowed, or would need a second import
		}
		if oc.typed {
			return ref, nil, true
		}
		name, edits := fixes.AddImport(r.pass, file, at, clientPkg.Path(), clientPkg.Name())
		return name + ".FieldOwner(" + ref + ")", edits, true
	}
	if r.cfg.Name != "" {
		name, edits := fixes.AddImport(r.pass, file, at, clientPkg.Path(), clientPkg.Name())
		return name + ".FieldOwner(" + strconv.Quote(r.cfg.Name) + ")", edits, true
	}
	return "", nil, false
}
