package fieldmanager

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
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
	v      any // a *types.Var (its origin) or an *ssa.Parameter
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
	whatParam
	whatManagerParam
	whatReturnedOptions
	whatPointerParam
	whatOptionsParam
	whatGetterParam
	whatReturnedClient
)

// checker evaluates calls of one package.
type checker struct {
	pass    *analysis.Pass
	res     *reconcilepath.Result // the package's SSA index (see program)
	info    *types.Info
	m       *crmodel.Model
	owned   map[string]bool
	unowned map[string]bool
	pkg     *types.Package
	fset    *token.FileSet

	// testCtx: the call being evaluated is in a _test.go file, so values
	// assigned in test files count; otherwise they are ignored (a fake
	// client a test puts in a field says nothing about production code).
	testCtx bool
	memo    map[memoKey]memoEntry
	phis    map[*ssa.Phi]bool  // phis being evaluated
	locals  map[ssa.Value]bool // local variables being evaluated (local)

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
}

// memoize evaluates f for (key, what) once, treating a cycle as unknown.
func (c *checker) memoize(key any, what int, f func() state) state {
	if v, ok := key.(*types.Var); ok {
		key = v.Origin()
	}
	k := memoKey{key, what, c.testCtx, c.assume}
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

// field evaluates a struct field holding a client or writer: the owned and
// unowned settings first, then every value the package assigns to it; a
// field the package never assigns is set by another package (typically
// cmd/main.go) and is assumed to name no field manager.
func (c *checker) field(f *types.Var, owner, outer *types.Named) state {
	if f == nil {
		return unknown
	}
	// The field of either type first, then either type.
	for _, suffix := range []string{"." + f.Name(), ""} {
		for _, n := range []*types.Named{owner, outer} {
			if n == nil {
				continue
			}
			if s, ok := c.configured(objectKey(n.Origin().Obj()) + suffix); ok {
				return s
			}
		}
	}
	return c.memoize(f, whatClient, func() state {
		stores := c.stored(c.program().FieldStores(f))
		if len(stores) == 0 {
			return none
		}
		if c.assume && c.openField(f, stores) {
			return c.assumeOpen(f, valueflow.StoredValues(stores))
		}
		return c.joinValues(valueflow.StoredValues(stores), c.client)
	})
}

// openField reports whether other packages can set field f on objects of
// their own, so that what the package stores in it says nothing about
// theirs: f is an exported field of one of the package's types, and the
// package stores to it only in objects it makes itself (a constructor's
// composite literal), never in an object it is handed (r.Client = ... in
// a SetupWithManager), which could overwrite what another package stored.
func (c *checker) openField(f *types.Var, stores []*ssa.Store) bool {
	if !f.Exported() || f.Pkg() != c.pkg || c.pkg.Name() == "main" {
		return false
	}
	for _, s := range stores {
		if !madeHere(s.Addr) {
			return false
		}
	}
	return true
}

// madeHere reports whether addr is a field of an object allocated in the
// function that stores to it (through embedded fields).
func madeHere(addr ssa.Value) bool {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.Alloc:
			return true
		default:
			return false
		}
	}
}

// assumeOpen evaluates an open field (openField) under c.assume: another
// package may store a client that names none in it, so it is none, and
// f is among the assumptions (a fact on f tells those packages which
// writes their client reaches). The package's own stores that are none
// under the assumption add theirs (a constructor's client parameter).
func (c *checker) assumeOpen(f *types.Var, vals []ssa.Value) state {
	outer := c.deps
	for _, v := range vals {
		c.deps = nil
		if c.client(v) == none {
			outer = append(outer, c.deps...)
		}
	}
	c.deps = append(outer, paramRef{field: f.Origin()})
	return none
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

// --- helpers --------------------------------------------------------------

func isEmptyString(v constant.Value) bool {
	return v != nil && v.Kind() == constant.String && constant.StringVal(v) == ""
}

func structOf(t types.Type) (*types.Struct, *types.Named) {
	return crmodel.StructOf(t), crmodel.NamedOf(t)
}

// objectKey names a package-level object as the owned and unowned settings
// do: "pkg/path.Name".
func objectKey(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}
