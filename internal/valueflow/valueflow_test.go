package valueflow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/statuslint/statuslint/internal/valueflow"
)

// build type-checks and builds src (package p), and indexes it as
// reconcilepath does: every store, closure and static call of the
// package's functions, their closures and instances.
func build(t *testing.T, src string) (*ssa.Package, *valueflow.Index) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.InstantiateGenerics)
	if err != nil {
		t.Fatal(err)
	}
	ix := valueflow.NewIndex()
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		if fn.Pkg != pkg && (fn.Origin() == nil || fn.Origin().Pkg != pkg) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					ix.AddStore(instr)
				case *ssa.MakeClosure:
					ix.AddClosure(instr)
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					if callee := call.Common().StaticCallee(); callee != nil {
						ix.AddCall(callee, call)
					}
				}
			}
		}
	}
	ix.Done()
	return pkg, ix
}

// sunk returns the argument of the call of sink in function fn.
func sunk(t *testing.T, pkg *ssa.Package, fn string) ssa.Value {
	t.Helper()
	f := pkg.Func(fn)
	if f == nil {
		t.Fatalf("no function %s", fn)
	}
	var out ssa.Value
	var walk func(f *ssa.Function)
	walk = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if callee := call.Common().StaticCallee(); callee != nil && callee.Name() == "sink" {
						out = call.Common().Args[0]
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			walk(anon)
		}
	}
	walk(f)
	if out == nil {
		t.Fatalf("no call of sink in %s", fn)
	}
	return out
}

// describe names an origin for the table: a constant's value, a call's
// callee, a parameter's or global's name, else the instruction's kind.
func describe(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Const:
		return "const " + v.Value.ExactString()
	case *ssa.Call:
		if callee := v.Common().StaticCallee(); callee != nil {
			return "call " + callee.Name()
		}
		return "call"
	case *ssa.Parameter:
		return "param " + v.Name()
	case *ssa.Global:
		return "global " + v.Name()
	case *ssa.Function:
		return "func " + v.Name()
	case *ssa.MakeClosure:
		return "closure " + v.Fn.Name()
	}
	return strings.TrimPrefix(strings.SplitN(v.String(), " ", 2)[0], "*ssa.")
}

const shapes = `package p

import "errors"

type Client interface{ Do() }
type impl struct{ n int }

func (*impl) Do() {}

func sink(any)           {}
func newClient() Client { return &impl{} }
func other() Client     { return &impl{n: 2} }

// phi: two branches join.
func phi(b bool) {
	c := newClient()
	if b {
		c = other()
	}
	sink(c)
}

// loop: a value reassigned in a loop, its own phi cycle.
func loop(n int) {
	c := newClient()
	for i := 0; i < n; i++ {
		c = c
	}
	sink(c)
}

// captured: a closure assigns a variable it captures; the store through
// the free variable is a store to the variable.
func captured() {
	var c Client
	set := func() { c = other() }
	set()
	c2 := c
	sink(c2)
}

// freevar: a closure reads a variable it captures.
func freevar() {
	c := newClient()
	func() { sink(c) }()
}

type inner struct{ C Client }
type outer struct {
	inner
	name string
}

// embedded: a field of an embedded struct, stored by a composite literal
// elsewhere in the package.
func embedded(o *outer) { sink(o.C) }
func makeOuter() *outer  { return &outer{inner: inner{C: newClient()}} }

// iface: conversions to and between interfaces, and an assertion.
func iface() {
	var a any = newClient()
	sink(a.(Client))
}

// param: a parameter followed to the package's calls.
func param(c Client) { sink(c) }
func callsParam()    { param(newClient()); param(other()) }

// uncalled: a parameter of a function the package never calls.
func uncalled(c Client) { sink(c) }

// generic: a value through a generic function's instance.
func id[T any](x T) T { return x }
func generic()       { sink(id(newClient())) }

var global = errors.New("boom")

// pkgvar: a package variable, stored by the package initializer.
func pkgvar() { sink(global) }

// unstored: a field the package never stores.
type holder struct{ c Client }

func unstored(h *holder) { sink(h.c) }
`

func TestOrigins(t *testing.T) {
	pkg, ix := build(t, shapes)
	for _, tc := range []struct {
		fn       string
		rule     valueflow.Rule
		want     []string
		complete bool
	}{
		{fn: "phi", want: []string{"call newClient", "call other"}, complete: true},
		{fn: "loop", want: []string{"call newClient"}, complete: true},
		// A declaration's zero value is no store in SSA: only the
		// closure's store is seen.
		{fn: "captured", want: []string{"call other"}, complete: true},
		{fn: "freevar", want: []string{"call newClient"}, complete: true},
		{fn: "embedded", want: []string{"call newClient"}, complete: true},
		{fn: "iface", want: []string{"call newClient"}, complete: true},
		{fn: "param", want: []string{"call newClient", "call other"}, complete: true},
		{fn: "uncalled", want: nil, complete: false},
		{fn: "pkgvar", want: []string{"call New"}, complete: true},
		{fn: "unstored", want: nil, complete: false},
		// A rule stops where the pass knows better: a parameter as it is.
		{fn: "param", rule: valueflow.Rule{Step: func(v ssa.Value) valueflow.Step {
			if _, ok := v.(*ssa.Parameter); ok {
				return valueflow.Step{Kind: valueflow.IsOrigin}
			}
			return valueflow.Step{}
		}}, want: []string{"param c"}, complete: true},
		// A rule answers for a call the way a fact of another package
		// would: the call of other() stands for what its fact says.
		{fn: "phi", rule: valueflow.Rule{Step: func(v ssa.Value) valueflow.Step {
			if c, ok := v.(*ssa.Call); ok && c.Common().StaticCallee().Name() == "other" {
				return valueflow.Step{Kind: valueflow.Unseen}
			}
			return valueflow.Step{}
		}}, want: []string{"call newClient"}, complete: false},
		// Too deep: the chain is longer than the rule allows.
		{fn: "param", rule: valueflow.Rule{MaxDepth: 1}, want: nil, complete: false},
	} {
		v := sunk(t, pkg, tc.fn)
		got, complete := ix.Origins(v, tc.rule)
		var names []string
		for _, o := range got {
			names = append(names, describe(o))
		}
		if !slices.Equal(names, tc.want) || complete != tc.complete {
			t.Errorf("%s: Origins = %v, complete %v; want %v, complete %v", tc.fn, names, complete, tc.want, tc.complete)
		}
	}
}

func TestGenericInstance(t *testing.T) {
	pkg, ix := build(t, shapes)
	// The argument of sink is the result of id's instance: a call, an
	// origin as it stands; a rule that follows a call to what its
	// function returns reaches newClient through the instance.
	v := sunk(t, pkg, "generic")
	returns := valueflow.Rule{Step: func(v ssa.Value) valueflow.Step {
		call, ok := v.(*ssa.Call)
		if !ok || call.Common().StaticCallee() == nil || call.Common().StaticCallee().Name() == "newClient" {
			return valueflow.Step{}
		}
		callee := call.Common().StaticCallee()
		var next []ssa.Value
		for _, b := range callee.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				next = append(next, ret.Results...)
			}
		}
		return valueflow.Step{Kind: valueflow.Follow, Next: next}
	}}
	got, complete := ix.Origins(v, returns)
	if len(got) != 1 || describe(got[0]) != "call newClient" || !complete {
		var names []string
		for _, o := range got {
			names = append(names, describe(o))
		}
		t.Errorf("Origins through id's instance = %v, complete %v; want [call newClient], complete", names, complete)
	}
}

func TestStores(t *testing.T) {
	pkg, ix := build(t, shapes)
	// The embedded field C is stored once, by makeOuter's literal.
	field := valueflow.Unconvert(sunk(t, pkg, "embedded")).(*ssa.UnOp).X.(*ssa.FieldAddr)
	if n := len(ix.Stores(field)); n != 1 {
		t.Errorf("stores to inner.C = %d, want 1", n)
	}
	if !valueflow.OthersStore(field) {
		t.Error("OthersStore(inner.C) = false; an exported field can be set by other packages")
	}
	// The captured variable: the closure's store through its free
	// variable (a declaration's zero value is no store).
	load := sunk(t, pkg, "captured")
	for {
		if u, ok := load.(*ssa.UnOp); ok {
			if n := len(ix.Stores(u.X)); n != 1 {
				t.Errorf("stores to captured c = %d, want 1", n)
			}
			break
		}
		load = valueflow.Unconvert(load)
		if _, ok := load.(*ssa.UnOp); !ok {
			t.Fatalf("captured: no load, got %T", load)
		}
	}
}

func TestAccessPath(t *testing.T) {
	pkg, _ := build(t, shapes)
	base, path := valueflow.AccessPath(sunk(t, pkg, "embedded"), nil)
	if describe(base) != "param o" || path != ".0.0*" {
		t.Errorf("AccessPath(o.C) = %s %q, want param o \".0.0*\"", describe(base), path)
	}
	// A load that is not a step ends the path there.
	base, path = valueflow.AccessPath(sunk(t, pkg, "embedded"), func(*ssa.UnOp) bool { return false })
	if _, ok := base.(*ssa.UnOp); !ok || path != "" {
		t.Errorf("AccessPath(o.C) without loads = %s %q, want the load and no path", describe(base), path)
	}
}

// TestElementValuesAndResults: the values a variadic call's array holds,
// and what each return of a function gives as one result.
func TestElementValuesAndResults(t *testing.T) {
	pkg, _ := build(t, `package p

func collect(xs ...int) int { return len(xs) }

func call(a, b int) int { return collect(a, b, 3) }

func pick(c bool) (int, error) {
	if c {
		return 1, nil
	}
	return 2, nil
}
`)
	var arr *ssa.Alloc
	for _, b := range pkg.Func("call").Blocks {
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok {
				arr = a
			}
		}
	}
	if arr == nil {
		t.Fatal("call: no array for the variadic arguments")
	}
	var got []string
	for _, v := range valueflow.ElementValues(arr) {
		got = append(got, v.Name())
	}
	if strings.Join(got, " ") != "a b 3:int" {
		t.Errorf("ElementValues = %v, want [a b 3:int]", got)
	}
	got = nil
	for _, v := range valueflow.Results(pkg.Func("pick"), 0) {
		got = append(got, v.Name())
	}
	if strings.Join(got, " ") != "1:int 2:int" {
		t.Errorf("Results(pick, 0) = %v, want [1:int 2:int]", got)
	}
	if n := len(valueflow.Results(pkg.Func("pick"), 2)); n != 0 {
		t.Errorf("Results(pick, 2) = %d values, want none", n)
	}
}

// TestMapValues: a map's values through a range, a lookup with and
// without ok, of a package variable its initializer fills and of a local
// map updated after make; values of other maps, strings and slices are
// not a map's.
func TestMapValues(t *testing.T) {
	pkg, ix := build(t, `package p

func sink(any) {}
func one() int { return 1 }
func two() int { return 2 }

var byName = map[string]int{"a": one(), "b": two()}

func ranged() {
	for _, v := range byName {
		sink(v)
	}
}

func lookup() { sink(byName["a"]) }

func lookupOk() {
	v, _ := byName["b"]
	sink(v)
}

func local(k string) {
	m := make(map[string]int)
	m[k] = one()
	sink(m[k])
}

func str(s string) {
	for _, r := range s {
		sink(r)
	}
}
`)
	values := func(fn string) []string {
		v := valueflow.Unconvert(sunk(t, pkg, fn))
		m := valueflow.MapOf(v)
		if m == nil {
			return nil
		}
		var names []string
		for _, x := range ix.MapValues(m) {
			names = append(names, describe(x))
		}
		slices.Sort(names)
		return names
	}
	for fn, want := range map[string][]string{
		"ranged":   {"call one", "call two"},
		"lookup":   {"call one", "call two"},
		"lookupOk": {"call one", "call two"},
		"local":    {"call one"},
		"str":      nil,
	} {
		if got := values(fn); !slices.Equal(got, want) {
			t.Errorf("%s: map values %v, want %v", fn, got, want)
		}
	}
}
