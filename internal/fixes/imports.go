// Package fixes holds helpers shared by the passes' suggested fixes.
//
// Every helper is deterministic: its result depends only on its arguments
// and the syntax and type information of the package. Two passes that ask
// for the same thing at the same place therefore produce byte-identical
// edits, which analysis drivers merge instead of reporting a conflict. Edits
// are gofmt-clean for gofmt-formatted input (tab-indented import blocks).
package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// AddImport returns a name by which code at pos in file can refer to the
// package with import path path, and the edits, if any, that make it so.
//
// name is the package's declared name (for example "client" for
// sigs.k8s.io/controller-runtime/pkg/client); when empty, the last element
// of path is used.
//
// When an import of path in file is visible at pos under its name, that
// name is returned and there are no edits. Otherwise the result is a single
// edit, a pure insertion, adding an import of path (the same package may be
// imported twice under different names) under the first name of
// ImportNames(path, name) that is free: declared neither in the file's
// imports nor at package level, and not resolving to anything at pos. A
// local variable named client at pos thus yields crclient for
// controller-runtime's client package.
//
// The import goes in sorted position into the import group (blank-line
// separated run of specs) that fits path best: same kind (standard library
// or not), then longest common leading path elements, then the first such
// group. A non-standard path in a file with only standard imports starts a
// new group after them; a standard path in a file with only non-standard
// imports starts a new group before them. A file with no import block gets
// a new import declaration (after the last single-line import declaration,
// or after the package clause).
//
// pass supplies the file set and type information; when the type
// information lacks scopes for file (incomplete or ill-typed code), any
// identifier in file spelled like a candidate makes it taken.
func AddImport(pass *analysis.Pass, file *ast.File, pos token.Pos, path, name string) (string, []analysis.TextEdit) {
	if name == "" {
		name = lastElem(path)
	}
	var info *types.Info
	if pass != nil {
		info = pass.TypesInfo
	}

	// An existing import visible at pos.
	for _, spec := range importSpecs(file) {
		if importPath(spec) != path {
			continue
		}
		local := name
		if spec.Name != nil {
			local = spec.Name.Name
		}
		if local == "_" || local == "." {
			continue
		}
		if visible(info, file, pos, local, spec) {
			return local, nil
		}
	}

	taken := takenFunc(info, file, pos)
	var chosen string
	for _, cand := range ImportNames(path, name) {
		if !taken(cand) {
			chosen = cand
			break
		}
	}
	for i := 2; chosen == ""; i++ {
		if cand := name + strconv.Itoa(i); !taken(cand) {
			chosen = cand
		}
	}

	spec := strconv.Quote(path)
	if chosen != name || name != lastElem(path) {
		spec = chosen + " " + spec
	}
	var fset *token.FileSet
	if pass != nil {
		fset = pass.Fset
	}
	return chosen, []analysis.TextEdit{importEdit(fset, file, path, chosen, spec)}
}

// ImportNames lists, best first, the names AddImport tries for a new import
// of path whose package is declared as name: name itself, then name
// prefixed by each enclosing path element, nearest first, skipping the
// host name and the elements "pkg" and "internal". A hyphenated element
// contributes its initials first and then its letters:
// sigs.k8s.io/controller-runtime/pkg/client gives client, crclient,
// controllerruntimeclient; k8s.io/api/core/v1 gives v1, corev1, apiv1.
// AddImport falls back to name2, name3, ... when all are taken.
func ImportNames(path, name string) []string {
	if name == "" {
		name = lastElem(path)
	}
	out := []string{name}
	add := func(prefix string) {
		cand := prefix + name
		if prefix == "" || !token.IsIdentifier(cand) || token.IsKeyword(cand) {
			return
		}
		if slices.Contains(out, cand) {
			return
		}
		out = append(out, cand)
	}
	elems := strings.Split(path, "/")
	for i := len(elems) - 2; i >= 0; i-- {
		e := elems[i]
		if (i == 0 && strings.Contains(e, ".")) || e == "pkg" || e == "internal" {
			continue
		}
		words := strings.FieldsFunc(strings.ToLower(e), func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
		})
		if len(words) > 1 {
			initials := ""
			for _, w := range words {
				initials += w[:1]
			}
			add(initials)
		}
		add(strings.Join(words, ""))
	}
	return out
}

// UsualImportName is the name the files most often give path in an import
// with an explicit name (pulp-operator imports its API as pulpv1), for a
// new import to follow the package's habit; "" when none names it.
func UsualImportName(files []*ast.File, path string) string {
	count := make(map[string]int)
	best := ""
	for _, f := range files {
		for _, spec := range importSpecs(f) {
			if spec.Name == nil || importPath(spec) != path || !token.IsIdentifier(spec.Name.Name) || spec.Name.Name == "_" {
				continue
			}
			name := spec.Name.Name
			count[name]++
			if best == "" || count[name] > count[best] || (count[name] == count[best] && name < best) {
				best = name
			}
		}
	}
	return best
}

// visible reports whether the import spec's name local resolves at pos to
// the spec's package.
func visible(info *types.Info, file *ast.File, pos token.Pos, local string, spec *ast.ImportSpec) bool {
	scope := innermost(info, file, pos)
	if scope == nil {
		return true // no scopes: assume the import is not shadowed
	}
	_, obj := scope.LookupParent(local, pos)
	pn, ok := obj.(*types.PkgName)
	if !ok || pn.Imported() == nil {
		return false
	}
	return pn.Imported().Path() == importPath(spec)
}

// takenFunc returns the predicate AddImport uses to reject a new import
// name.
func takenFunc(info *types.Info, file *ast.File, pos token.Pos) func(string) bool {
	imported := make(map[string]bool)
	for _, spec := range importSpecs(file) {
		if spec.Name != nil {
			imported[spec.Name.Name] = true
		} else {
			// The declared name is usually the last element; be
			// conservative and take both it and a version-stripped form.
			p := importPath(spec)
			imported[lastElem(p)] = true
			if info != nil {
				if pn, ok := info.Implicits[spec].(*types.PkgName); ok {
					imported[pn.Name()] = true
				}
			}
		}
	}
	scope := innermost(info, file, pos)
	if scope == nil {
		idents := make(map[string]bool)
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				idents[id.Name] = true
			}
			return true
		})
		return func(name string) bool {
			return imported[name] || idents[name] || types.Universe.Lookup(name) != nil
		}
	}
	var pkgScope *types.Scope
	if fs := info.Scopes[file]; fs != nil {
		pkgScope = fs.Parent()
	}
	return func(name string) bool {
		if imported[name] {
			return true
		}
		if pkgScope != nil && pkgScope.Lookup(name) != nil {
			return true
		}
		_, obj := scope.LookupParent(name, pos)
		return obj != nil
	}
}

// innermost returns the innermost scope of file containing pos, or nil
// (without type information too).
func innermost(info *types.Info, file *ast.File, pos token.Pos) *types.Scope {
	if info == nil {
		return nil
	}
	fs := info.Scopes[file]
	if fs == nil {
		return nil
	}
	if s := fs.Innermost(pos); s != nil {
		return s
	}
	return fs
}

// importEdit returns the insertion adding spec (the text of an import spec
// of path under the local name) to file.
func importEdit(fset *token.FileSet, file *ast.File, path, local, spec string) analysis.TextEdit {
	insert := func(pos token.Pos, text string) analysis.TextEdit {
		return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)}
	}

	var lastSingle *ast.GenDecl
	var blocks []*ast.GenDecl
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			blocks = append(blocks, gd)
		} else {
			lastSingle = gd
		}
	}

	// Gather the groups of every block; pick the best.
	type group struct {
		decl  *ast.GenDecl
		specs []*ast.ImportSpec
	}
	var groups []group
	for _, gd := range blocks {
		var cur []*ast.ImportSpec
		prevLine := -1
		for _, s := range gd.Specs {
			is, ok := s.(*ast.ImportSpec)
			if !ok {
				continue
			}
			line := lineOf(fset, specStart(is))
			if cur != nil && fset != nil && line > prevLine+1 {
				groups = append(groups, group{gd, cur})
				cur = nil
			}
			cur = append(cur, is)
			prevLine = lineOf(fset, specEnd(is))
		}
		if cur != nil {
			groups = append(groups, group{gd, cur})
		}
	}

	if len(groups) == 0 {
		if len(blocks) > 0 {
			// An empty import block.
			gd := blocks[0]
			if fset != nil && lineOf(fset, gd.Rparen) > lineOf(fset, gd.Lparen) {
				return insert(gd.Rparen, "\t"+spec+"\n")
			}
			return insert(gd.Rparen, "\n\t"+spec+"\n")
		}
		if lastSingle != nil {
			return insert(lastSingle.End(), "\nimport "+spec)
		}
		return insert(file.Name.End(), "\n\nimport "+spec)
	}

	std := isStd(path)
	best, bestScore := -1, -1
	for i, g := range groups {
		gstd := true
		score := 0
		for _, s := range g.specs {
			p := importPath(s)
			if !isStd(p) {
				gstd = false
			}
			if c := commonElems(p, path); c > score {
				score = c
			}
		}
		if gstd != std {
			continue
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		if std {
			// Only non-standard groups: a new group before them.
			first := groups[0].specs[0]
			return insert(specStart(first), spec+"\n\n\t")
		}
		// Only standard groups: a new group after the last one.
		last := groups[len(groups)-1]
		return insert(specEnd(last.specs[len(last.specs)-1]), "\n\n\t"+spec)
	}
	specs := groups[best].specs
	// gofmt sorts a group by path, then by local name.
	i := sort.Search(len(specs), func(i int) bool {
		p := importPath(specs[i])
		if p != path {
			return p > path
		}
		n := ""
		if specs[i].Name != nil {
			n = specs[i].Name.Name
		}
		return n > local
	})
	if i < len(specs) {
		return insert(specStart(specs[i]), spec+"\n\t")
	}
	return insert(specEnd(specs[len(specs)-1]), "\n\t"+spec)
}

func importSpecs(file *ast.File) []*ast.ImportSpec {
	if file == nil {
		return nil
	}
	return file.Imports
}

func importPath(spec *ast.ImportSpec) string {
	if spec == nil || spec.Path == nil {
		return ""
	}
	p, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return ""
	}
	return p
}

func specStart(s *ast.ImportSpec) token.Pos {
	if s.Doc != nil {
		return s.Doc.Pos()
	}
	return s.Pos()
}

func specEnd(s *ast.ImportSpec) token.Pos {
	if s.Comment != nil {
		return s.Comment.End()
	}
	return s.End()
}

func lineOf(fset *token.FileSet, pos token.Pos) int {
	if fset == nil || !pos.IsValid() {
		return 0
	}
	return fset.Position(pos).Line
}

// isStd reports whether path looks like a standard library path: its first
// element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func commonElems(a, b string) int {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

func lastElem(path string) string {
	if i := strings.LastIndex(path, "/"); i >= 0 {
		return path[i+1:]
	}
	return path
}

// Qualify returns source text that refers, from pos in file, to obj, a
// package-level object (constant, variable, function or type), and the
// edits that make the text valid (an import added by AddImport). An object
// of pass.Pkg is referred to by its bare name, which must resolve to obj at
// pos. ok is false when obj is not package-level, when it belongs to
// another package and is not exported, or when its bare name is shadowed at
// pos.
func Qualify(pass *analysis.Pass, file *ast.File, pos token.Pos, obj types.Object) (text string, edits []analysis.TextEdit, ok bool) {
	if pass == nil || obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return "", nil, false
	}
	if obj.Pkg() == pass.Pkg {
		if scope := innermost(pass.TypesInfo, file, pos); scope != nil {
			if _, got := scope.LookupParent(obj.Name(), pos); got != obj {
				return "", nil, false
			}
		}
		return obj.Name(), nil, true
	}
	if !obj.Exported() {
		return "", nil, false
	}
	name, edits := AddImport(pass, file, pos, obj.Pkg().Path(), obj.Pkg().Name())
	return name + "." + obj.Name(), edits, true
}
