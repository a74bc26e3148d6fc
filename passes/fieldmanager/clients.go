package fieldmanager

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// Where clients and managers come from is traced on the package's SSA, with
// internal/reconcilepath's index of it (the one the other passes use): copies,
// conversions, phis, variables captured by closures and kept in memory,
// struct fields and package variables (every store the package makes), and
// parameters (the package's direct calls of the function) are followed to
// the calls that make the client. The options a client or manager is made
// with are read the same way (options.go).

// cycle is the state of a phi met again while it is evaluated: it adds no
// alternative of its own.
const cycle state = -1

// program returns the package's SSA index: the reach analyzer's, or, for a
// package it did not build SSA for, one built the first time a write needs
// it (most packages that reach skips have no write). In a _test.go file it is the index of every file, tests included; else
// that of the production files, so that no test decides anything there.
func (c *checker) program() *reconcilepath.Result {
	if c.res == nil || c.res.SSA == nil {
		c.res = reconcilepath.Build(c.pass, c.m)
	}
	if c.testCtx {
		return c.res.Tests()
	}
	return c.res
}

// instr returns the SSA call of a call expression, or nil.
func (c *checker) instr(call *ast.CallExpr) ssa.CallInstruction {
	return c.program().CallInstr(call)
}

// writeClient evaluates the client (or subresource writer) a write call
// goes through: its receiver, through the embedded fields a promoted
// method is selected from.
func (c *checker) writeClient(instr ssa.CallInstruction) state {
	recv := receiverOf(instr.Common())
	if recv == nil {
		return unknown
	}
	return c.client(recv)
}

// receiverOf returns the receiver of a method call, or nil.
func receiverOf(common *ssa.CallCommon) ssa.Value {
	if common.IsInvoke() {
		return common.Value
	}
	if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(common.Args) > 0 {
		return common.Args[0]
	}
	return nil
}

// argument returns the value a call passes for parameter index of the
// called function (the receiver not counted), or nil.
func argument(common *ssa.CallCommon, index int) ssa.Value {
	if !common.IsInvoke() {
		if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil {
			index++
		}
	}
	if index < 0 || index >= len(common.Args) {
		return nil
	}
	return common.Args[index]
}

// client evaluates a value holding a client or a subresource writer.
func (c *checker) client(v ssa.Value) state {
	return c.alternatives(v, c.convertedOrCaptured, func(v ssa.Value) state {
		if f, named := embeddedClient(v.Type()); f != nil {
			// A reconciler handed over as a client (to a helper taking
			// an interface that embeds client.Client): its writes are
			// its embedded client's.
			return c.field(f, named, named)
		}
		switch v := v.(type) {
		case *ssa.UnOp:
			if v.Op == token.MUL {
				return c.load(v.X)
			}
		case *ssa.FieldAddr, *ssa.Field:
			// The address (or copy) of an embedded client struct a
			// method with a pointer (or value) receiver is called on.
			return c.selectedField(v)
		case *ssa.Parameter:
			return c.paramFrom(v, whatParam, false, c.client)
		case *ssa.Extract:
			if call, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
				return c.clientCall(call)
			}
		case *ssa.Call:
			return c.clientCall(v)
		}
		return unknown
	})
}

// embeddedClient returns the embedded interface field of t (a struct, or
// a pointer to one) that t's write methods are promoted from, with t's
// named type; nil when t declares any of them itself, or they come from
// different fields.
func embeddedClient(t types.Type) (*types.Var, *types.Named) {
	st, named := structOf(t)
	if st == nil || named == nil {
		return nil, nil
	}
	ms := types.NewMethodSet(t)
	var field *types.Var
	for _, name := range []string{"Create", "Update", "Patch", "Status"} {
		sel := ms.Lookup(nil, name)
		if sel == nil || len(sel.Index()) != 2 {
			return nil, nil
		}
		f := st.Field(sel.Index()[0])
		if field != nil && f != field {
			return nil, nil
		}
		field = f
	}
	if _, ok := field.Type().Underlying().(*types.Interface); !ok || !field.Embedded() {
		return nil, nil
	}
	return field, named
}

// load evaluates a client read from memory: a field, a package variable,
// a local variable kept in memory (captured by a closure, or whose address
// is taken), or a closure's captured variable.
func (c *checker) load(addr ssa.Value) state {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return c.selectedField(a)
	case *ssa.Global:
		return c.global(a)
	case *ssa.Parameter:
		return c.pointerParam(a)
	}
	return c.local(addr, c.client)
}

// pointerParam evaluates the client a pointer parameter points to
// (ReconcileX(ctx, c *client.Client, ...) called with &r.Client): from
// what every call's argument points to, as for a client parameter; unknown
// when the function stores through it.
func (c *checker) pointerParam(p *ssa.Parameter) state {
	if refs := p.Referrers(); refs != nil {
		for _, ref := range *refs {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == p {
				return unknown
			}
		}
	}
	return c.paramFrom(p, whatPointerParam, false, c.load)
}

// local evaluates a local variable kept in memory (captured by a closure,
// or whose address is taken), or a closure's captured variable, from every
// value assigned to it.
func (c *checker) local(addr ssa.Value, eval func(ssa.Value) state) state {
	if c.locals[addr] {
		// A value made from what it held before (mgr = lo.Must(mgr,
		// err)): no other alternative.
		return cycle
	}
	if c.locals == nil {
		c.locals = make(map[ssa.Value]bool)
	}
	c.locals[addr] = true
	defer delete(c.locals, addr)
	vals, ok := c.localValues(addr)
	if !ok || len(vals) == 0 {
		return unknown // its address escapes, or it is never assigned
	}
	return c.joinAlternatives(vals, eval)
}

// localValues returns the values assigned to a local variable kept in
// memory, or to the variables a closure's free variable captures; ok is
// false when one is not a local or its address escapes.
func (c *checker) localValues(addr ssa.Value) ([]ssa.Value, bool) {
	vars := c.program().Variables(addr)
	if len(vars) == 0 {
		return nil, false
	}
	for _, v := range vars {
		if _, ok := v.(*ssa.Alloc); !ok || addressEscapes(v) {
			return nil, false
		}
	}
	return valueflow.StoredValues(c.program().Stores(addr)), true
}

// addressEscapes reports whether the address of a local variable kept in
// memory is used, by its function or the closures that capture it, other
// than to store to it or load from it (handed to a function, stored
// elsewhere), so that it may change unseen.
func addressEscapes(addr ssa.Value) bool {
	refs := addr.Referrers()
	if refs == nil {
		return true
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != addr {
				return true
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return true
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			fn, _ := ref.Fn.(*ssa.Function)
			for i, b := range ref.Bindings {
				if b == addr && (fn == nil || i >= len(fn.FreeVars) || addressEscapes(fn.FreeVars[i])) {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// selectedField evaluates the struct field a field selection (an
// *ssa.FieldAddr or *ssa.Field) selects, with the struct type declaring it
// and the type it is selected from (for a field promoted from an embedded
// struct, the outer type), as the owned and unowned settings name them.
func (c *checker) selectedField(sel ssa.Value) state {
	var x ssa.Value
	var index int
	switch s := sel.(type) {
	case *ssa.FieldAddr:
		x, index = s.X, s.Field
	case *ssa.Field:
		x, index = s.X, s.Field
	default:
		return unknown
	}
	st, owner := structOf(x.Type())
	if st == nil || index >= st.NumFields() {
		return unknown
	}
	return c.field(st.Field(index), owner, c.selectedFrom(x))
}

// selectedFrom returns the named type a field is selected from: walking
// back from x through the selections SSA makes implicitly for embedded
// fields, the type of the expression the source selects from.
func (c *checker) selectedFrom(x ssa.Value) *types.Named {
	for {
		var next ssa.Value
		switch v := x.(type) {
		case *ssa.UnOp:
			if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL && c.implicit(fa, fa.X, fa.Field) {
				next = fa.X
			}
		case *ssa.FieldAddr:
			if c.implicit(v, v.X, v.Field) {
				next = v.X
			}
		case *ssa.Field:
			if c.implicit(v, v.X, v.Field) {
				next = v.X
			}
		}
		if next == nil {
			return crmodel.NamedOf(x.Type())
		}
		x = next
	}
}

// implicit reports whether SSA made a field selection for an embedded
// field the source does not name: an explicit selection is placed at its
// selected name.
func (c *checker) implicit(sel ssa.Instruction, x ssa.Value, index int) bool {
	s := c.program().SelectorAt(sel.Pos())
	if s == nil {
		return true
	}
	st, _ := structOf(x.Type())
	return st == nil || index >= st.NumFields() || s.Sel.Name != st.Field(index).Name()
}

// global evaluates a package variable holding a client: the settings,
// then every value the package stores in it; one the package never
// assigns is set elsewhere and assumed to name no field manager.
func (c *checker) global(g *ssa.Global) state {
	v, ok := g.Object().(*types.Var)
	if !ok {
		return unknown
	}
	if s, ok := c.configured(objectKey(v)); ok {
		return s
	}
	return c.memoize(v, whatClient, func() state {
		vals := valueflow.StoredValues(c.stored(c.program().Stores(g)))
		if len(vals) == 0 {
			return none
		}
		return c.joinValues(vals, c.client)
	})
}

// stored returns stores, leaving out stores in _test.go files unless the
// write evaluated is in one.
func (c *checker) stored(stores []*ssa.Store) []*ssa.Store {
	var out []*ssa.Store
	for _, s := range stores {
		pos := s.Pos()
		if !pos.IsValid() {
			if fn := s.Parent(); fn != nil {
				pos = fn.Pos()
			}
		}
		if !c.testCtx && pos.IsValid() && ignore.IsTestFile(c.fset, pos) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// joinValues joins the states of the alternatives a value can be.
func (c *checker) joinValues(vals []ssa.Value, eval func(ssa.Value) state) state {
	if len(vals) == 0 {
		return unknown
	}
	states := make([]state, 0, len(vals))
	for _, v := range vals {
		states = append(states, eval(v))
	}
	return join(states)
}

// maxFlow bounds a trace's steps past phis and conversions: beyond any
// function's nesting of branches, since a phi met again ends its own
// cycle.
const maxFlow = 1000

// alternatives evaluates v as the join of eval at each value it can come
// from (valueflow.Origins): past phis, and past what step follows (a
// conversion, a closure's capture); eval decides every other value. A phi
// met again while it is evaluated, here or in an evaluation eval makes,
// adds no alternative; with none at all the state is cycle.
func (c *checker) alternatives(v ssa.Value, step func(ssa.Value) valueflow.Step, eval func(ssa.Value) state) state {
	var marked []*ssa.Phi
	defer func() {
		for _, p := range marked {
			delete(c.phis, p)
		}
	}()
	origins, complete := c.program().Origins(v, valueflow.Rule{MaxDepth: maxFlow, Step: func(x ssa.Value) valueflow.Step {
		if step != nil {
			if s := step(x); s.Kind != valueflow.Standard {
				return s
			}
		}
		if p, ok := x.(*ssa.Phi); ok {
			if c.phis[p] {
				return valueflow.Step{Kind: valueflow.Dropped}
			}
			c.phis[p] = true
			marked = append(marked, p)
			return valueflow.Step{Kind: valueflow.Follow, Next: p.Edges}
		}
		return valueflow.Step{Kind: valueflow.IsOrigin}
	}})
	s := c.joinAlternatives(origins, eval)
	if !complete {
		return unknown // an origin that cannot be seen
	}
	return s
}

// joinAlternatives joins eval of each value something can be, leaving out
// the cycles: a value made from the one being evaluated adds no
// alternative of its own. With no other, the state is cycle.
func (c *checker) joinAlternatives(vals []ssa.Value, eval func(ssa.Value) state) state {
	states := make([]state, 0, len(vals))
	for _, v := range vals {
		if s := eval(v); s != cycle {
			states = append(states, s)
		}
	}
	if len(states) == 0 {
		return cycle
	}
	return join(states)
}

// convertedOrCaptured follows conversions (valueflow.Unconvert), a
// closure's free variable to the values it is bound to, and a call of a
// function that returns its first argument (crmodel.ReturnsFirstArgument)
// to that argument.
func (c *checker) convertedOrCaptured(x ssa.Value) valueflow.Step {
	if u := valueflow.Unconvert(x); u != x {
		return valueflow.Step{Kind: valueflow.Follow, Next: []ssa.Value{u}}
	}
	if call, ok := x.(*ssa.Call); ok && len(call.Call.Args) > 0 && crmodel.ReturnsFirstArgument(reconcilepath.CalleeFunc(call.Common())) {
		return valueflow.Step{Kind: valueflow.Follow, Next: call.Call.Args[:1]}
	}
	if fv, ok := x.(*ssa.FreeVar); ok {
		return valueflow.Step{Kind: valueflow.Follow, Next: c.program().Bindings(fv)}
	}
	return valueflow.Step{}
}

// clientCall evaluates a call that yields a client: the client package's
// constructors and wrappers, Status() and SubResource(...) of a client, and
// the manager's GetClient.
func (c *checker) clientCall(call *ssa.Call) state {
	common := call.Common()
	var method *types.Func
	var recv ssa.Value
	var args []ssa.Value
	if common.IsInvoke() {
		method, recv, args = common.Method, common.Value, common.Args
	} else if callee := common.StaticCallee(); callee != nil {
		fn := reconcilepath.CalleeFunc(common)
		if callee.Signature.Recv() != nil && len(common.Args) > 0 {
			method, recv, args = fn, common.Args[0], common.Args[1:]
		} else {
			return c.clientFunc(fn, common.Args, c.clientOptions, c.client)
		}
	}
	if method == nil {
		return unknown
	}
	if _, _, ok := c.m.WriterSource(method, recv.Type(), constArg(args)); ok {
		return c.client(recv)
	}
	if crmodel.IsManagerGetClient(method) {
		return c.manager(recv)
	}
	return c.getter(common)
}

// getter evaluates a call of a method without parameters declared in the
// package that returns a client (r.GetClient(), returning r.Client): the
// clients its returns give. Through an interface (KEDA's eventing helpers
// take the reconciler as an interface with GetClient), the methods are
// those of the concrete values the receiver can hold, traced as a client
// is: a parameter from the package's calls of its function. Other
// packages' callers of an exported function are not assumed anything
// here: the fact a hand-over is judged by is about client parameters.
func (c *checker) getter(common *ssa.CallCommon) state {
	if !common.IsInvoke() {
		return c.returned(common.StaticCallee())
	}
	m := common.Method
	if len(common.Args) != 0 {
		return unknown
	}
	var eval func(v ssa.Value) state
	eval = func(v ssa.Value) state {
		return c.alternatives(v, c.convertedOrCaptured, func(v ssa.Value) state {
			if !types.IsInterface(v.Type()) {
				// A concrete value (conversions to the interface are
				// followed): its method.
				prog := c.program().SSA.Prog
				sel := prog.MethodSets.MethodSet(v.Type()).Lookup(m.Pkg(), m.Name())
				if sel == nil {
					return unknown
				}
				return c.returned(prog.MethodValue(sel))
			}
			p, ok := v.(*ssa.Parameter)
			if !ok {
				return unknown
			}
			ref, ok := paramRefOf(p)
			if !ok {
				return unknown
			}
			return c.memoize(getterParam{p, m}, whatGetterParam, func() state {
				return c.fromCallers(ref, eval, false)
			})
		})
	}
	return eval(common.Value)
}

// getterParam is a parameter whose method m is called for a client.
type getterParam struct {
	p *ssa.Parameter
	m *types.Func
}

// returned evaluates the client that fn, a method of the package without
// parameters, returns.
func (c *checker) returned(fn *ssa.Function) state {
	if f, ok := fn.Object().(*types.Func); ok && fn.Pkg != c.program().SSA {
		return c.importedClient(f, 0)
	}
	if fn == nil || fn.Pkg != c.program().SSA || len(fn.Blocks) == 0 || fn.Signature.Params().Len() != 0 || fn.Signature.Results().Len() != 1 {
		return unknown
	}
	return c.memoize(fn, whatReturnedClient, func() state {
		return c.joinValues(valueflow.Results(fn, 0), c.client)
	})
}

// clientFunc evaluates a call of a package-level function making a
// client: options evaluates the client.Options of client.New, wrapped the
// client a wrapper of the client package wraps.
func (c *checker) clientFunc(fn *types.Func, args []ssa.Value, options, wrapped func(ssa.Value) state) state {
	switch c.m.ClientFunc(fn) {
	case "WithFieldOwner":
		if len(args) == 2 {
			if k, ok := args[1].(*ssa.Const); ok && isEmptyString(k.Value) {
				return none
			}
		}
		return named
	case "New", "NewWithWatch":
		if len(args) == 2 {
			return options(args[1])
		}
	case "WithFieldValidation", "NewNamespacedClient", "NewDryRunClient":
		if len(args) >= 1 {
			return wrapped(args[0])
		}
	}
	return c.importedClient(fn, 0)
}

// --- parameters -----------------------------------------------------------

// paramRef names parameter index of fn; manager is set when the writes
// go through the client of the manager the parameter holds. A paramRef
// with field set names no parameter but an exported struct field that
// other packages can set on objects they make (see openField).
type paramRef struct {
	fn      *types.Func
	index   int
	manager bool
	pointer bool // the parameter points to the client (see pointerParam)
	field   *types.Var
}

// paramRefOf names a parameter of one of the package's declared functions
// or methods (not a receiver, nor a function literal's parameter).
func paramRefOf(p *ssa.Parameter) (paramRef, bool) {
	fn := p.Parent()
	if fn == nil || fn.Synthetic != "" || fn.Parent() != nil {
		return paramRef{}, false
	}
	if _, ok := fn.Syntax().(*ast.FuncDecl); !ok {
		return paramRef{}, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return paramRef{}, false
	}
	i := valueflow.ParamIndex(p)
	if fn.Signature.Recv() != nil {
		i--
	}
	if i < 0 {
		return paramRef{}, false
	}
	return paramRef{fn: obj.Origin(), index: i}, true
}

// paramFrom evaluates a parameter of one of the package's functions (a
// client, a pointer to one, a manager: what, evaluated by eval) from the
// arguments of every call in the package. A function that is used as a
// value has calls the pass cannot see: unknown. An exported function may
// also be called by other packages: their clients are unknown here, and
// when c.assume is set they are assumed to name none and recorded in
// c.deps, whatever the package's own calls hand.
func (c *checker) paramFrom(p *ssa.Parameter, what int, manager bool, eval func(ssa.Value) state) state {
	ref, ok := paramRefOf(p)
	if !ok {
		return unknown // a receiver, a function literal's parameter
	}
	ref.manager = manager
	ref.pointer = what == whatPointerParam
	return c.memoize(p, what, func() state { return c.fromCallers(ref, eval, true) })
}

// fromCallers joins eval of the arguments the package's calls of ref's
// function hand to its parameter: unknown for a function used as a value,
// whose calls the pass cannot see. others says whether other packages'
// calls may be assumed to hand a client that names no field manager (see
// paramFrom).
func (c *checker) fromCallers(ref paramRef, eval func(ssa.Value) state, others bool) state {
	prog := c.program()
	fn := ref.fn
	sig, ok := fn.Type().(*types.Signature)
	if !ok || (sig.Variadic() && ref.index == sig.Params().Len()-1) || prog.Escapes(fn) {
		return unknown
	}
	assumed := others && c.external(fn) && c.assume
	outer := c.deps
	bail := func() state {
		if assumed {
			c.deps = outer
		}
		return unknown
	}
	var states []state
	for _, call := range prog.DirectCalls(fn) {
		if !c.testCtx && ignore.IsTestFile(c.fset, call.Pos()) {
			continue
		}
		ce := prog.CallExpr(call.Common().Pos())
		if ce == nil {
			return bail()
		}
		n := len(ce.Args)
		if ce.Ellipsis.IsValid() || ref.index >= n || n < sig.Params().Len()-1 || (!sig.Variadic() && n != sig.Params().Len()) {
			return bail() // f(g()) with g returning several values; f(args...)
		}
		arg := argument(call.Common(), ref.index)
		if arg == nil {
			return bail()
		}
		if !assumed {
			states = append(states, eval(arg))
			continue
		}
		// The parameters a call of the package's own hands on, when
		// they name none under the assumption too (an exported helper
		// calling this one with its own parameter), depend on it.
		c.deps = nil
		if eval(arg) == none {
			outer = append(outer, c.deps...)
		}
	}
	if assumed {
		// The assumption is about other packages' calls: what the
		// package's own calls hand (a fake in a production file,
		// mongodb-kubernetes-operator's mocked manager) says nothing of
		// theirs, so it does not undecide the fact.
		c.deps = append(outer, ref)
		return none
	}
	if len(states) == 0 {
		return unknown // never called here; or only by other packages
	}
	return join(states)
}

// --- managers -------------------------------------------------------------

// manager evaluates the client of a manager or cluster value (the receiver
// of GetClient): on releases that can name a field manager for a whole
// client, a manager made by manager.New or ctrl.NewManager in view, whose
// options are visible, is decided, and a manager parameter
// (SetupWithManager(mgr)) is decided from its callers' managers like a
// client parameter.
func (c *checker) manager(v ssa.Value) state {
	if !c.releaseCanOwn() {
		return none
	}
	return c.managerValue(v)
}

func (c *checker) managerValue(v ssa.Value) state {
	return c.alternatives(v, c.convertedOrCaptured, func(v ssa.Value) state {
		switch v := v.(type) {
		case *ssa.Parameter:
			return c.paramFrom(v, whatManagerParam, true, c.managerValue)
		case *ssa.UnOp:
			if v.Op == token.MUL {
				if s, ok := c.managerInResult(v.X); ok {
					return s
				}
				return c.local(v.X, c.managerValue)
			}
		case *ssa.Extract:
			if _, opts := c.managerConstructorOptions(v); opts != nil {
				return c.managerOptions(opts)
			}
		}
		return unknown
	})
}

// managerConstructorOptions returns the options argument, as written and
// as a value, of the manager.New or ctrl.NewManager call whose manager
// result v is, or nils.
func (c *checker) managerConstructorOptions(v ssa.Value) (ast.Expr, ssa.Value) {
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil, nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return nil, nil
	}
	ce := c.program().CallExpr(call.Pos())
	if ce == nil {
		return nil, nil
	}
	opts, ok := crmodel.IsManagerConstructor(c.info, ce)
	if !ok {
		return nil, nil
	}
	return opts, call.Call.Args[1]
}

// --- subresources ---------------------------------------------------------

// subresource names the subresource a writer value writes, for messages:
// the one reach traces it to (Status(), SubResource("scale")); when its
// origins disagree or cannot be seen, "status" on releases with only the
// status writer, else "subresource".
func (c *checker) subresource(v ssa.Value) string {
	if v != nil {
		if sub, known := c.program().Subresource(v); known {
			return sub
		}
	}
	if c.m.Legacy {
		return "status"
	}
	return "subresource"
}

// constArg returns the constant value of args[i], or nil.
func constArg(args []ssa.Value) func(int) constant.Value {
	return func(i int) constant.Value {
		if i < len(args) {
			if k, ok := args[i].(*ssa.Const); ok {
				return k.Value
			}
		}
		return nil
	}
}
