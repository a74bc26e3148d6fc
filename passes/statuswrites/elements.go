package statuswrites

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/valueflow"
)

// A loop that writes the status of each element of a slice or a map,
//
//	var toUpdate []*v1.Widget
//	if specChanged { toUpdate = append(toUpdate, w) }
//	if ready { toUpdate = append(toUpdate, w) }
//	for _, o := range toUpdate { r.Status().Update(ctx, o) }
//
// writes different objects on its passes when the elements are different
// objects (the items of a List, objects made one per pass), and that is
// how a loop's write of an element is counted when the pass cannot say
// what the container holds: as an object made anew on each pass. Where
// the function builds the container itself (append, a slice or array
// literal, a map made and filled in the function), the write of an element
// is also a write of each object put in it, once for the loop: an object
// put in twice is written twice by the loop, and an object in it that is
// also written on its own is written twice in the reconcile.
//
// What the container holds on a path is read from its SSA value: append
// adds to what its first argument holds; where values meet (a phi), an
// object is in it twice when it is twice on some incoming edge (so an
// append on each branch of an if is one), and in it for certain when it is
// on every incoming edge that is not the loop building the container (an
// append in that loop adds its object once: one site's values on different
// passes are one SSA value). The writes the loop adds to an object's count
// are the certain ones. A map's certain entries are those filled in blocks
// that dominate the write; one object is in a map twice only under two
// different constant keys, filled in blocks one of which can reach the
// other (a map keyed by the object's name holds it once, and two entries
// filled on the two branches of an if are never both there).

// addition is one object put in a container.
type addition struct {
	id   ident     // the object, as the function's writes name it
	raw  ident     // the value put in, before Get keys are followed
	pos  token.Pos // where it is put in
	name string    // how messages name the object
	// site is the instruction that puts it in: followed round a loop
	// that builds the container, one site adds one object once (the
	// values of one site on different passes are one SSA value).
	site ssa.Instruction
}

// elemInfo is what the event of a loop's write of an element says about
// the container, for messages.
type elemInfo struct {
	cont  string      // how messages name the container
	adds  []token.Pos // where the object is put in it
	names []string    // what is put in it there, as messages name it
	twice bool        // the object is in it twice on some path
	copy  bool        // the container holds copies, or two values of the object loaded apart
}

// maxElemDepth bounds the values followed back from a container.
const maxElemDepth = 32

// elementOf returns the container of which id names an element (or a
// field of one), and the selectors past the element's object: for a
// container of pointers the element's value is the object's pointer; for
// a container of structs the element is the object (a copy of it).
func elementOf(id ident) (cont ssa.Value, rest string, ok bool) {
	if id.key {
		return nil, "", false
	}
	for depth := 0; depth < 4; depth++ {
		switch b := id.base.(type) {
		case *ssa.IndexAddr:
			if isRef(elemType(b.X.Type())) {
				if !strings.HasPrefix(id.sel, "*") {
					return nil, "", false
				}
				return b.X, id.sel[1:], true
			}
			return b.X, id.sel, true
		case *ssa.Index, *ssa.Lookup, *ssa.Extract:
			c := elemSource(b)
			if c == nil || !isRef(elemType(c.Type())) {
				return nil, "", false
			}
			return c, id.sel, true
		case *ssa.Alloc:
			v := storedOnce(b)
			if v == nil {
				return nil, "", false
			}
			vb, vs := valueflow.AccessPath(v, nil)
			if isRef(b.Type().Underlying().(*types.Pointer).Elem()) {
				// A variable holding an element's pointer or interface,
				// stored once (captured by a function literal).
				if !strings.HasPrefix(id.sel, "*") {
					return nil, "", false
				}
				id = ident{base: vb, sel: vs + id.sel[1:]}
				continue
			}
			// A variable holding a copy of a struct element, stored once
			// (for _, item := range items { ... &item ... }).
			if strings.HasSuffix(vs, "*") {
				id = ident{base: vb, sel: strings.TrimSuffix(vs, "*") + id.sel}
				continue
			}
			if vs != "" {
				return nil, "", false
			}
			c := elemSource(vb)
			if c == nil || isRef(elemType(c.Type())) {
				return nil, "", false
			}
			return c, id.sel, true
		}
		return nil, "", false
	}
	return nil, "", false
}

// elemSource returns the container an element value is read from: an
// array indexed, a map looked up, or a map ranged over.
func elemSource(v ssa.Value) ssa.Value {
	if ix, ok := v.(*ssa.Index); ok {
		return ix.X
	}
	return valueflow.MapOf(v)
}

// isRef reports whether a container's elements refer to the objects (a
// pointer, an interface such as client.Object) rather than hold them.
func isRef(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// elemType returns the element type of a slice, array, pointer to array
// or map.
func elemType(t types.Type) types.Type {
	switch t := t.Underlying().(type) {
	case *types.Slice:
		return t.Elem()
	case *types.Array:
		return t.Elem()
	case *types.Map:
		return t.Elem()
	case *types.Pointer:
		if a, ok := t.Elem().Underlying().(*types.Array); ok {
			return a.Elem()
		}
	}
	return types.Typ[types.Invalid]
}

// additions returns what the container cont holds where a write at block
// at reads it: may lists each object as often as some path puts it in,
// must as often as every path does. Both are empty when the function does
// not build the container itself.
func (c *checker) additions(fn *ssa.Function, cont ssa.Value, at *ssa.BasicBlock) (may, must []addition) {
	if _, ok := cont.Type().Underlying().(*types.Map); ok {
		return c.mapAdditions(fn, cont, at)
	}
	ptr := isRef(elemType(cont.Type()))
	may, _ = c.sliceAdditions(fn, cont, ptr, false, map[ssa.Value]bool{}, 0)
	must, _ = c.sliceAdditions(fn, cont, ptr, true, map[ssa.Value]bool{}, 0)
	return may, must
}

// sliceAdditions follows a slice or array value back to where it is made:
// with must, the objects every path puts in, else those some path does.
// cyc is set when the value goes round a loop back to a phi being
// followed: such an edge is the loop building the container.
func (c *checker) sliceAdditions(fn *ssa.Function, v ssa.Value, ptr, must bool, visiting map[ssa.Value]bool, depth int) (adds []addition, cyc bool) {
	if depth > maxElemDepth {
		return nil, false
	}
	switch v := v.(type) {
	case *ssa.Phi:
		if visiting[v] {
			return nil, true
		}
		visiting[v] = true
		defer delete(visiting, v)
		var edges [][]addition
		allCyc := true
		for _, e := range v.Edges {
			a, cy := c.sliceAdditions(fn, e, ptr, must, visiting, depth+1)
			if must && cy {
				continue
			}
			if !cy {
				allCyc = false
			}
			edges = append(edges, a)
		}
		if must {
			if len(edges) == 0 {
				return nil, true
			}
			return meet(edges), false
		}
		return join(edges), allCyc && len(v.Edges) > 0
	case *ssa.Call:
		b, ok := v.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(v.Call.Args) != 2 {
			return nil, false
		}
		a0, cy0 := c.sliceAdditions(fn, v.Call.Args[0], ptr, must, visiting, depth+1)
		if varargs, ok := v.Call.Args[1].(*ssa.Slice); ok {
			if alloc, ok := varargs.X.(*ssa.Alloc); ok && alloc.Comment == "varargs" {
				var args []ast.Expr
				if ce := c.res.CallExpr(v.Pos()); ce != nil && len(ce.Args) > 1 && !ce.Ellipsis.IsValid() {
					args = ce.Args[1:]
				}
				return concat(a0, c.arrayAdditions(fn, alloc, ptr, args)), cy0
			}
		}
		a1, cy1 := c.sliceAdditions(fn, v.Call.Args[1], ptr, must, visiting, depth+1)
		return concat(a0, a1), cy0 || cy1
	case *ssa.Slice:
		if v.Low != nil || v.High != nil || v.Max != nil {
			return nil, false
		}
		if alloc, ok := v.X.(*ssa.Alloc); ok {
			return c.arrayAdditions(fn, alloc, ptr, nil), false
		}
		return c.sliceAdditions(fn, v.X, ptr, must, visiting, depth+1)
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			if _, isArray := alloc.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array); isArray {
				return c.arrayAdditions(fn, alloc, ptr, nil), false
			}
		}
	case *ssa.Alloc:
		if _, isArray := v.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array); isArray {
			return c.arrayAdditions(fn, v, ptr, nil), false
		}
	}
	return nil, false
}

// arrayAdditions returns the values an array (the backing array of a
// slice literal, of append's variadic arguments args, or a local array)
// is filled with where it is made: stores at constant indexes in its
// block. An array also stored at other indexes, or elsewhere, holds what
// the pass cannot say, and nothing is returned.
func (c *checker) arrayAdditions(fn *ssa.Function, alloc *ssa.Alloc, ptr bool, args []ast.Expr) []addition {
	var out []addition
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, constIdx := ia.Index.(*ssa.Const)
		for _, rr := range *ia.Referrers() {
			st, ok := rr.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			if !constIdx || st.Block() != alloc.Block() {
				return nil
			}
			var expr ast.Expr
			if i := idx.Int64(); i >= 0 && i < int64(len(args)) {
				expr = args[i]
			} else {
				expr = c.elemExprs[st.Pos()]
			}
			pos := st.Pos()
			if expr != nil {
				pos = expr.Pos()
			}
			if !pos.IsValid() {
				pos = alloc.Pos()
			}
			a := c.addition(fn, st.Val, ptr, pos, expr)
			a.site = st
			out = append(out, a)
		}
	}
	return out
}

// mapAdditions returns the objects put in a map made in the function:
// may, each object once, or twice when two entries under different
// constant keys can both be filled on one path; must, the entries filled
// in blocks that dominate the write. A map passed on, stored, or deleted
// from holds what the pass cannot say.
func (c *checker) mapAdditions(fn *ssa.Function, m ssa.Value, at *ssa.BasicBlock) (may, must []addition) {
	mm, ok := m.(*ssa.MakeMap)
	if !ok {
		return nil, nil
	}
	var updates []*ssa.MapUpdate
	for _, r := range *mm.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			if r.Map != mm || r.Key == mm || r.Value == mm {
				return nil, nil
			}
			updates = append(updates, r)
		case *ssa.Range, *ssa.Lookup:
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				return nil, nil
			}
		default:
			return nil, nil
		}
	}
	ptr := isRef(elemType(mm.Type()))
	var adds []addition
	for _, u := range updates {
		a := c.addition(fn, u.Value, ptr, u.Pos(), c.elemExprs[u.Pos()])
		a.site = u
		adds = append(adds, a)
	}
	// An object's entries that can both be there: under different
	// constant keys, filled in blocks one of which can reach the other.
	for i, u := range updates {
		twice := false
		for j, v := range updates {
			if j <= i || adds[j].id != adds[i].id || !differentConsts(u.Key, v.Key) {
				continue
			}
			if u.Block() == v.Block() || reaches(u.Block().Succs, v.Block(), nil) || reaches(v.Block().Succs, u.Block(), nil) {
				may = append(may, adds[i], adds[j])
				twice = true
				break
			}
		}
		if !twice && !slices.ContainsFunc(may, func(a addition) bool { return a.id == adds[i].id }) {
			may = append(may, adds[i])
		}
	}
	may = join([][]addition{may}) // each object at most twice
	// The entries every path fills before the write, and their keys.
	var keys []ssa.Value
	for i, u := range updates {
		if u.Block() == at || !u.Block().Dominates(at) {
			continue
		}
		// A second entry of the object counts under a different
		// constant key only; a third adds nothing.
		add := true
		n := 0
		for j, a := range must {
			if a.id == adds[i].id {
				n++
				add = add && n < 2 && differentConsts(keys[j], u.Key)
			}
		}
		if add {
			must = append(must, adds[i])
			keys = append(keys, u.Key)
		}
	}
	return may, must
}

// differentConsts reports whether two map keys are different constants.
func differentConsts(a, b ssa.Value) bool {
	x, ok1 := a.(*ssa.Const)
	y, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && x.Value != nil && y.Value != nil && !constant.Compare(x.Value, token.EQL, y.Value)
}

// addition describes the value v put in a container, by the expression
// expr (nil when unknown): a pointer to the object in a container of
// pointers, a copy of the object (*p, the object p points to) in a
// container of structs.
func (c *checker) addition(fn *ssa.Function, v ssa.Value, ptr bool, pos token.Pos, expr ast.Expr) addition {
	b, s := valueflow.AccessPath(v, nil)
	if !ptr {
		s = strings.TrimSuffix(s, "*")
	}
	raw := ident{base: b, sel: s}
	a := addition{id: c.resolve(fn, raw), raw: c.resolveCaptures(raw), pos: pos}
	if expr != nil {
		e := ast.Unparen(expr)
		if st, ok := e.(*ast.StarExpr); ok && !ptr {
			e = st.X
		}
		a.name = exprName(e)
	}
	if a.name == "" {
		a.name = typeName(v)
	}
	return a
}

// concat is what a holds with what b adds: an object b adds at a site
// where a already has it is the same addition, seen again round the loop
// that builds the container.
func concat(a, b []addition) []addition {
	out := slices.Clip(a)
	for _, x := range b {
		if !slices.ContainsFunc(a, func(y addition) bool { return y.id == x.id && y.site == x.site }) {
			out = append(out, x)
		}
	}
	return out
}

// join is the most times each object is in one of the containers: the
// objects of the edge that holds it most often, in order.
func join(edges [][]addition) []addition {
	best := map[ident][]addition{}
	for _, e := range edges {
		for id, as := range group(e) {
			if len(as) > len(best[id]) {
				best[id] = as
			}
		}
	}
	var out []addition
	for _, id := range orderOf(slices.Concat(edges...)) {
		as := best[id]
		if len(as) > 2 {
			as = as[:2]
		}
		out = append(out, as...)
	}
	return out
}

// meet is the fewest times each object is in all of the containers.
func meet(edges [][]addition) []addition {
	if len(edges) == 0 {
		return nil
	}
	var out []addition
	first := group(edges[0])
	for _, id := range orderOf(edges[0]) {
		as := first[id]
		for _, e := range edges[1:] {
			if other := group(e)[id]; len(other) < len(as) {
				as = other
			}
		}
		out = append(out, as...)
	}
	return out
}

func group(adds []addition) map[ident][]addition {
	out := map[ident][]addition{}
	for _, a := range adds {
		out[a.id] = append(out[a.id], a)
	}
	return out
}

// orderOf returns the objects of adds, each once, in order.
func orderOf(adds []addition) []ident {
	var out []ident
	seen := map[ident]bool{}
	for _, a := range adds {
		if !seen[a.id] {
			seen[a.id] = true
			out = append(out, a.id)
		}
	}
	return out
}

// containerName names the container a write in a loop ranges over: the
// expression of the innermost range statement around the write over a
// value of the container's type, else "the slice" or "the map".
func (c *checker) containerName(fn *ssa.Function, node ast.Node, cont ssa.Value) string {
	fallback := "the slice"
	switch t := cont.Type().Underlying().(type) {
	case *types.Map:
		fallback = "the map"
	case *types.Array:
		fallback = "the array"
	case *types.Pointer:
		if _, ok := t.Elem().Underlying().(*types.Array); ok {
			fallback = "the array"
		}
	}
	var file *ast.File // a function literal's is its enclosing function's
	for f := fn; f != nil && file == nil; f = f.Parent() {
		file = c.files[f]
	}
	if file == nil || node == nil {
		return fallback
	}
	var best *ast.RangeStmt
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.Pos() > node.Pos() || n.End() < node.End() {
			return false
		}
		if rs, ok := n.(*ast.RangeStmt); ok && rs.Body.Pos() <= node.Pos() {
			if t := c.pass.TypesInfo.TypeOf(rs.X); t != nil && types.Identical(t.Underlying(), cont.Type().Underlying()) {
				best = rs
			}
		}
		return true
	})
	if best == nil {
		return fallback
	}
	if _, ok := ast.Unparen(best.X).(*ast.CompositeLit); ok {
		return fallback + " literal"
	}
	if s := types.ExprString(best.X); len(s) <= 40 {
		return s
	}
	return fallback
}
