// Package objchange classifies what code does to a controller-runtime
// object between its load and a write: each use of the object, followed
// through the package's functions and closures it is handed to, is a read,
// a change of some part of it, or a hand-over whose effect cannot be seen.
// Each pass keeps its own meaning as a rule on top.
//
// The classification is on SSA (follow.go): a Follower walks what each
// instruction does to the object's memory and hands each Use to the asking
// pass's Rule (conditions ranks the other changes of a written status;
// status.go answers whether anything between two points may change the
// status, for statusupdate's snapshots after reloads and the copies
// internal/fixes takes as loaded). SSA, not the AST, is the cheaper one to
// extend honestly: conditions needs the values stored (a timestamp from
// the clock against observedGeneration = generation), paths and callers,
// which are SSA's representation and which the AST can only imitate, as
// the walker below does with the locals bound to parts of the object and
// the objects a range binds. Every pass already requires reconcilepath,
// which builds the SSA, and instructions keep the positions of their
// syntax, so textual fixes can still find the statement a change is made
// in.
//
// The walker on the AST (this file) still serves the one question not yet
// moved onto the Follower: objectupdate asks it what an Update sends
// besides metadata changes made since the object's load, by area, with
// what other packages' functions do from its facts. (fieldmanager's
// merge patches of managed fields alone, and internal/fixes' copies kept
// as loaded, ask region.go.) Function literals, goroutines and deferred
// calls are read as the Follower reads them: by what their bodies and
// callees do to the object.
package objchange

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// Area is a set of the metadata a patch can carry apart: labels,
// annotations, owner references and finalizers.
type Area uint8

// The areas.
const (
	Labels Area = 1 << iota
	Annotations
	Owners
	Finalizers
)

// String names the areas for messages: "labels and owner references".
func (a Area) String() string {
	var parts []string
	for _, x := range []struct {
		a    Area
		name string
	}{{Labels, "labels"}, {Annotations, "annotations"}, {Owners, "owner references"}, {Finalizers, "finalizers"}} {
		if a&x.a != 0 {
			parts = append(parts, x.name)
		}
	}
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Effect is what the uses of an object do to it.
type Effect struct {
	Changed Area
	// Maybe holds the maps handed to code that may or may not write
	// them (another package's function taking obj.Labels): not counted
	// as changes, so that a read alone is not reported as one; the patch
	// carries whatever they did anyway.
	Maybe   Area
	Blocked string    // why the finding is ruled out; empty if it is not
	At      token.Pos // where

	// deep is set when the depth limit cut the following of a helper
	// short: such an answer depends on the depth it was asked at.
	deep bool
}

// mayChange records that a may change the map or list a; finalizers
// count as changed, which rules the finding out.
func (e *Effect) mayChange(a Area) {
	if a == Finalizers {
		e.Changed |= a
	} else {
		e.Maybe |= a
	}
}

// Unchanged reports whether e holds no change, no possible one and no
// reason to rule a fix out: the object is left as it was.
func (e Effect) Unchanged() bool {
	return e.Changed == 0 && e.Maybe == 0 && e.Blocked == ""
}

func (e *Effect) block(pos token.Pos, why string) {
	if e.Blocked == "" {
		e.Blocked, e.At = why, pos
	}
}

// Merge adds what o does: its changes, and its reason to rule the
// finding out unless e has one already.
func (e *Effect) Merge(o Effect) {
	e.Changed |= o.Changed
	e.Maybe |= o.Maybe
	e.deep = e.deep || o.deep
	if o.Blocked != "" {
		e.block(o.At, o.Blocked)
	}
}

// pathKind is what part of the object an expression reaches.
type pathKind int

const (
	wholeObject pathKind = iota // the object itself (or *obj, &obj)
	wholeMeta                   // obj.ObjectMeta
	metaField                   // a field of ObjectMeta: area says which, 0 for the others (name, ...)
	typeMeta                    // apiVersion and kind: not stored
	otherField                  // spec, status, anything else
	wholeList                   // a list of objects (BetweenList)
	listItems                   // its Items; indexed, an object again
)

// access is an expression that reaches into the object.
type access struct {
	kind  pathKind
	area  Area     // for metaField
	field string   // the field reached, for reasons
	top   ast.Expr // the outermost expression of the access
	// item is set for a copy of one of a list's items (the variable of
	// a range over them, or a pointer to it): another object than the
	// one asked about, which shares only its own item's maps and slices.
	item bool
}

// Checker holds a pass's state for a package.
type Checker struct {
	pass  *analysis.Pass
	info  *types.Info
	m     *crmodel.Model
	opts  Options
	decls map[*types.Func]*ast.FuncDecl
	// summaries memoises what the package's functions do to an object
	// parameter (index -1 is the receiver).
	summaries map[summaryKey]*Effect
}

// Options are what a pass's question changes in the classification.
type Options struct {
	// Imported returns what another package's function does to its
	// parameter idx (-1: the receiver), from the asking pass's facts;
	// nil, or false, when that is unknown: the hand-over then rules the
	// finding out.
	Imported func(fn *types.Func, idx int) (ParamChanges, bool)
}

type summaryKey struct {
	fn   *types.Func
	idx  int
	kind pathKind // the object, a metadata map or list, or a slice of objects
	area Area     // for a metadata map or list, which
}

// New returns a checker for the pass's package.
func New(pass *analysis.Pass, m *crmodel.Model, opts Options) *Checker {
	c := &Checker{pass: pass, info: pass.TypesInfo, m: m, opts: opts, decls: make(map[*types.Func]*ast.FuncDecl), summaries: make(map[summaryKey]*Effect)}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := c.info.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}
	return c
}

// Decls returns the package's functions declared with a body.
func (c *Checker) Decls() map[*types.Func]*ast.FuncDecl { return c.decls }

// declOf returns the declaration of fn (its generic origin) when the
// package declares it with a body.
func (c *Checker) declOf(fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	return c.decls[fn.Origin()]
}

// maxDepth bounds how deep helpers handed the object are followed.
const maxDepth = 3

// Between returns what the statements of body from start (the end of the
// load) to call do to v, leaving out skip (the object argument of the
// call). When call is in a loop that does not hold start, the rest of the
// loop runs before its next pass, so the region runs to the loop's end.
// Function literals of body that capture v count wherever they are: they
// may be called in between. The statements in dead are left out too: the
// caller knows that v holds no object after them (objectupdate's branches
// that end by setting v to nil), so nothing they do reaches the call.
func (c *Checker) Between(body *ast.BlockStmt, start token.Pos, call *ast.CallExpr, skip ast.Node, v *types.Var, dead ...ast.Node) Effect {
	end := LoopEnd(body, start, call.Pos(), call.End())
	return c.walk(body, start, end, body.End(), call, append([]ast.Node{skip}, dead...), v, access{kind: wholeObject})
}

// BetweenList is Between for list, a variable holding a list of objects
// (a PodList a List loaded, or a slice of objects): what is done to its
// items, each counted as done to every item (list.Items[i].Labels[k] = v
// changes labels), and to the objects a range over its items binds (for
// _, p := range list.Items: p shares their maps and slices). Anything else
// done to the list or its items (items appended, assigned, stored
// elsewhere) rules the finding out. The statements in dead are left out,
// as in Between.
func (c *Checker) BetweenList(body *ast.BlockStmt, start token.Pos, call *ast.CallExpr, skip ast.Node, list *types.Var, dead ...ast.Node) Effect {
	end := LoopEnd(body, start, call.Pos(), call.End())
	return c.walk(body, start, end, body.End(), call, append([]ast.Node{skip}, dead...), list, listRoot(list))
}

// RegionList is Region for list, a variable holding a list of objects, as
// BetweenList counts what is done to it.
func (c *Checker) RegionList(body *ast.BlockStmt, start, end token.Pos, target ast.Node, list *types.Var, dead ...ast.Node) Effect {
	return c.walk(body, start, end, end, target, dead, list, listRoot(list))
}

// listRoot is what list holds: a list object, or (a slice) its items.
func listRoot(list *types.Var) access {
	if _, ok := list.Type().Underlying().(*types.Slice); ok {
		return access{kind: listItems}
	}
	return access{kind: wholeList}
}

// LoopEnd returns where a region of body from start to end, which holds
// at (a call, or a statement), really ends: at the end of the outermost
// loop of body that holds at but not start, whose next pass runs the rest
// of it first; else at end.
func LoopEnd(body *ast.BlockStmt, start, at, end token.Pos) token.Pos {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= at && at < n.End() && !(n.Pos() <= start && start <= n.End()) && n.End() > end {
				end = n.End()
			}
		}
		return n == nil || n.Pos() <= at && at < n.End() // only the nodes that hold at
	})
	return end
}

// Region returns what the statements of body from start to end do to v,
// for a question about target, which comes after end: a block that ends in
// a return and does not hold target never reaches it (nil: every block
// counts). Function literals
// made before end that capture v count, wherever they are (they may be
// called in the region); those made later cannot run in it. The
// statements in dead are left out, as in Between.
func (c *Checker) Region(body *ast.BlockStmt, start, end token.Pos, target ast.Node, v *types.Var, dead ...ast.Node) Effect {
	return c.walk(body, start, end, end, target, dead, v, access{kind: wholeObject})
}

// walk classifies the uses of v in body from start to end, and in the
// function literals of body made before litEnd, leaving out the nodes of
// skip and the blocks that return before reaching target.
func (c *Checker) walk(body *ast.BlockStmt, start, end, litEnd token.Pos, target ast.Node, skip []ast.Node, v *types.Var, root access) Effect {
	w := &walker{c: c, v: v, root: root, body: body, aliases: make(map[*types.Var]access)}
	WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		if slices.Contains(skip, n) {
			return false // the object handed to the call itself, or dead code
		}
		if returnsBefore(n, stack, target) {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() >= litEnd {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		inRegion := start <= id.Pos() && id.Pos() < end
		if !inRegion && !inFuncLit(stack) {
			return true
		}
		w.ident(id, stack, 0)
		return true
	})
	return w.eff
}

// returnsBefore reports whether n is a block (or case clause) that ends in
// a return and does not hold the Update: what it does to the object never
// reaches the Update (an "add the finalizer, update and return" branch
// before a label update). A function literal's body is not such a block:
// the literal may be called in between.
func returnsBefore(n ast.Node, stack []ast.Node, call ast.Node) bool {
	var list []ast.Stmt
	switch n := n.(type) {
	case *ast.BlockStmt:
		if len(stack) > 0 {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				return false
			}
		}
		list = n.List
	case *ast.CaseClause:
		list = n.Body
	case *ast.CommClause:
		list = n.Body
	default:
		return false
	}
	if len(list) == 0 {
		return false
	}
	if _, ok := list[len(list)-1].(*ast.ReturnStmt); !ok || call == nil {
		return false
	}
	return !(n.Pos() <= call.Pos() && call.End() <= n.End())
}

// inFuncLit reports whether the innermost node of stack is inside a
// function literal.
func inFuncLit(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// WalkStack is ast.Inspect with the path from root to each node's parent.
func WalkStack(root ast.Node, f func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !f(n, stack) {
			return false
		}
		stack = append(stack, n)
		return true
	})
}

// walker classifies the uses of one object variable, and of the local
// variables that hold its metadata maps or lists.
type walker struct {
	c *Checker
	v *types.Var
	// root is what v holds: the object (wholeObject, or its ObjectMeta
	// through a pointer) or, in a helper handed a metadata map or list,
	// that (metaField, with its area).
	root access
	body *ast.BlockStmt // the function's
	// aliases are the locals bound to a part of the object, with the
	// access each holds.
	aliases map[*types.Var]access
	// items are the variables a range over a list's items binds (see
	// BetweenList): each is one of the objects.
	items map[*types.Var]bool
	eff   Effect
	// summary is set when v is a parameter (Summary): what the function
	// returns of it reaches its caller.
	summary bool
}

// ident classifies one identifier: a use of the object, of a local
// holding a part of it, or anything else (ignored).
func (w *walker) ident(id *ast.Ident, stack []ast.Node, depth int) {
	obj, _ := w.c.info.Uses[id].(*types.Var)
	if obj == nil {
		return
	}
	var acc access
	switch alias, isAlias := w.aliases[obj]; {
	case obj == w.v:
		acc = w.root
	case w.items[obj]:
		acc = access{kind: wholeObject, item: true}
	case isAlias:
		if assignedTo(id, stack) {
			return // the local itself is given another value
		}
		acc = alias
	default:
		return
	}
	acc.top = id
	w.eff.Merge(w.use(acc, stack, depth))
}

// assignedTo reports whether id, whose parents are stack, is on the left
// of an assignment.
func assignedTo(id *ast.Ident, stack []ast.Node) bool {
	if len(stack) == 0 {
		return false
	}
	as, ok := stack[len(stack)-1].(*ast.AssignStmt)
	return ok && slices.Contains(as.Lhs, ast.Expr(id))
}

// use climbs from an access to the object through selectors, indexing and
// dereferences, then classifies the context it is used in.
func (w *walker) use(acc access, stack []ast.Node, depth int) Effect {
	i := len(stack) - 1
climb:
	for ; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			acc.top = p
		case *ast.StarExpr:
			acc.top = p
		case *ast.SelectorExpr:
			if p.X != acc.top {
				break climb
			}
			sel := w.c.info.Selections[p]
			if sel == nil {
				break climb
			}
			if sel.Kind() != types.FieldVal {
				return w.method(acc, p, sel, stack[:i], depth)
			}
			w.c.field(&acc, sel)
			acc.top = p
		case *ast.IndexExpr:
			if p.X != acc.top {
				break climb
			}
			if acc.kind == listItems {
				acc.kind = wholeObject // one of the objects
			}
			acc.top = p
		case *ast.SliceExpr:
			if p.X != acc.top {
				break climb
			}
			acc.top = p
		default:
			break climb
		}
	}
	return w.context(acc, stack[:i+1], depth)
}

// field moves an access one field further in.
func (c *Checker) field(acc *access, sel *types.Selection) {
	switch acc.kind {
	case metaField, typeMeta, otherField:
		return // already decided by an outer field
	case wholeList:
		// The list's items, or its own metadata (not sent with any
		// object).
		acc.kind, acc.field = otherField, sel.Obj().Name()
		if f, ok := sel.Obj().(*types.Var); ok && f.Name() == "Items" && len(sel.Index()) == 1 {
			if _, ok := f.Type().Underlying().(*types.Slice); ok {
				acc.kind = listItems
			}
		}
		return
	case listItems:
		acc.kind, acc.field = otherField, sel.Obj().Name()
		return
	}
	f, ok := sel.Obj().(*types.Var)
	if !ok {
		acc.kind = otherField
		return
	}
	switch {
	case crmodel.IsNamed(f.Type(), crmodel.MetaV1Path, "ObjectMeta"):
		acc.kind = wholeMeta
		return
	case crmodel.IsNamed(f.Type(), crmodel.MetaV1Path, "TypeMeta"):
		acc.kind = typeMeta
		return
	}
	decl := declaredIn(sel)
	switch {
	case decl != nil && crmodel.IsNamed(decl, crmodel.MetaV1Path, "ObjectMeta"):
		acc.kind, acc.field = metaField, "metadata."+lowerFirst(f.Name())
		switch f.Name() {
		case "Labels":
			acc.area = Labels
		case "Annotations":
			acc.area = Annotations
		case "OwnerReferences":
			acc.area = Owners
		case "Finalizers":
			acc.area = Finalizers
		}
	case decl != nil && crmodel.IsNamed(decl, crmodel.MetaV1Path, "TypeMeta"):
		acc.kind = typeMeta
	default:
		acc.kind, acc.field = otherField, f.Name()
	}
}

// holdsStatus reports whether field idx of recv, an object's struct type
// or a pointer to it, may hold the object's status: unless the object
// encodes as plain JSON (no MarshalJSON or UnmarshalJSON of its own,
// which Unstructured has, whose Object map holds everything), the field
// must be embedded without a JSON name (inlined) or named status in JSON
// (as the API server names it; encoding/json matches names without regard
// to case). The Follower asks it (StatusPart): the status is what the API
// server's status subresource takes, whatever the Go field is called.
func holdsStatus(recv types.Type, idx int) bool {
	st := crmodel.StructOf(recv)
	if st == nil || idx >= st.NumFields() {
		return true
	}
	if t := st.Field(idx).Type(); crmodel.IsNamed(t, crmodel.MetaV1Path, "ObjectMeta") || crmodel.IsNamed(t, crmodel.MetaV1Path, "TypeMeta") {
		return false // the metadata, apiVersion and kind, however tagged
	}
	for _, m := range []string{"MarshalJSON", "UnmarshalJSON"} {
		if obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, m); obj != nil {
			return true
		}
	}
	tag := reflect.StructTag(st.Tag(idx)).Get("json")
	if tag == "-" {
		return false // never encoded
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		if st.Field(idx).Embedded() {
			return true
		}
		name = st.Field(idx).Name()
	}
	return strings.EqualFold(name, "status")
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// declaredIn returns the named struct type that declares a selected
// field, following embedded fields from the receiver.
func declaredIn(sel *types.Selection) types.Type {
	t := sel.Recv()
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		st := crmodel.StructOf(t)
		if st == nil || i >= st.NumFields() {
			return nil
		}
		t = st.Field(i).Type()
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return t
}

// write is an assignment to (or through) an access.
func (w *walker) write(acc access, pos token.Pos) Effect {
	var e Effect
	switch acc.kind {
	case metaField:
		switch acc.area {
		case 0:
			e.block(pos, acc.field+" is assigned")
		case Owners:
			// Entries may be removed: see replacesOwners.
			e.block(pos, replacesOwners)
		default:
			e.Changed = acc.area
		}
	case typeMeta:
		// apiVersion and kind are not stored: no change to send.
	case wholeObject:
		e.block(pos, w.v.Name()+" is assigned as a whole")
	case wholeMeta:
		e.block(pos, "its metadata is assigned as a whole")
	case wholeList:
		e.block(pos, w.v.Name()+" is assigned as a whole")
	default:
		e.block(pos, acc.field+" is changed")
	}
	return e
}

// context classifies what the expression acc.top is used for; stack ends
// with its parent.
func (w *walker) context(acc access, stack []ast.Node, depth int) Effect {
	if len(stack) == 0 {
		return Effect{}
	}
	pos := acc.top.Pos()
	switch p := stack[len(stack)-1].(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == acc.top {
				return w.write(acc, pos)
			}
		}
		return w.bind(acc, p, pos)
	case *ast.IncDecStmt:
		return w.write(acc, pos)
	case *ast.UnaryExpr:
		if p.Op == token.AND {
			acc.top = p
			return w.context(acc, stack[:len(stack)-1], depth)
		}
		return Effect{}
	case *ast.CallExpr:
		if p.Fun == acc.top {
			var e Effect
			e.block(pos, "a function held in it is called")
			return e
		}
		for i, a := range p.Args {
			if a == acc.top {
				return w.arg(acc, p, i, stack[:len(stack)-1], depth)
			}
		}
		return Effect{}
	case *ast.ValueSpec, *ast.CompositeLit, *ast.SendStmt, *ast.TypeAssertExpr:
		return w.bind(acc, nil, pos)
	case *ast.KeyValueExpr:
		if p.Value == acc.top {
			return w.bind(acc, nil, pos)
		}
		return Effect{}
	case *ast.ReturnStmt:
		// Returned from a helper it was handed to, or from a function
		// literal: the caller may change it, out of sight.
		if t := w.c.info.TypeOf(acc.top); (w.summary || inFuncLit(stack)) && t != nil && mutable(t) {
			var e Effect
			e.block(pos, describe(acc, w.v)+" is returned, and what the caller does to it is not followed")
			return e
		}
		return Effect{}
	case *ast.RangeStmt:
		if p.X == acc.top && acc.kind == listItems && p.Value != nil {
			// for _, p := range list.Items: p is one of the objects.
			id, ok := ast.Unparen(p.Value).(*ast.Ident)
			if !ok {
				var e Effect
				e.block(pos, describe(acc, w.v)+" are ranged over into "+types.ExprString(p.Value))
				return e
			}
			if u, ok := w.c.info.ObjectOf(id).(*types.Var); ok {
				if w.items == nil {
					w.items = make(map[*types.Var]bool)
				}
				w.items[u] = true
			}
		}
		return Effect{}
	}
	// Compared, ranged over, returned, printed, used as an index: read.
	return Effect{}
}

// bind classifies an access whose value is stored elsewhere: in a
// variable (as), a composite literal, a channel.
func (w *walker) bind(acc access, as *ast.AssignStmt, pos token.Pos) Effect {
	var e Effect
	if as != nil && boundToBlank(as, acc.top) {
		return e // _, ok := obj.Data[k]: nothing holds the value
	}
	switch acc.kind {
	case typeMeta:
		return e
	case metaField:
		if acc.area != 0 && as != nil && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				if lv, ok := w.c.info.ObjectOf(id).(*types.Var); ok && lv != nil {
					w.aliases[lv] = access{kind: metaField, area: acc.area, field: "metadata"}
				}
			}
		}
		return e // a copy of a string, or a map or list that is metadata still
	case wholeMeta:
		if _, isAddr := acc.top.(*ast.UnaryExpr); !isAddr {
			return e // a copy; its maps are metadata still
		}
	}
	if t := w.c.info.TypeOf(acc.top); t != nil && !mutable(t) {
		return e
	}
	if lv := boundLocal(w.c.info, as, acc.top); lv != nil && (as.Tok == token.DEFINE || w.pointerAlias(lv, as)) {
		// A new local holding a part of the object (oldStatus :=
		// original.Status, applied := role.Status.Applied), or a pointer
		// declared to hold it: what is done through it is done to that
		// part, as far as it shares memory.
		acc.top = nil
		w.aliases[lv] = acc
		return e
	}
	e.block(pos, describe(acc, w.v)+" is stored elsewhere, whose changes are not followed")
	return e
}

// pointerAlias reports whether as, which assigns a pointer into the object
// to lv, a local declared before, makes lv hold that pointer from there on
// as := would (SetOnce).
func (w *walker) pointerAlias(lv *types.Var, as *ast.AssignStmt) bool {
	_, ok := lv.Type().Underlying().(*types.Pointer)
	return ok && w.body != nil && SetOnce(w.c.info, w.body, lv) == as
}

// SetOnce returns the only assignment to lv when lv is a local of body
// declared without a value (var primary *corev1.Pod, set in the loop that
// finds it) that holds what the assignment gives it from there on, as :=
// would: its address is not taken, no function literal uses it, and it is
// not used before the assignment in a loop that holds the assignment but
// not the declaration (a next pass would see the value there). Nil
// otherwise.
func SetOnce(info *types.Info, body *ast.BlockStmt, lv *types.Var) *ast.AssignStmt {
	var (
		decl *ast.ValueSpec
		set  *ast.AssignStmt
		uses []token.Pos
	)
	ok := true
	WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			if slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return info.Defs[id] == lv }) {
				decl = n
				ok = ok && len(n.Values) == 0
			}
		case *ast.Ident:
			if info.Uses[n] != lv {
				break
			}
			uses = append(uses, n.Pos())
			switch p := stack[len(stack)-1].(type) {
			case *ast.AssignStmt:
				if slices.Contains(p.Lhs, ast.Expr(n)) {
					ok = ok && set == nil && p.Tok == token.ASSIGN && len(p.Lhs) == 1 && len(p.Rhs) == 1
					set = p
				}
			case *ast.UnaryExpr:
				ok = ok && p.Op != token.AND
			}
			ok = ok && !inFuncLit(stack)
		}
		return ok
	})
	if !ok || decl == nil || set == nil {
		return nil
	}
	var loopHeld bool
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= set.Pos() && set.End() <= n.End() && (decl.Pos() < n.Pos() || decl.Pos() >= n.End()) {
				for _, u := range uses {
					loopHeld = loopHeld || n.Pos() <= u && u < set.Pos()
				}
			}
		}
		return !loopHeld
	})
	if loopHeld {
		return nil
	}
	return set
}

// boundLocal returns the local variable that as binds rhs to, one of its
// right-hand sides, or nil.
func boundLocal(info *types.Info, as *ast.AssignStmt, rhs ast.Expr) *types.Var {
	if as == nil || len(as.Lhs) != len(as.Rhs) || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) {
		return nil
	}
	for i, r := range as.Rhs {
		if r != rhs {
			continue
		}
		if id, ok := as.Lhs[i].(*ast.Ident); ok {
			if lv, ok := info.ObjectOf(id).(*types.Var); ok && lv.Parent() != nil && lv.Parent() != lv.Pkg().Scope() {
				return lv
			}
		}
	}
	return nil
}

// boundToBlank reports whether the value of rhs, on the right of as, is
// assigned to the blank identifier: the same position on the left, or the
// first for a comma-ok form (v, ok := m[k]).
func boundToBlank(as *ast.AssignStmt, rhs ast.Expr) bool {
	var lhs ast.Expr
	switch {
	case len(as.Lhs) == len(as.Rhs):
		for i, r := range as.Rhs {
			if r == rhs {
				lhs = as.Lhs[i]
			}
		}
	case len(as.Rhs) == 1 && as.Rhs[0] == rhs:
		lhs = as.Lhs[0]
	}
	id, ok := lhs.(*ast.Ident)
	return ok && id.Name == "_"
}

func describe(acc access, v *types.Var) string {
	switch acc.kind {
	case wholeObject:
		return v.Name()
	case wholeMeta:
		return v.Name() + ".ObjectMeta"
	case wholeList:
		return v.Name()
	case listItems:
		if _, ok := v.Type().Underlying().(*types.Slice); ok {
			return v.Name() // a slice of objects
		}
		return v.Name() + ".Items"
	}
	return v.Name() + "." + acc.field
}

// mutable reports whether a value of type t shares memory with what it was
// copied from: pointers, maps, slices, channels, functions, interfaces, and
// structs or arrays holding one.
func mutable(t types.Type) bool {
	return mutableSeen(t, make(map[types.Type]bool))
}

func mutableSeen(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return false
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mutableSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Array:
		return mutableSeen(u.Elem(), seen)
	}
	return true
}

// Packages whose functions only read what they are handed, whatever its
// type: formatting, logging, comparison.
var readOnlyPkgs = map[string]bool{
	"fmt": true, "log": true, "log/slog": true, "errors": true, "reflect": true, "strings": true, "strconv": true,
	"github.com/go-logr/logr":              true,
	"k8s.io/klog/v2":                       true,
	"go.uber.org/zap":                      true,
	"k8s.io/apimachinery/pkg/api/equality": true,
	"k8s.io/apimachinery/pkg/util/dump":    true,
	"k8s.io/apimachinery/pkg/labels":       true,
	"k8s.io/apimachinery/pkg/api/meta":     true, // Find/Is helpers; its Set/Remove helpers are handled first
	"k8s.io/utils/ptr":                     true, // Deref, Equal, To (of a copy)
	"k8s.io/utils/pointer":                 true,

	// equality.Semantic.DeepEqual: conversion.Equalities embeds this
	// package's Equalities, whose DeepEqual and DeepDerivative it promotes.
	"k8s.io/apimachinery/third_party/forked/golang/reflect": true,
}

// OnlyReads reports whether fn only reads whatever it is handed, as the
// walker takes it: a function of a package that formats, logs or compares
// (readOnlyPkgs), or a method of one (a logr.Logger's Info), but not those
// of them that write an argument: apimachinery meta's condition setters,
// fmt's scanners (fmt.Sscanf(s, "%d", &obj.Status.Count)) and errors.As,
// nor those whose result may refer into what they are handed, through
// which the caller can change it (meta.FindStatusCondition's pointer into
// the conditions, meta.Accessor's object).
func OnlyReads(fn *types.Func) bool {
	return readsArgs(fn) && !resultMayRefer(fn)
}

// readsArgs is OnlyReads but for what fn returns.
func readsArgs(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := crmodel.Unvendor(fn.Pkg().Path())
	name := fn.Name()
	switch {
	case path == apiMetaPath && (strings.HasPrefix(name, "Set") || strings.HasPrefix(name, "Remove")),
		path == "fmt" && strings.Contains(name, "scan"), path == "fmt" && strings.HasPrefix(name, "Scan"),
		path == "errors" && name == "As":
		return false
	}
	return readOnlyPkgs[path]
}

// resultMayRefer reports whether a result of fn may share memory with an
// argument: a pointer, slice, map, channel, function, an interface other
// than error, or a reflect.Value. A struct such as a logger (logr.Logger,
// returned by WithValues) is taken as its own.
func resultMayRefer(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return true
	}
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature:
			return true
		case *types.Interface:
			if !types.Identical(t, types.Universe.Lookup("error").Type()) {
				return true
			}
		case *types.Struct:
			if crmodel.IsNamed(t, "reflect", "Value") {
				return true
			}
		}
	}
	return false
}

// Functions of controller-runtime's controllerutil package and what they
// do to the object argument at the given index. Owner references count only
// as added or updated (SetControllerReference, SetOwnerReference): a
// strategic merge patch merges those by uid; see replacesOwners for the
// others.
var controllerutilFuncs = map[string]struct {
	idx  int
	area Area
}{
	"SetControllerReference": {1, Owners},
	"SetOwnerReference":      {1, Owners},
	"AddFinalizer":           {0, Finalizers},
	"RemoveFinalizer":        {0, Finalizers},
}

// replacesOwners rules out an Update whose owner references may lose an
// entry (RemoveOwnerReference, SetOwnerReferences, an assignment): when
// the last one goes, the strategic merge patch sets the list to null,
// removing the entries other writers added since the read, as it does for
// the last finalizer.
const replacesOwners = "owner references are removed or replaced, which a patch cannot do without dropping other writers' entries"

const (
	controllerutilPath = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	rootPath           = "sigs.k8s.io/controller-runtime"
	apiMetaPath        = "k8s.io/apimachinery/pkg/api/meta"
)

// arg classifies an access handed to a call as argument i; stack ends with
// the call's parent.
func (w *walker) arg(acc access, call *ast.CallExpr, i int, stack []ast.Node, depth int) Effect {
	info := w.c.info
	pos := acc.top.Pos()
	var e Effect
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		// A conversion, such as labels.Set(obj.Labels) or, in a generic
		// helper, (*Widget)(o): the same value, whatever is selected
		// from it.
		acc.top = call
		return w.use(acc, stack, depth)
	}
	callee := typeutil.Callee(info, call)
	if b, ok := callee.(*types.Builtin); ok {
		switch b.Name() {
		case "delete", "copy", "clear":
			if i == 0 {
				return w.write(acc, pos)
			}
		case "append":
			if i == 0 && acc.kind != metaField && acc.kind != typeMeta {
				// The result may share, and so write, the array.
				e.block(pos, describe(acc, w.v)+" is appended to")
			}
		}
		return e
	}
	fn, _ := callee.(*types.Func)
	if fn == nil {
		// ctrl.SetControllerReference is a variable holding
		// controllerutil's function.
		if v, ok := callee.(*types.Var); ok && v.Pkg() != nil && crmodel.IsPath(v.Pkg().Path(), rootPath) && v.Parent() == v.Pkg().Scope() {
			if k, ok := controllerutilFuncs[v.Name()]; ok {
				return w.known(acc, k.idx, k.area, i, pos)
			}
		}
	}
	var pkgPath string
	if fn != nil && fn.Pkg() != nil {
		pkgPath = crmodel.Unvendor(fn.Pkg().Path())
	}
	isFunc := fn != nil && fn.Type().(*types.Signature).Recv() == nil
	switch {
	case isFunc && pkgPath == controllerutilPath:
		if k, ok := controllerutilFuncs[fn.Name()]; ok {
			return w.known(acc, k.idx, k.area, i, pos)
		}
		switch fn.Name() {
		case "ContainsFinalizer", "HasControllerReference", "HasOwnerReference":
			return e
		case "RemoveOwnerReference", "RemoveControllerReference":
			if i == 1 {
				e.block(pos, replacesOwners)
			}
			return e
		}
	case isFunc && pkgPath == crmodel.MetaV1Path:
		switch fn.Name() {
		case "SetMetaDataLabel":
			return w.known(acc, 0, Labels, i, pos)
		case "SetMetaDataAnnotation":
			return w.known(acc, 0, Annotations, i, pos)
		}
		return e // HasLabel, IsControlledBy, GetControllerOf, NewControllerRef: reads
	case isFunc && pkgPath == apiMetaPath && (strings.HasPrefix(fn.Name(), "Set") || strings.HasPrefix(fn.Name(), "Remove")):
		// meta.SetStatusCondition(&obj.Status.Conditions, ...)
		return w.write(acc, pos)
	case isFunc && pkgPath == crmodel.ClientPath:
		return e // client.ObjectKeyFromObject
	case isFunc && pkgPath == "maps":
		if i == 0 && (fn.Name() == "Copy" || fn.Name() == "DeleteFunc") {
			return w.write(acc, pos) // maps.Copy(obj.Labels, extra)
		}
		return e
	case fn != nil && (fn.Name() == "Delete" || fn.Name() == "DeleteAllOf") && w.c.m.ClassifyMethod(fn, recvType(info, call)) == crmodel.ObjectWrite:
		return e // deleted, not changed: the paths that delete seldom reach the Update
	case fn != nil && pkgPath == crmodel.ClientPath || fn != nil && w.c.m.ClassifyMethod(fn, recvType(info, call)) != crmodel.NotWrite || fn != nil && fn.Name() == "Get" && w.c.m.IsGet(fn, recvType(info, call)):
		// Written or read again through the client on the way: the copy
		// to patch from, and what the Update sends, are another story.
		// A copy of one of a list's items
		// written is another object (the Pods of a List labelled in
		// turn): the client's answer fills its own fields and the maps
		// and slices it shares with that item alone, with what the
		// server now holds for it.
		if !acc.item {
			e.block(pos, describe(acc, w.v)+" is read or written through the client again")
		}
		return e
	}
	if acc.kind == typeMeta {
		return e
	}
	if t := info.TypeOf(acc.top); t != nil && !mutable(t) {
		return e // a copy of a value without references
	}
	if p, ok := w.c.imported(fn, i); ok {
		return w.applyImported(acc, p, fn.Name(), acc.top)
	}
	if readsArgs(fn) {
		if resultMayRefer(fn) {
			// What it returns may be what it was handed
			// (meta.FindStatusCondition's pointer into the
			// conditions): follow that as the same part.
			acc.top = call
			return w.use(acc, stack, depth)
		}
		return e
	}
	if pt := paramType(fn, callee, i); pt != nil && ObjectInterface(pt, false) {
		return e // runtime.Object: event recorders, loggers
	}
	// The package's own functions: what they do to the parameter.
	if fd := w.c.declOf(fn); fd != nil {
		switch {
		case acc.kind == wholeObject || acc.kind == wholeMeta:
			return *w.c.summary(fn.Origin(), fd, i, access{kind: wholeObject}, depth)
		case acc.kind == metaField && acc.area != 0:
			return *w.c.summary(fn.Origin(), fd, i, access{kind: metaField, area: acc.area, field: acc.field}, depth)
		case acc.kind == listItems:
			// A slice of objects (pods []corev1.Pod): what is done to
			// its elements there.
			return *w.c.summary(fn.Origin(), fd, i, access{kind: listItems}, depth)
		}
	}
	if acc.kind == metaField && acc.area != 0 && acc.area != Owners {
		// Whatever the callee does with a metadata map or list changes
		// that at most.
		e.mayChange(acc.area)
		return e
	}
	name := "a function value"
	if fn != nil {
		name = fn.Name()
	}
	e.block(pos, fmt.Sprintf("%s is handed to %s, whose changes to it cannot be told", describe(acc, w.v), name))
	return e
}

// known applies a recognised helper: argument objIdx of the call changes
// area; the others are read.
func (w *walker) known(acc access, objIdx int, a Area, i int, pos token.Pos) Effect {
	var e Effect
	if i != objIdx {
		return e // the owner of an owner reference, a key: read
	}
	switch acc.kind {
	case wholeObject, wholeMeta:
		e.Changed = a
	default:
		e.block(pos, describe(acc, w.v)+" is handed to a metadata helper")
	}
	return e
}

// recvType returns the static type of a method call's receiver.
func recvType(info *types.Info, call *ast.CallExpr) types.Type {
	_, recv := crmodel.MethodCall(info, call)
	return recv
}

// paramType returns the type of parameter i of the called function.
func paramType(fn *types.Func, callee types.Object, i int) types.Type {
	var sig *types.Signature
	switch {
	case fn != nil:
		sig, _ = fn.Type().(*types.Signature)
	case callee != nil:
		sig, _ = callee.Type().Underlying().(*types.Signature)
	}
	if sig == nil {
		return nil
	}
	n := sig.Params().Len()
	if n == 0 {
		return nil
	}
	if sig.Variadic() && i >= n-1 {
		if s, ok := sig.Params().At(n - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	}
	if i >= n {
		return nil
	}
	return sig.Params().At(i).Type()
}

// method classifies a method called on an access (or taken as a value);
// stack ends with the selector's parent.
func (w *walker) method(acc access, sel *ast.SelectorExpr, s *types.Selection, stack []ast.Node, depth int) Effect {
	var e Effect
	pos := sel.Pos()
	fn, _ := s.Obj().(*types.Func)
	if len(stack) == 0 || fn == nil {
		e.block(pos, "a method of "+describe(acc, w.v)+" is taken as a value")
		return e
	}
	call, ok := stack[len(stack)-1].(*ast.CallExpr)
	if !ok || call.Fun != sel {
		e.block(pos, "a method of "+describe(acc, w.v)+" is taken as a value")
		return e
	}
	name := fn.Name()
	pkgPath := ""
	if fn.Pkg() != nil {
		pkgPath = fn.Pkg().Path()
	}
	switch {
	case crmodel.IsPath(pkgPath, crmodel.MetaV1Path) && (acc.kind == wholeObject || acc.kind == wholeMeta):
		// ObjectMeta's accessors, or metav1.Object's.
		switch name {
		case "SetLabels":
			e.Changed = Labels
		case "SetAnnotations":
			e.Changed = Annotations
		case "SetOwnerReferences":
			e.block(pos, replacesOwners)
		case "SetFinalizers":
			e.Changed = Finalizers
		case "GetLabels", "GetAnnotations", "GetOwnerReferences", "GetFinalizers":
			// The map or list itself: follow what is done to it.
			// Through indexing too: obj.GetLabels()["k"] = v writes it.
			a := map[string]Area{"GetLabels": Labels, "GetAnnotations": Annotations, "GetOwnerReferences": Owners, "GetFinalizers": Finalizers}[name]
			return w.use(access{kind: metaField, area: a, field: "metadata", top: call}, stack[:len(stack)-1], depth)
		default:
			if strings.HasPrefix(name, "Set") {
				e.block(pos, name+" changes other metadata")
			}
		}
		return e
	case name == "DeepCopy" || name == "DeepCopyObject" || name == "DeepCopyInto" || name == "GetObjectKind":
		return e // copies; GetObjectKind is the type's apiVersion and kind
	case acc.kind == metaField && acc.area != 0:
		if !OnlyReads(fn) {
			e.mayChange(acc.area) // a method of a metadata map type: that at most
		}
		return e // labels.Set(obj.Labels).Has(k)
	case acc.kind == typeMeta:
		return e
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() == 0 && sig.Results().Len() > 0 {
		// A getter: follow a result that points into the object, through
		// fields and indexing as for the object's own (use): a write to
		// obj.StatusPtr().Ready is a write to the object.
		if t := w.c.info.TypeOf(call); t != nil && mutable(t) {
			acc.top = call
			if acc.kind == wholeObject || acc.kind == wholeMeta {
				acc.kind, acc.field = otherField, name+"()"
			}
			return w.use(acc, stack[:len(stack)-1], depth)
		}
		return e
	}
	if fd := w.c.declOf(fn); fd != nil && acc.kind == wholeObject {
		return *w.c.summary(fn.Origin(), fd, -1, access{kind: wholeObject}, depth)
	}
	if p, ok := w.c.imported(fn, -1); ok {
		return w.applyImported(acc, p, fn.Name(), sel)
	}
	if _, isPtr := sig.Recv().Type().Underlying().(*types.Pointer); !isPtr && !mutable(sig.Recv().Type()) {
		return e // a value receiver without references: a copy
	}
	e.block(pos, describe(acc, w.v)+"."+name+" may change it")
	return e
}

// Summary returns what fn, declared by fd in the package, does to its
// parameter idx (-1: the receiver): to the object it is handed or, for a
// map parameter (isMap), to the map, whose changes then count as Labels.
func (c *Checker) Summary(fn *types.Func, fd *ast.FuncDecl, idx int, isMap bool) Effect {
	root := access{kind: wholeObject}
	if isMap {
		root = access{kind: metaField, area: Labels, field: "the map"}
	}
	return *c.summary(fn, fd, idx, root, 0)
}

// summary returns what fn, declared by fd in the package, does to its
// parameter idx (-1: the receiver) on every path, memoised.
func (c *Checker) summary(fn *types.Func, fd *ast.FuncDecl, idx int, root access, depth int) *Effect {
	key := summaryKey{fn, idx, root.kind, root.area}
	if s, ok := c.summaries[key]; ok {
		return s
	}
	s := &Effect{}
	if depth >= maxDepth {
		s.block(fd.Pos(), "the object is handed on too deep to follow")
		s.deep = true
		return s // not memoised: a shallower call may follow it
	}
	// Placeholder for recursion: a function that hands the object to
	// itself changes nothing the rest of it does not.
	c.summaries[key] = s
	p := paramVar(c.info, fd, idx)
	if p == nil {
		return s // unnamed: unused
	}
	root.top = nil
	w := &walker{c: c, v: p, root: root, body: fd.Body, aliases: make(map[*types.Var]access), summary: true}
	WalkStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			w.ident(id, stack, depth+1)
		}
		return true
	})
	*s = w.eff
	if s.Blocked != "" {
		s.Blocked = fmt.Sprintf("%s (in %s)", s.Blocked, fn.Name())
	}
	if s.deep {
		// Cut short by the depth limit somewhere below: asked at a
		// shallower depth, the same helper may be followed further, so
		// the answer is not kept (else it would depend on which
		// question came first).
		delete(c.summaries, key)
	}
	return s
}

// paramVar returns the variable of parameter idx of fd (-1: the receiver).
func paramVar(info *types.Info, fd *ast.FuncDecl, idx int) *types.Var {
	var list *ast.FieldList
	if idx < 0 {
		list, idx = fd.Recv, 0
	} else {
		list = fd.Type.Params
	}
	if list == nil {
		return nil
	}
	i := 0
	for _, f := range list.List {
		if len(f.Names) == 0 {
			if i == idx {
				return nil
			}
			i++
			continue
		}
		for _, n := range f.Names {
			if i == idx {
				v, _ := info.Defs[n].(*types.Var)
				return v
			}
			i++
		}
	}
	return nil
}
