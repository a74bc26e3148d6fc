package fieldmanager

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// ManagerOptions is the fact a package exports about an exported function
// that returns manager.Options (ctrl.Options), or is handed a pointer to
// them, when what it does to their client is decided: a config package's
// Load that builds the options from a file and never sets Client or
// NewClient, an AddWebhookSettingsTo(o *ctrl.Options, ...) that sets other
// fields only. The package that makes a manager from such options decides
// its client from the fact, as it decides options built in view.
type ManagerOptions struct {
	// Results are the results of manager.Options type whose client is
	// decided on every path: Named when they set Client.FieldOwner, else
	// they set neither it nor a NewClient or ClientBuilder.
	Results []OptionsUse
	// Params are the *manager.Options parameters (counted as SSA counts
	// them, a receiver first) the function decidedly changes only as Named
	// says: Named when it sets Client.FieldOwner; else it sets neither it
	// nor a NewClient or ClientBuilder, and keeps no copy of the address.
	Params []OptionsUse
}

// OptionsUse is one result or parameter of a ManagerOptions fact.
type OptionsUse struct {
	Index int
	Named bool
}

func (*ManagerOptions) AFact() {}

// entryText says what a fact's entry decides, in the facts' String methods.
func entryText(named bool) string {
	if named {
		return "names a field manager"
	}
	return "names none"
}

func (f *ManagerOptions) String() string {
	var parts []string
	say := func(what string, u OptionsUse) {
		parts = append(parts, fmt.Sprintf("%s %d %s", what, u.Index, entryText(u.Named)))
	}
	for _, u := range f.Results {
		say("result", u)
	}
	for _, u := range f.Params {
		say("param", u)
	}
	return "manager options: " + strings.Join(parts, ", ")
}

// ClientResults is the fact a package exports about an exported function
// or method that returns a client (a client.Client)
// whose field manager is decided on every path, whatever other packages
// hand the function: openkruise's utilclient.NewClientFromManager makes
// each controller's client with client.New and options without a
// FieldOwner. A package that stores the result in a field, or writes
// through it, decides that client from the fact, as it decides one made
// in view.
type ClientResults struct {
	Results []OptionsUse
}

func (*ClientResults) AFact() {}

func (f *ClientResults) String() string {
	var parts []string
	for _, u := range f.Results {
		parts = append(parts, fmt.Sprintf("result %d %s", u.Index, entryText(u.Named)))
	}
	return "client results: " + strings.Join(parts, ", ")
}

// ManagerResults is the fact a package exports about an exported function
// that returns a struct it makes, holding in a field a manager it makes
// there on every path from options in view: karpenter's
// operator.NewOperator returns an *Operator whose embedded manager.Manager
// comes from ctrl.NewManager with options that set no FieldOwner, and the
// programs that run karpenter hand op.GetClient() to every controller. No
// other function of the package stores to the field. A package that calls
// the function decides that manager's client from the fact, where it does
// not store to the field itself and hands the struct to no other
// package's code (which could).
type ManagerResults struct {
	Fields []ManagerField
}

// ManagerField is one manager field of a result of a ManagerResults fact.
type ManagerField struct {
	Result, Field int
	Named         bool
}

func (*ManagerResults) AFact() {}

func (f *ManagerResults) String() string {
	var parts []string
	for _, u := range f.Fields {
		parts = append(parts, fmt.Sprintf("result %d field %d %s", u.Result, u.Field, entryText(u.Named)))
	}
	return "manager results: " + strings.Join(parts, ", ")
}

// mayExportOptions reports whether the package may export ManagerOptions
// facts: it imports the client, reconcile, manager or root package of
// controller-runtime directly, and is not a main package.
func mayExportOptions(pass *analysis.Pass) bool {
	if pass.Pkg.Name() == "main" {
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if reconcilepath.Matters(imp.Path()) || crmodel.IsOptionsPath(imp.Path()) {
			return true
		}
	}
	return false
}

// exportOptions exports the ManagerOptions facts of the package's exported
// functions and methods that return manager.Options or are handed a
// pointer to them, and the ClientResults facts of those that return a
// client. It is evaluated on the production files alone.
func (c *checker) exportOptions() {
	type cand struct {
		fn      *types.Func
		results []int
		params  []int // SSA parameter indexes, a receiver first
		clients []int // results that are clients
		// managers are the results that point to one of the package's
		// structs, with the indexes of its manager fields.
		managers [][2]int
	}
	var cands []cand
	scope := c.pkg.Scope()
	consider := func(fn *types.Func) {
		if !fn.Exported() {
			return
		}
		sig, ok := fn.Type().(*types.Signature)
		if !ok || sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
			return
		}
		var k cand
		k.fn = fn
		for i := 0; i < sig.Results().Len(); i++ {
			if t := sig.Results().At(i).Type(); crmodel.IsManagerOptions(t) {
				k.results = append(k.results, i)
			} else if c.isClient(t) {
				k.clients = append(k.clients, i)
			} else if p, ok := types.Unalias(t).(*types.Pointer); ok {
				if n := crmodel.NamedOf(p.Elem()); n != nil && n.Obj().Pkg() == c.pkg {
					if st, ok := n.Underlying().(*types.Struct); ok {
						for j := 0; j < st.NumFields(); j++ {
							if crmodel.IsNamed(st.Field(j).Type(), crmodel.ManagerPath, "Manager") {
								k.managers = append(k.managers, [2]int{i, j})
							}
						}
					}
				}
			}
		}
		shift := 0
		if sig.Recv() != nil {
			shift = 1
			if isOptionsPtr(sig.Recv().Type()) {
				k.params = append(k.params, 0)
			}
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if isOptionsPtr(sig.Params().At(i).Type()) {
				k.params = append(k.params, i+shift)
			}
		}
		if len(k.results) > 0 || len(k.params) > 0 || len(k.clients) > 0 || len(k.managers) > 0 {
			cands = append(cands, k)
		}
	}
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			consider(obj)
		case *types.TypeName:
			if n, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() {
				for i := 0; i < n.NumMethods(); i++ {
					consider(n.Method(i))
				}
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	prog := c.program()
	for _, k := range cands {
		fn := prog.SSA.Prog.FuncValue(k.fn)
		if fn == nil || fn.Pkg != prog.SSA || fn.Blocks == nil {
			continue
		}
		fact := ManagerOptions{
			Results: decidedUses(k.results, func(i int) state { return c.returnedBy(fn, i) }),
			Params: decidedUses(k.params, func(i int) state {
				if i >= len(fn.Params) {
					return unknown
				}
				return c.optionsParam(fn.Params[i])
			}),
		}
		if len(fact.Results) > 0 || len(fact.Params) > 0 {
			c.pass.ExportObjectFact(k.fn, &fact)
		}
		clients := ClientResults{Results: decidedUses(k.clients, func(i int) state { return c.returnedClient(fn, i) })}
		if len(clients.Results) > 0 {
			c.pass.ExportObjectFact(k.fn, &clients)
		}
		var managers ManagerResults
		for _, m := range k.managers {
			if s := c.returnedManager(fn, m[0], m[1]); s == none || s == named {
				managers.Fields = append(managers.Fields, ManagerField{Result: m[0], Field: m[1], Named: s == named})
			}
		}
		if len(managers.Fields) > 0 {
			c.pass.ExportObjectFact(k.fn, &managers)
		}
	}
}

// returnedManager evaluates, for other packages, the manager that field of
// the struct fn's result index points to holds: fn makes the struct on
// every path and stores to the field only managers it makes (manager.New,
// ctrl.NewManager) from options it does not take from its callers, and no
// other code of the package stores to the field.
func (c *checker) returnedManager(fn *ssa.Function, index, field int) state {
	vals := valueflow.Results(fn, index)
	if len(vals) == 0 {
		return unknown // it never returns
	}
	var fieldVar *types.Var
	var mgrs []ssa.Value
	for _, v := range vals {
		a, ok := valueflow.Unconvert(v).(*ssa.Alloc)
		if !ok || a.Parent() != fn || a.Referrers() == nil {
			return unknown
		}
		n := len(mgrs)
		for _, ref := range *a.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.Field != field || fa.Referrers() == nil {
				continue
			}
			fieldVar = valueflow.FieldOf(fa)
			mgrs = append(mgrs, valueflow.StoredValues(storesThrough(fa))...)
		}
		if len(mgrs) == n {
			return unknown // not set on this path
		}
	}
	if !c.setOnlyWhenMade(fieldVar) {
		return unknown
	}
	return c.forOtherPackages(mgrs, c.managerValue)
}

// forOtherPackages evaluates vals with eval for a fact other packages
// read: assuming nothing of what they hand the function, so that a state
// that depends on its callers is unknown.
func (c *checker) forOtherPackages(vals []ssa.Value, eval func(ssa.Value) state) state {
	outerAssume, outerDeps := c.assume, c.deps
	c.assume, c.deps = true, nil
	defer func() { c.assume, c.deps = outerAssume, outerDeps }()
	s := c.joinValues(vals, eval)
	if len(c.deps) > 0 {
		return unknown
	}
	return s
}

// setOnlyWhenMade reports whether the package's code sets field only in
// structs it makes (a composite literal, new, a local variable): a store
// to the field of a struct it is handed, or of a whole struct through a
// pointer, could replace the manager of one it returned before.
func (c *checker) setOnlyWhenMade(field *types.Var) bool {
	owner := field.Origin()
	for _, sf := range c.program().SourceFuncs() {
		for _, st := range c.program().StoresIn(sf.Fn) {
			if _, fresh := st.Addr.(*ssa.Alloc); fresh {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && valueflow.FieldOf(fa).Origin() == owner {
				if _, fresh := fa.X.(*ssa.Alloc); !fresh {
					return false
				}
				continue
			}
			if st, ok := st.Val.Type().Underlying().(*types.Struct); ok && structHolds(st, owner) {
				return false // the whole struct stored through a pointer
			}
		}
	}
	return true
}

// structHolds reports whether st declares field.
func structHolds(st *types.Struct, field *types.Var) bool {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Origin() == field {
			return true
		}
	}
	return false
}

// managerInResult evaluates a manager loaded from addr, a field of a
// struct another package's function returned, from that function's
// ManagerResults fact (ok): the package stores to the field nowhere, and
// uses the struct only to select its fields, whose manager field it only
// reads, and to call its own package's functions and methods, which the
// fact says leave the field alone.
func (c *checker) managerInResult(addr ssa.Value) (s state, ok bool) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return unknown, false
	}
	var call *ssa.Call
	index := 0
	switch x := fa.X.(type) {
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
		index = x.Index
	case *ssa.Call:
		call = x
	}
	if call == nil || call.Common().IsInvoke() {
		return unknown, false
	}
	fn := reconcilepath.CalleeFunc(call.Common())
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pkg {
		return unknown, false
	}
	var fact ManagerResults
	if !c.pass.ImportObjectFact(fn.Origin(), &fact) {
		return unknown, false
	}
	i := slices.IndexFunc(fact.Fields, func(f ManagerField) bool { return f.Result == index && f.Field == fa.Field })
	if i < 0 {
		return unknown, false
	}
	if len(c.program().FieldStores(valueflow.FieldOf(fa))) > 0 {
		return unknown, true
	}
	for _, ref := range *fa.X.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if ref.Field != fa.Field {
				continue
			}
			for _, r := range *ref.Referrers() {
				if load, ok := r.(*ssa.UnOp); !ok || load.Op != token.MUL {
					return unknown, true // its address is taken
				}
			}
		case ssa.CallInstruction:
			callee := reconcilepath.CalleeFunc(ref.Common())
			if ref.Common().IsInvoke() || callee == nil || callee.Pkg() != fn.Pkg() {
				return unknown, true
			}
		default:
			return unknown, true
		}
	}
	return stateOf(fact.Fields[i].Named), true
}

// returnedClient evaluates the client result index of fn returns, for
// other packages: only a client fn makes on every path (client.New,
// client.WithFieldOwner, or another package's function with such a fact),
// not one it takes from a field or a variable, which other code sets, and
// assuming nothing of what other packages hand fn, so that options or a
// client from a parameter leave it unknown.
func (c *checker) returnedClient(fn *ssa.Function, index int) state {
	vals := valueflow.Results(fn, index)
	if len(vals) == 0 {
		return unknown // it never returns
	}
	for _, v := range vals {
		if !c.constructed(v) {
			return unknown
		}
	}
	return c.forOtherPackages(vals, c.client)
}

// constructed reports whether v, a client, is made by the call it is the
// result of: controller-runtime's client.New, NewWithWatch or
// WithFieldOwner, or another package's function with a ClientResults fact.
func (c *checker) constructed(v ssa.Value) bool {
	v = valueflow.Unconvert(v)
	if e, ok := v.(*ssa.Extract); ok && e.Index == 0 {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Common().IsInvoke() {
		return false
	}
	fn := reconcilepath.CalleeFunc(call.Common())
	switch c.m.ClientFunc(fn) {
	case "New", "NewWithWatch", "WithFieldOwner":
		return true
	}
	return c.importedClient(fn, 0) != unknown
}

// importedClient evaluates the client result index of another package's
// function fn returns from its ClientResults fact; unknown without one.
func (c *checker) importedClient(fn *types.Func, index int) state {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pkg {
		return unknown
	}
	var fact ClientResults
	if !c.pass.ImportObjectFact(fn.Origin(), &fact) {
		return unknown
	}
	return useOf(fact.Results, index)
}

// useOf returns what the entry of uses for index decides; unknown
// without one.
func useOf(uses []OptionsUse, index int) state {
	for _, u := range uses {
		if u.Index == index {
			return stateOf(u.Named)
		}
	}
	return unknown
}

// stateOf is the decided state a fact's entry records.
func stateOf(isNamed bool) state {
	if isNamed {
		return named
	}
	return none
}

// decidedUses evaluates each of indexes (results or parameters of a
// function) and returns the fact entries of those decided, in order.
func decidedUses(indexes []int, eval func(int) state) []OptionsUse {
	var out []OptionsUse
	for _, i := range indexes {
		if s := eval(i); s == none || s == named {
			out = append(out, OptionsUse{Index: i, Named: s == named})
		}
	}
	return out
}

// isOptionsPtr reports whether t is *manager.Options.
func isOptionsPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && crmodel.IsManagerOptions(p.Elem())
}
