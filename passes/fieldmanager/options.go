package fieldmanager

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// Options are read on the package's SSA like clients (clients.go): the
// option slice a write receives, the elements stored in it (a literal, the
// arguments of a variadic call, append), option structs and the fields
// the package stores in them, and the option structs a client or manager
// is made with.

// writeOptions evaluates the options of a write: the slice its variadic
// parameter receives, as written or spread (opts...).
func (c *checker) writeOptions(instr ssa.CallInstruction) state {
	args := instr.Common().Args
	if len(args) == 0 {
		return unknown
	}
	return c.optionSlice(args[len(args)-1])
}

// optionSlice evaluates a slice of options: one option naming a manager
// is enough; otherwise any unknown option makes it unknown.
func (c *checker) optionSlice(v ssa.Value) state {
	return c.alternatives(v, changedInPlace, func(v ssa.Value) state {
		if elementsSet(v) {
			return unknown // opts[i] = ...: changed in place
		}
		switch x := v.(type) {
		case *ssa.Const:
			if x.IsNil() {
				return none // no options, or var opts []client.CreateOption
			}
		case *ssa.Slice:
			if arr, ok := x.X.(*ssa.Alloc); ok {
				return c.arrayElements(arr)
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
				return anyNamed(c.optionSlice(x.Call.Args[0]), c.optionSlice(x.Call.Args[1]))
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				return c.local(x.X, c.optionSlice)
			}
		}
		return unknown // opts ...client.PatchOption from the caller, a field, a call
	})
}

// changedInPlace ends a trace of an option slice at a slice the package
// stores elements into.
func changedInPlace(x ssa.Value) valueflow.Step {
	if elementsSet(x) {
		return valueflow.Step{Kind: valueflow.IsOrigin}
	}
	return valueflow.Step{}
}

// elementsSet reports whether the package stores into an element of the
// slice v (opts[i] = ...).
func elementsSet(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		if ia, ok := ref.(*ssa.IndexAddr); ok && ia.X == v && len(storesThrough(ia)) > 0 {
			return true
		}
	}
	return false
}

// arrayElements evaluates the options stored in the array behind a slice
// literal or a variadic call's arguments.
func (c *checker) arrayElements(arr *ssa.Alloc) state {
	var states []state
	for _, ref := range *arr.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
			for _, r := range *ref.Referrers() {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr != ref {
						return unknown
					}
					states = append(states, c.option(r.Val))
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return unknown
				}
			}
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return unknown
		}
	}
	return anyNamed(states...)
}

// option evaluates one option.
func (c *checker) option(v ssa.Value) state {
	return c.alternatives(v, betweenInterfaces, func(v ssa.Value) state {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			return c.concreteOption(x.X)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				return c.local(x.X, c.option)
			}
		case *ssa.Call:
			// Option constructors of the client package
			// (WithSubResourceBody, ...) cannot name a manager unless
			// handed one.
			if c.m.ClientFunc(reconcilepath.CalleeFunc(x.Common())) != "" {
				var states []state
				for _, a := range x.Call.Args {
					if c.m.IsFieldOwner(a.Type()) {
						states = append(states, c.concreteOption(a))
					}
				}
				return anyNamed(states...)
			}
		}
		return unknown
	})
}

// betweenInterfaces follows a conversion between interfaces
// (client.PatchOption(x)); a conversion to an interface is where an
// option's concrete type shows.
func betweenInterfaces(x ssa.Value) valueflow.Step {
	if ci, ok := x.(*ssa.ChangeInterface); ok {
		return valueflow.Step{Kind: valueflow.Follow, Next: []ssa.Value{ci.X}}
	}
	return valueflow.Step{}
}

// concreteOption evaluates an option of a concrete type.
func (c *checker) concreteOption(v ssa.Value) state {
	t := v.Type()
	switch {
	case c.m.IsFieldOwner(t):
		if k, ok := v.(*ssa.Const); ok && isEmptyString(k.Value) {
			return none
		}
		return named
	case c.m.IsWriteOptions(t):
		return c.optionsPtr(v)
	case c.m.InClientPackage(t):
		// The client package's own options (ForceOwnership, DryRunAll,
		// FieldValidation, ...) name no manager.
		return none
	}
	return c.localOptionType(t)
}

// optionsPtr evaluates a pointer to an options struct
// (&client.PatchOptions{FieldManager: ...}, a local variable's address).
func (c *checker) optionsPtr(v ssa.Value) state {
	return c.alternatives(v, nil, func(v ssa.Value) state {
		switch x := v.(type) {
		case *ssa.Alloc:
			return c.structSets(x, "FieldManager", 0)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				return c.local(x.X, c.optionsPtr)
			}
		}
		return unknown
	})
}

// maxEmbedding bounds how deep structSets follows embedded option structs
// and Raw.
const maxEmbedding = 4

// structSets evaluates whether the struct at addr (a literal, a local
// variable) has field key (FieldManager or FieldOwner) set to something
// other than "", by the stores the package makes to it: directly, through
// an embedded options struct or through Raw. An address handed to a
// function or a method (opts.ApplyOptions(...)), or stored elsewhere, may
// be filled in there: unknown unless named.
func (c *checker) structSets(addr ssa.Value, key string, depth int) state {
	refs := addr.Referrers()
	if refs == nil || depth > maxEmbedding {
		return unknown
	}
	var states []state
	opaque := false
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			f := valueflow.FieldOf(ref)
			if f == nil {
				opaque = true
				continue
			}
			switch {
			case f.Name() == key:
				for _, s := range storesThrough(ref) {
					if k, ok := s.Val.(*ssa.Const); ok && isEmptyString(k.Value) {
						states = append(states, none)
					} else {
						states = append(states, named)
					}
				}
			case f.Name() == "Raw":
				for _, s := range storesThrough(ref) {
					if k, ok := s.Val.(*ssa.Const); ok && k.IsNil() {
						continue
					}
					states = append(states, c.optionsPtr(s.Val))
				}
			case f.Embedded() && c.m.IsWriteOptions(f.Type()):
				states = append(states, c.structSets(ref, key, depth+1))
			}
		case *ssa.Store:
			if ref.Addr != addr {
				// A request options struct stored as the Raw options of
				// a client options struct is read there; else the
				// address is kept elsewhere.
				if !fieldNamed(ref.Addr, "Raw") {
					opaque = true
				}
				continue
			}
			states = append(states, c.structValue(ref.Val, key, depth+1))
		case *ssa.UnOp, *ssa.DebugRef, *ssa.MakeInterface:
			// Read, or handed on as an option.
		default:
			opaque = true
		}
	}
	s := anyNamed(states...)
	if opaque && s != named {
		return unknown
	}
	return s
}

// fieldNamed reports whether addr is the address of a struct field named
// name.
func fieldNamed(addr ssa.Value, name string) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	f := valueflow.FieldOf(fa)
	return f != nil && f.Name() == name
}

// storesThrough returns the stores through an address instruction (of a
// field, of an element): those to that address, not of it.
func storesThrough(addr ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, r := range *addr.Referrers() {
		if s, ok := r.(*ssa.Store); ok && s.Addr == addr {
			out = append(out, s)
		}
	}
	return out
}

// structValue evaluates a struct value stored or passed whole: a copy of
// a literal or of a local variable.
func (c *checker) structValue(v ssa.Value, key string, depth int) state {
	return c.alternatives(v, nil, func(v ssa.Value) state {
		switch x := v.(type) {
		case *ssa.Const:
			return none // the zero value
		case *ssa.UnOp:
			if _, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
				return c.structSets(x.X, key, depth)
			}
		}
		return unknown
	})
}

// clientOptions evaluates the client.Options argument of client.New.
func (c *checker) clientOptions(v ssa.Value) state {
	if !c.m.ClientOptionsHas("FieldOwner") {
		return none
	}
	return c.structValue(v, "FieldOwner", 0)
}

// managerOptions evaluates the manager.Options a manager was made with: it
// names a field manager when its Client options set FieldOwner, none when
// they do not and no custom NewClient is set.
func (c *checker) managerOptions(v ssa.Value) state {
	return c.alternatives(v, nil, func(v ssa.Value) state {
		switch x := v.(type) {
		case *ssa.Const:
			return none // var opts ctrl.Options
		case *ssa.UnOp:
			if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
				return c.managerStruct(a)
			}
		case *ssa.Call:
			return c.returnedOptions(x, 0)
		case *ssa.Extract:
			if call, ok := x.Tuple.(*ssa.Call); ok {
				return c.returnedOptions(call, x.Index)
			}
		}
		return unknown
	})
}

// returnedOptions evaluates the manager.Options that result index of a
// call is: for one of the package's own functions (options built from a
// config file by a function of main), every value its returns return; for
// another package's function, its ManagerOptions fact (a config package's
// Load), unknown without one.
func (c *checker) returnedOptions(call *ssa.Call, index int) state {
	fn := call.Call.StaticCallee()
	if fn == nil || call.Call.IsInvoke() {
		return unknown
	}
	if fn.Pkg == nil || fn.Pkg.Pkg != c.pkg {
		return c.importedOptions(fn, func(f *ManagerOptions) []OptionsUse { return f.Results }, index)
	}
	return c.returnedBy(fn, index)
}

// returnedBy evaluates the manager.Options that result index of fn, a
// function of the package, returns: every value its returns return.
func (c *checker) returnedBy(fn *ssa.Function, index int) state {
	if fn.Blocks == nil || fn.TypeParams().Len() > 0 {
		return unknown
	}
	type key struct {
		fn    *ssa.Function
		index int
	}
	return c.memoize(key{fn, index}, whatReturnedOptions, func() state {
		vals := valueflow.Results(fn, index)
		if len(vals) == 0 {
			return unknown // it never returns
		}
		return c.joinValues(vals, c.managerOptions)
	})
}

// importedOptions evaluates the manager.Options of another package's
// function fn from its ManagerOptions fact: the entry uses picks with
// index, none or named; unknown without one.
func (c *checker) importedOptions(fn *ssa.Function, uses func(*ManagerOptions) []OptionsUse, index int) state {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == c.pkg {
		return unknown
	}
	var fact ManagerOptions
	if !c.pass.ImportObjectFact(obj.Origin(), &fact) {
		return unknown
	}
	return useOf(uses(&fact), index)
}

// optionsHandedTo evaluates what the function call hands the address of
// manager.Options at addr to does to their client (setOptions(&opts), a
// config package's AddWebhookSettingsTo(&opts, ...)): none when it sets
// neither Client.FieldOwner nor a NewClient nor keeps the address, named
// when it sets a FieldOwner; for the package's own functions from the
// parameter's uses, for another package's from its ManagerOptions fact.
func (c *checker) optionsHandedTo(call *ssa.Call, addr ssa.Value) state {
	fn := call.Call.StaticCallee()
	if fn == nil || call.Call.IsInvoke() {
		return unknown
	}
	var states []state
	for i, a := range call.Call.Args {
		if a != addr {
			continue
		}
		switch {
		case fn.Pkg == nil || fn.Pkg.Pkg != c.pkg:
			states = append(states, c.importedOptions(fn, func(f *ManagerOptions) []OptionsUse { return f.Params }, i))
		case fn.Blocks == nil || fn.TypeParams().Len() > 0 || i >= len(fn.Params):
			return unknown
		default:
			states = append(states, c.optionsParam(fn.Params[i]))
		}
	}
	return namedUnlessUnknown(states)
}

// namedUnlessUnknown combines the states of the changes made to one
// options struct: unknown when any is, else named when any names a field
// manager, else none.
func namedUnlessUnknown(states []state) state {
	out := none
	for _, s := range states {
		switch s {
		case named:
			out = named
		case unknown:
			return unknown
		}
	}
	return out
}

// optionsParam evaluates what a function does to the client of the
// manager.Options its pointer parameter p points to, from p's uses.
func (c *checker) optionsParam(p *ssa.Parameter) state {
	return c.memoize(p, whatOptionsParam, func() state { return c.managerStruct(p) })
}

// managerStruct evaluates the manager.Options at addr (a local variable,
// or a pointer parameter) from the stores to it: a NewClient or
// ClientBuilder set makes it unknown (a custom client may wrap itself),
// Client options setting FieldOwner name a manager; the address handed to
// a function is decided by what that function does to it.
func (c *checker) managerStruct(addr ssa.Value) state {
	refs := addr.Referrers()
	if refs == nil {
		return unknown
	}
	var states []state
	var custom []*ssa.Function
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			f := valueflow.FieldOf(ref)
			if f == nil {
				return unknown
			}
			switch name := f.Name(); name {
			case "NewClient", "ClientBuilder":
				for _, r := range *ref.Referrers() {
					switch r := r.(type) {
					case *ssa.Store:
						if k, ok := r.Val.(*ssa.Const); r.Addr == ref && ok && k.IsNil() {
							continue
						}
						if fn := c.packageFunc(r.Val); r.Addr == ref && name == "NewClient" && fn != nil {
							custom = append(custom, fn)
							continue
						}
						return unknown
					case *ssa.UnOp, *ssa.DebugRef:
					default:
						return unknown // its address kept or handed on
					}
				}
			case "Client":
				if !c.m.ClientOptionsHas("FieldOwner") {
					continue
				}
				states = append(states, c.structSets(ref, "FieldOwner", 0))
			}
		case *ssa.Store:
			if ref.Addr != addr {
				return unknown
			}
			states = append(states, c.managerOptions(ref.Val))
		case *ssa.Call:
			states = append(states, c.optionsHandedTo(ref, addr))
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return unknown
		}
	}
	s := namedUnlessUnknown(states)
	if len(custom) == 0 {
		return s
	}
	// The manager's client is what the custom NewClient returns, made
	// from these options (s) or not; the default where it is not set.
	out := []state{s}
	for _, fn := range custom {
		out = append(out, c.customClient(fn, s))
	}
	return join(out)
}

// packageFunc returns the function of the package v is (a function, or a
// function literal, converted to client.NewClientFunc), or nil.
func (c *checker) packageFunc(v ssa.Value) *ssa.Function {
	var fn *ssa.Function
	switch v := valueflow.Unconvert(v).(type) {
	case *ssa.Function:
		fn = v
	case *ssa.MakeClosure:
		fn, _ = v.Fn.(*ssa.Function)
	}
	if fn == nil || fn.Blocks == nil || fn.Pkg != c.program().SSA {
		return nil
	}
	return fn
}

// customClient evaluates the clients fn, a manager's NewClient(config,
// options) of the package, returns: client.New(config, options) with the
// options it is handed names a field manager as those options do
// (inherited), unless it sets FieldOwner on its copy; a wrapper of the
// package around such a client, whose own code names no field manager,
// writes (when it writes at all: a dry-run wrapper's Create does not) as
// the client it wraps does (VictoriaMetrics operator's NewClient).
// Anything else is unknown; the nil of an error return is no client.
func (c *checker) customClient(fn *ssa.Function, inherited state) state {
	if len(fn.Params) != 2 || !c.m.IsClientOptions(fn.Params[1].Type()) {
		return unknown
	}
	s := c.joinAlternatives(valueflow.Results(fn, 0), func(v ssa.Value) state {
		return c.builtClient(v, fn.Params[1], inherited, 0)
	})
	if s == cycle {
		return unknown // no client at all
	}
	return s
}

// builtClient evaluates v, a client a custom NewClient returns (see
// customClient); cycle for no client.
func (c *checker) builtClient(v ssa.Value, opts *ssa.Parameter, inherited state, depth int) state {
	return c.alternatives(v, c.convertedOrCaptured, func(v ssa.Value) state {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() {
			return cycle
		}
		if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
			v = x.Tuple
		}
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.StaticCallee() == nil || depth > 2 {
			return unknown
		}
		callee := call.Call.StaticCallee()
		args := call.Call.Args
		if fn := reconcilepath.CalleeFunc(call.Common()); c.m.ClientFunc(fn) != "" {
			return c.clientFunc(fn, args, func(o ssa.Value) state {
				return c.optionsCopy(o, opts, inherited)
			}, func(w ssa.Value) state {
				return c.builtClient(w, opts, inherited, depth+1)
			})
		}
		if callee.Pkg != c.program().SSA || callee.Blocks == nil || c.wrapperNamesOwner(callee) {
			return unknown
		}
		s := cycle
		for _, a := range args {
			if c.isClient(a.Type()) {
				s = c.builtClient(a, opts, inherited, depth+1)
				break
			}
		}
		if s == cycle {
			return unknown // a client of its own making
		}
		return s
	})
}

// isClient reports whether a value of type t is a controller-runtime
// client: it implements client.Client.
func (c *checker) isClient(t types.Type) bool {
	tn, ok := c.m.Lookup("Client").(*types.TypeName)
	if !ok {
		return false
	}
	it, ok := tn.Type().Underlying().(*types.Interface)
	return ok && types.Implements(t, it)
}

// optionsCopy evaluates the client.Options v a custom NewClient hands
// client.New: the options it was handed (p), or a local copy of them
// whose other fields it sets (options.Cache = ...), name a field manager
// as inherited does; a copy whose FieldOwner it sets names one.
func (c *checker) optionsCopy(v ssa.Value, p *ssa.Parameter, inherited state) state {
	if v == p {
		return inherited
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return unknown
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok {
		return unknown
	}
	out := inherited
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || r.Val != p {
				return unknown
			}
		case *ssa.FieldAddr:
			if fieldNamed(r, "FieldOwner") {
				if s := c.structSets(a, "FieldOwner", 0); s == named {
					out = named
				} else {
					return unknown
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return unknown
		}
	}
	return out
}

// wrapperNamesOwner reports whether fn, a function of the package that
// wraps a client, or a method of the type it returns, may name a field
// manager: it sets a FieldManager field, makes a client.FieldOwner or
// calls client.WithFieldOwner.
func (c *checker) wrapperNamesOwner(fn *ssa.Function) bool {
	fns := []*ssa.Function{fn}
	prog := c.program().SSA.Prog
	for _, v := range valueflow.Results(fn, 0) {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			mset := prog.MethodSets.MethodSet(mi.X.Type())
			for i := range mset.Len() {
				if m := prog.MethodValue(mset.At(i)); m != nil && m.Pkg == c.program().SSA {
					fns = append(fns, m)
				}
			}
		}
	}
	for _, f := range fns {
		if c.setsFieldManager(f) {
			return true
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok && c.m.IsFieldOwner(v.Type()) {
					return true
				}
				if call, ok := instr.(ssa.CallInstruction); ok && c.m.ClientFunc(reconcilepath.CalleeFunc(call.Common())) == "WithFieldOwner" {
					return true
				}
			}
		}
	}
	return false
}

// localOptionType evaluates a concrete option type declared in the
// package: it names a manager when one of its ApplyTo methods (or a
// function literal in one) stores a FieldManager field.
func (c *checker) localOptionType(t types.Type) state {
	n := crmodel.NamedOf(t)
	if n == nil || n.Obj().Pkg() != c.pkg {
		return unknown
	}
	tn := n.Origin().Obj()
	if s, ok := c.localOptionTypes[tn]; ok {
		return s
	}
	prog := c.program()
	s := none
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !strings.HasPrefix(fn.Name(), "ApplyTo") {
			continue
		}
		body := prog.SSA.Prog.FuncValue(fn.Origin())
		if body == nil || body.Pkg != prog.SSA {
			s = unknown // promoted from another package
			continue
		}
		if c.setsFieldManager(body) {
			s = named
			break
		}
	}
	c.localOptionTypes[tn] = s
	return s
}

// setsFieldManager reports whether fn or a function literal in it stores
// a field named FieldManager.
func (c *checker) setsFieldManager(fn *ssa.Function) bool {
	for _, s := range c.program().StoresIn(fn) {
		if fieldNamed(s.Addr, "FieldManager") {
			return true
		}
	}
	for _, anon := range fn.AnonFuncs {
		if c.setsFieldManager(anon) {
			return true
		}
	}
	return false
}
