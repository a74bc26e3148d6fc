package fieldmanager

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
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
// pointer to them. It is evaluated on the production files alone.
func (c *checker) exportOptions() {
	type cand struct {
		fn      *types.Func
		results []int
		params  []int // SSA parameter indexes, a receiver first
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
			if crmodel.IsManagerOptions(sig.Results().At(i).Type()) {
				k.results = append(k.results, i)
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
		if len(k.results) > 0 || len(k.params) > 0 {
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
	}
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
