package fieldmanager

import (
	"fmt"
	"go/types"
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

func (f *ManagerOptions) String() string {
	var parts []string
	say := func(what string, u OptionsUse) {
		s := "names none"
		if u.Named {
			s = "names a field manager"
		}
		parts = append(parts, fmt.Sprintf("%s %d %s", what, u.Index, s))
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
		s := "names none"
		if u.Named {
			s = "names a field manager"
		}
		parts = append(parts, fmt.Sprintf("result %d %s", u.Index, s))
	}
	return "client results: " + strings.Join(parts, ", ")
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
		if len(k.results) > 0 || len(k.params) > 0 || len(k.clients) > 0 {
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
		var fact ManagerOptions
		for _, i := range k.results {
			if u, ok := decided(i, c.returnedBy(fn, i)); ok {
				fact.Results = append(fact.Results, u)
			}
		}
		for _, i := range k.params {
			if i < len(fn.Params) {
				if u, ok := decided(i, c.optionsParam(fn.Params[i])); ok {
					fact.Params = append(fact.Params, u)
				}
			}
		}
		if len(fact.Results) > 0 || len(fact.Params) > 0 {
			c.pass.ExportObjectFact(k.fn, &fact)
		}
		var clients ClientResults
		for _, i := range k.clients {
			if u, ok := decided(i, c.returnedClient(fn, i)); ok {
				clients.Results = append(clients.Results, u)
			}
		}
		if len(clients.Results) > 0 {
			c.pass.ExportObjectFact(k.fn, &clients)
		}
	}
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
	outerAssume, outerDeps := c.assume, c.deps
	c.assume, c.deps = true, nil
	defer func() { c.assume, c.deps = outerAssume, outerDeps }()
	s := c.joinValues(vals, c.client)
	if len(c.deps) > 0 {
		return unknown
	}
	return s
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
	for _, u := range fact.Results {
		if u.Index == index {
			if u.Named {
				return named
			}
			return none
		}
	}
	return unknown
}

// decided returns the fact entry of a decided state.
func decided(index int, s state) (OptionsUse, bool) {
	switch s {
	case none:
		return OptionsUse{Index: index}, true
	case named:
		return OptionsUse{Index: index, Named: true}, true
	}
	return OptionsUse{}, false
}

// isOptionsPtr reports whether t is *manager.Options.
func isOptionsPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && crmodel.IsManagerOptions(p.Elem())
}
