package fieldmanager

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// state is what the pass knows about whether something names a field
// manager.
type state int

const (
	none    state = iota // provably names no field manager
	named                // provably names one
	unknown              // cannot tell (values from callers, other packages' code, ...)
)

// join combines the states of the alternatives of one thing (the values
// assigned to a variable): it is named or none only when all agree.
func join(states []state) state {
	if len(states) == 0 {
		return none
	}
	s := states[0]
	for _, t := range states[1:] {
		if t != s {
			return unknown
		}
	}
	return s
}

// any combines the states of the parts of one option list: one option
// naming a manager is enough; otherwise any unknown option makes it
// unknown.
func anyNamed(states ...state) state {
	out := none
	for _, s := range states {
		switch s {
		case named:
			return named
		case unknown:
			out = unknown
		}
	}
	return out
}

type memoKey struct {
	v      *types.Var
	what   int
	test   bool
	assume bool
}

// memoEntry is a memoized state and, when the evaluation assumed the
// clients of other packages' callers name no field manager, the
// parameters it assumed that of.
type memoEntry struct {
	s    state
	deps []paramRef
}

const (
	whatClient = iota
	whatOption
	whatOptions
	whatSlice
	whatParam
	whatManager
	whatManagerParam
)

// checker evaluates calls of one package.
type checker struct {
	info    *types.Info
	m       *crmodel.Model
	idx     *index
	owned   map[string]bool
	unowned map[string]bool
	pkg     *types.Package
	fset    *token.FileSet

	// testCtx: the call being evaluated is in a _test.go file, so values
	// assigned in test files count; otherwise they are ignored (a fake
	// client a test puts in a field says nothing about production code).
	testCtx bool
	memo    map[memoKey]memoEntry
	slicing map[*types.Var]bool // slice variables being evaluated

	// assume is set while a write is evaluated a second time, assuming
	// that the clients other packages hand to the package's exported
	// functions name no field manager; deps collects the parameters that
	// assumption was made of. A write that is none only under it is
	// reported where those packages hand their client over (a fact on the
	// function), not here.
	assume bool
	deps   []paramRef

	// localTypes maps the package's own named option types to whether
	// one of their ApplyTo methods sets FieldManager.
	localOptionTypes map[*types.TypeName]state
	methodBodies     map[*types.Func]*ast.BlockStmt
}

func (c *checker) values(v *types.Var) []value {
	var out []value
	for _, val := range c.idx.values[v.Origin()] {
		if val.test && !c.testCtx {
			continue
		}
		out = append(out, val)
	}
	return out
}

func (c *checker) mutations(v *types.Var) []mutation {
	var out []mutation
	for _, mu := range c.idx.mutations[v.Origin()] {
		if mu.test && !c.testCtx {
			continue
		}
		out = append(out, mu)
	}
	return out
}

// memoize evaluates f for (v, what) once, treating a cycle as unknown.
func (c *checker) memoize(v *types.Var, what int, f func() state) state {
	k := memoKey{v.Origin(), what, c.testCtx, c.assume}
	if e, ok := c.memo[k]; ok {
		c.deps = append(c.deps, e.deps...)
		return e.s
	}
	c.memo[k] = memoEntry{s: unknown}
	outer := c.deps
	c.deps = nil
	s := f()
	mine := c.deps[:len(c.deps):len(c.deps)]
	c.deps = append(outer, mine...)
	c.memo[k] = memoEntry{s: s, deps: mine}
	return s
}

// isLocal reports whether v is a variable declared inside a function.
func (c *checker) isLocal(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Pkg() != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// --- clients --------------------------------------------------------------

// receiverClient evaluates the client a method call selector goes through:
// for a method promoted from an embedded field (r.Create with r embedding
// client.Client), that field; otherwise the receiver expression.
func (c *checker) receiverClient(sel *ast.SelectorExpr) state {
	s, ok := c.info.Selections[sel]
	if !ok || len(s.Index()) < 2 {
		return c.clientExpr(sel.X, -1)
	}
	t := s.Recv()
	var field *types.Var
	var owner *types.Named
	outer := crmodel.NamedOf(t)
	for _, i := range s.Index()[:len(s.Index())-1] {
		st, n := structOf(t)
		if st == nil || i >= st.NumFields() {
			return unknown
		}
		field, owner = st.Field(i), n
		t = field.Type()
	}
	return c.field(field, owner, outer)
}

// clientExpr evaluates an expression that yields a client or a
// subresource writer. idx is the result index when e is a multi-value
// call, or -1.
func (c *checker) clientExpr(e ast.Expr, idx int) state {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok {
			return unknown
		}
		return c.clientVar(v, nil, nil)
	case *ast.SelectorExpr:
		if s, ok := c.info.Selections[x]; ok {
			if s.Kind() != types.FieldVal {
				return unknown
			}
			fv, _ := s.Obj().(*types.Var)
			if fv == nil {
				return unknown
			}
			// The struct declaring the field: walk embedded fields.
			t := s.Recv()
			owner := crmodel.NamedOf(t)
			outer := owner
			for _, i := range s.Index()[:len(s.Index())-1] {
				st, _ := structOf(t)
				if st == nil || i >= st.NumFields() {
					return unknown
				}
				t = st.Field(i).Type()
				owner = crmodel.NamedOf(t)
			}
			return c.field(fv, owner, outer)
		}
		if v, ok := c.info.Uses[x.Sel].(*types.Var); ok {
			return c.clientVar(v, nil, nil) // pkg.Var
		}
		return unknown
	case *ast.CallExpr:
		if tv, ok := c.info.Types[x.Fun]; ok && tv.IsType() {
			if len(x.Args) == 1 {
				return c.clientExpr(x.Args[0], -1) // client.Client(c)
			}
			return unknown
		}
		if idx > 0 {
			return unknown
		}
		if fn := crmodel.CalledFunc(c.info, x); fn != nil {
			switch c.m.ClientFunc(fn) {
			case "WithFieldOwner":
				if len(x.Args) == 2 {
					if tv, ok := c.info.Types[x.Args[1]]; ok && isEmptyString(tv.Value) {
						return none
					}
				}
				return named
			case "New", "NewWithWatch":
				if len(x.Args) == 2 {
					return c.clientOptions(x.Args[1])
				}
				return unknown
			case "WithFieldValidation", "NewNamespacedClient", "NewDryRunClient":
				if len(x.Args) >= 1 {
					return c.clientExpr(x.Args[0], -1)
				}
				return unknown
			}
		}
		if _, _, ok := c.m.WriterSourceExpr(c.info, x); ok {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return c.receiverClient(sel)
			}
		}
		if fn, _ := crmodel.MethodCall(c.info, x); crmodel.IsManagerGetClient(fn) {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return c.manager(sel.X)
			}
		}
		return unknown
	}
	return unknown
}

// clientVar evaluates a variable holding a client or writer.
func (c *checker) clientVar(v *types.Var, owner, outer *types.Named) state {
	if v.IsField() {
		return c.field(v, owner, outer)
	}
	return c.memoize(v, whatClient, func() state {
		if c.idx.params[v] {
			return c.param(v) // the callers' clients
		}
		if c.isLocal(v) {
			for _, mu := range c.mutations(v) {
				if mu.field == "" {
					return unknown // address taken
				}
			}
			vals := c.values(v)
			if len(vals) == 0 {
				return unknown
			}
			return c.joinValues(vals, c.clientExpr)
		}
		// A package-level variable, of this package or another.
		if s, ok := c.configured(objectKey(v)); ok {
			return s
		}
		vals := c.values(v)
		if len(vals) == 0 {
			return none // set elsewhere: assumed to name none
		}
		return c.joinValues(vals, c.clientExpr)
	})
}

// field evaluates a struct field holding a client or writer: the owned and
// unowned settings first, then every value the package assigns to it; a
// field the package never assigns is set by another package (typically
// cmd/main.go) and is assumed to name no field manager.
func (c *checker) field(f *types.Var, owner, outer *types.Named) state {
	if f == nil {
		return unknown
	}
	var typeKeys []string
	for _, n := range []*types.Named{owner, outer} {
		if n != nil {
			typeKeys = append(typeKeys, objectKey(n.Origin().Obj()))
		}
	}
	var keys []string
	for _, tk := range typeKeys {
		keys = append(keys, tk+"."+f.Name())
	}
	for _, k := range keys {
		if s, ok := c.configured(k); ok {
			return s
		}
	}
	for _, k := range typeKeys {
		if s, ok := c.configured(k); ok {
			return s
		}
	}
	return c.memoize(f, whatClient, func() state {
		vals := c.values(f)
		if len(vals) == 0 {
			return none
		}
		return c.joinValues(vals, c.clientExpr)
	})
}

// configured looks key up in the settings; unowned wins over owned.
func (c *checker) configured(key string) (state, bool) {
	if c.unowned[key] {
		return none, true
	}
	if c.owned[key] {
		return named, true
	}
	return unknown, false
}

func (c *checker) joinValues(vals []value, eval func(ast.Expr, int) state) state {
	states := make([]state, 0, len(vals))
	for _, val := range vals {
		if val.expr == nil {
			states = append(states, unknown)
			continue
		}
		states = append(states, eval(val.expr, val.idx))
	}
	return join(states)
}

// clientOptions evaluates the client.Options argument of client.New.
func (c *checker) clientOptions(e ast.Expr) state {
	if !c.m.ClientOptionsHas("FieldOwner") {
		return none
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return c.literalSets(x, "FieldOwner")
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok || !c.isLocal(v) || c.idx.params[v] {
			return unknown
		}
		return c.memoize(v, whatOptions, func() state {
			return c.optionsVar(v, func(e ast.Expr) state {
				if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
					return c.literalSets(lit, "FieldOwner")
				}
				return unknown
			}, "FieldOwner")
		})
	}
	return unknown
}

// --- options --------------------------------------------------------------

// option evaluates one option argument of a write.
func (c *checker) option(e ast.Expr) state {
	e = ast.Unparen(e)
	tv, ok := c.info.Types[e]
	if !ok || tv.Type == nil {
		return unknown
	}
	t := tv.Type
	if c.m.IsFieldOwner(t) {
		if isEmptyString(tv.Value) {
			return none
		}
		return named
	}
	if c.m.IsWriteOptions(t) {
		return c.optionsStruct(e)
	}
	if types.IsInterface(t) {
		switch x := e.(type) {
		case *ast.Ident:
			v, ok := c.info.Uses[x].(*types.Var)
			if !ok || !c.isLocal(v) || c.idx.params[v] {
				return unknown
			}
			return c.memoize(v, whatOption, func() state {
				vals := c.values(v)
				if len(vals) == 0 {
					return unknown
				}
				return c.joinValues(vals, func(e ast.Expr, idx int) state {
					if idx >= 0 {
						return unknown
					}
					return c.option(e)
				})
			})
		case *ast.CallExpr:
			if ftv, ok := c.info.Types[x.Fun]; ok && ftv.IsType() && len(x.Args) == 1 {
				return c.option(x.Args[0]) // client.PatchOption(x)
			}
			if fn := crmodel.CalledFunc(c.info, x); fn != nil && c.m.ClientFunc(fn) != "" {
				// Option constructors of the client package
				// (WithSubResourceBody, ...) cannot name a manager
				// unless handed one.
				var states []state
				for _, a := range x.Args {
					if atv, ok := c.info.Types[a]; ok && c.m.IsFieldOwner(atv.Type) {
						states = append(states, c.option(a))
					}
				}
				return anyNamed(states...)
			}
		}
		return unknown
	}
	// A concrete option type: the client package's own (ForceOwnership,
	// DryRunAll, FieldValidation, ...) name no manager; the package's own
	// types are read; other packages' are unknown.
	if c.m.InClientPackage(t) {
		return none
	}
	return c.localOptionType(t)
}

// optionsStruct evaluates an options struct value or pointer
// (client.PatchOptions{FieldManager: ...}, &client.SubResourceUpdateOptions{...}).
func (c *checker) optionsStruct(e ast.Expr) state {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return c.literalSets(x, "FieldManager")
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if _, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok {
				return c.optionsStruct(x.X)
			}
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
				return c.optionsStruct(id)
			}
		}
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok || !c.isLocal(v) || c.idx.params[v] {
			return unknown
		}
		return c.memoize(v, whatOptions, func() state {
			return c.optionsVar(v, func(e ast.Expr) state { return c.optionsStruct(e) }, "FieldManager")
		})
	}
	return unknown
}

// optionsVar evaluates a local options variable: its values, and
// assignments to its fields (v.FieldManager = ..., v.Raw = ...).
func (c *checker) optionsVar(v *types.Var, eval func(ast.Expr) state, key string) state {
	var opaque bool
	for _, mu := range c.mutations(v) {
		switch mu.field {
		case key, "Raw":
			return named
		case "":
			opaque = true
		}
	}
	vals := c.values(v)
	var s state
	if len(vals) == 0 {
		s = none // var opts client.PatchOptions
	} else {
		s = c.joinValues(vals, func(e ast.Expr, idx int) state {
			if idx >= 0 {
				return unknown
			}
			return eval(e)
		})
	}
	if opaque && s != named {
		return unknown
	}
	return s
}

// literalSets reports whether a struct literal sets field key (FieldManager
// or FieldOwner) to something other than "", directly, through an embedded
// options struct or through Raw.
func (c *checker) literalSets(lit *ast.CompositeLit, key string) state {
	tv, ok := c.info.Types[lit]
	if !ok || tv.Type == nil {
		return unknown
	}
	st, ok := tv.Type.Underlying().(*types.Struct)
	if !ok {
		return unknown
	}
	var states []state
	for i, elt := range lit.Elts {
		var f *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, _ := kv.Key.(*ast.Ident)
			if id == nil {
				continue
			}
			f, _ = c.info.Uses[id].(*types.Var)
			val = kv.Value
		} else if i < st.NumFields() {
			f = st.Field(i)
		}
		if f == nil {
			continue
		}
		switch {
		case f.Name() == key:
			if vtv, ok := c.info.Types[val]; ok && isEmptyString(vtv.Value) {
				states = append(states, none)
			} else {
				states = append(states, named)
			}
		case f.Name() == "Raw" || (f.Embedded() && c.m.IsWriteOptions(f.Type())):
			if vtv, ok := c.info.Types[val]; ok && vtv.IsNil() {
				continue
			}
			states = append(states, c.optionsStruct(val))
		}
	}
	return anyNamed(states...)
}

// slice evaluates the slice of a spread option argument (opts...) at the
// call at pos.
func (c *checker) slice(e ast.Expr, pos token.Pos) state {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		states := make([]state, 0, len(x.Elts))
		for _, elt := range x.Elts {
			states = append(states, c.option(elt))
		}
		return anyNamed(states...)
	case *ast.CallExpr:
		return c.appendCall(x, nil, pos)
	case *ast.Ident:
		if tv, ok := c.info.Types[x]; ok && tv.IsNil() {
			return none
		}
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok || !c.isLocal(v) || c.idx.params[v] {
			return unknown // opts ...client.PatchOption from the caller
		}
		return c.sliceVar(v, pos)
	}
	return unknown
}

// appendCall evaluates append(base, elems...) building an option slice;
// self is the variable being assigned, whose own earlier contents a
// self-append (opts = append(opts, ...)) keeps.
func (c *checker) appendCall(call *ast.CallExpr, self *types.Var, pos token.Pos) state {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) == 0 {
		return unknown
	}
	if b, ok := c.info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
		return unknown
	}
	var states []state
	base := call.Args[0]
	if bid, ok := ast.Unparen(base).(*ast.Ident); !ok || self == nil || c.info.Uses[bid] != self {
		states = append(states, c.slice(base, pos))
	}
	rest := call.Args[1:]
	if call.Ellipsis.IsValid() && len(rest) == 1 {
		states = append(states, c.slice(rest[0], pos))
	} else {
		for _, a := range rest {
			states = append(states, c.option(a))
		}
	}
	return anyNamed(states...)
}

// sliceVar evaluates a local option slice at the call at pos, without
// control flow: it names a manager when an assignment before the call adds
// one and no later assignment before the call replaces the slice without
// one.
func (c *checker) sliceVar(v *types.Var, pos token.Pos) state {
	if c.slicing[v] {
		return unknown // a = append(b, ...); b = append(a, ...)
	}
	c.slicing[v] = true
	defer delete(c.slicing, v)
	for _, mu := range c.mutations(v) {
		if mu.field == "" {
			return unknown // opts[i] = ..., &opts
		}
	}
	vals := c.values(v)
	if len(vals) == 0 {
		return none // var opts []client.CreateOption
	}
	var lastNamed, lastReset token.Pos = token.NoPos, token.NoPos
	seen := none
	for _, val := range vals {
		if val.expr == nil || val.idx >= 0 {
			return unknown
		}
		var s state
		self := false
		if call, ok := ast.Unparen(val.expr).(*ast.CallExpr); ok {
			if len(call.Args) > 0 {
				if bid, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && c.info.Uses[bid] == v {
					self = true
				}
			}
			s = c.appendCall(call, v, pos)
		} else {
			s = c.slice(val.expr, pos)
		}
		switch s {
		case unknown:
			return unknown
		case named:
			seen = named
			if val.pos < pos && val.pos > lastNamed {
				lastNamed = val.pos
			}
		case none:
			if !self && val.pos < pos && val.pos > lastReset {
				lastReset = val.pos
			}
		}
	}
	if seen == none {
		return none
	}
	if lastNamed.IsValid() && lastNamed > lastReset {
		return named
	}
	return unknown
}

// localOptionType evaluates a concrete option type declared in the
// package: it names a manager when one of its ApplyTo methods assigns a
// FieldManager field.
func (c *checker) localOptionType(t types.Type) state {
	n := crmodel.NamedOf(t)
	if n == nil || n.Obj().Pkg() != c.pkg {
		return unknown
	}
	tn := n.Origin().Obj()
	if s, ok := c.localOptionTypes[tn]; ok {
		return s
	}
	s := none
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !strings.HasPrefix(fn.Name(), "ApplyTo") {
			continue
		}
		body := c.methodBodies[fn.Origin()]
		if body == nil {
			s = unknown // promoted from another package
			continue
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "FieldManager" {
						s = named
					}
				}
			}
			return s != named
		})
		if s == named {
			break
		}
	}
	c.localOptionTypes[tn] = s
	return s
}

// --- helpers --------------------------------------------------------------

func isEmptyString(v constant.Value) bool {
	return v != nil && v.Kind() == constant.String && constant.StringVal(v) == ""
}

func structOf(t types.Type) (*types.Struct, *types.Named) {
	n := crmodel.NamedOf(t)
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st, n
}

// objectKey names a package-level object as the owned and unowned settings
// do: "pkg/path.Name".
func objectKey(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}
