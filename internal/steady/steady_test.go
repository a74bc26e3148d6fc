package steady_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/statuslint/statuslint/internal/steady"
)

const src = `package p

import (
	"math/rand"
	"time"
)

type T struct{ At time.Time }

type S struct {
	Count, Other int
	Name         string
	List         []string
	At           time.Time
	P            *T
}

type clock interface{ Now() time.Time }

func now() time.Time { return time.Now() }

func Clock(s *S)                     { s.At = time.Now() }
func Helper(s *S)                    { s.At = now() }
func Injected(s *S, c clock)         { s.At = c.Now() }
func Given(s *S, t time.Time)        { s.At = t.Add(time.Second) }
func Formatted(s *S)                 { s.Name = time.Now().Format(time.RFC3339) }
func Literal(s *S)                   { s.P = &T{At: time.Now()} }
func Counter(s *S)                   { s.Count++ }
func OtherField(s *S)                { s.Count = s.Other + 1 }
func Appended(s *S)                  { s.List = append(s.List, "x") }
func Random(s *S)                    { s.Count = rand.Int() }
func Constant(s *S)                  { s.Count = 3 }
func HandedIn(s *S, n int)           { s.Count = n }
func Steps(s *S, up bool)            { if up { s.Count = 1 } else { s.Count = 2 }; s.Other = s.Count }

// Helpers that store what their callers hand them: every caller's clock,
// mixed with a steady caller, and a helper used as a value, whose calls
// are not all known.
func stampAll(s *S, t time.Time)   { s.At = t }
func stampMixed(s *S, t time.Time) { s.At = t }
func stampValue(s *S, t time.Time) { s.At = t }

func Callers(s *S) {
	start := time.Now()
	stampAll(s, start)
	stampAll(s, start)
	stampAll(s, now())
	stampMixed(s, start)
	stampMixed(s, time.Time{})
	stampValue(s, start)
	f := stampValue
	f(s, time.Time{})
}

func Reset(s *S) {
	s.List = nil
	s.List = append(s.List, "x")
}
`

func TestChanging(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	inPkg := func(fn *ssa.Function) bool { return fn.Pkg == pkg }
	arguments := allArguments(pkg)
	for _, tc := range []struct {
		fn    string
		inPkg bool
		want  steady.Change
	}{
		{"Clock", true, steady.Clock},
		{"Helper", true, steady.Clock},
		{"Injected", true, steady.Clock},
		{"Given", true, steady.Repeats},
		{"Formatted", true, steady.Clock},
		{"Literal", true, steady.Clock},
		{"Counter", true, steady.Counter},
		{"OtherField", true, steady.Repeats},
		{"Appended", true, steady.Appended},
		{"Reset", true, steady.Repeats},
		{"Random", true, steady.Random},
		{"Constant", true, steady.Repeats},
		{"HandedIn", true, steady.Repeats},
		{"Steps", true, steady.Repeats},
		{"stampAll", true, steady.Clock},
		{"stampMixed", true, steady.Repeats},
		{"stampValue", true, steady.Repeats},
		// The helper's body unread, its time.Time result is still a time
		// from nothing.
		{"Helper", false, steady.Clock},
	} {
		fn := pkg.Func(tc.fn)
		if fn == nil {
			t.Fatalf("no function %s", tc.fn)
		}
		st := lastFieldStore(fn)
		if st == nil {
			t.Fatalf("%s: no store into a field", tc.fn)
		}
		at := st.Addr.(*ssa.FieldAddr)
		q := steady.Query{
			Field: func(addr ssa.Value) bool {
				fa, ok := addr.(*ssa.FieldAddr)
				return ok && fa.X == at.X && fa.Field == at.Field
			},
			InPkg:     func(fn *ssa.Function) bool { return tc.inPkg && inPkg(fn) },
			Arguments: arguments,
		}
		if got := steady.Changing(st.Val, q); got != tc.want {
			t.Errorf("%s (body read: %v): Changing = %d, want %d", tc.fn, tc.inPkg, got, tc.want)
		}
	}
}

// allArguments is reconcilepath.Result.AllArguments for pkg: the
// arguments of every call of a function that is only ever called.
func allArguments(pkg *ssa.Package) func(*ssa.Parameter) ([]ssa.Value, bool) {
	calls := make(map[*ssa.Function][]*ssa.CallCommon)
	used := make(map[*ssa.Function]bool) // as a value
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		if fn.Pkg != pkg {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var ops []*ssa.Value
				for i, op := range instr.Operands(ops) {
					callee, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if call, isCall := instr.(ssa.CallInstruction); isCall && i == 0 {
						calls[callee] = append(calls[callee], call.Common())
					} else {
						used[callee] = true
					}
				}
			}
		}
	}
	return func(p *ssa.Parameter) ([]ssa.Value, bool) {
		fn := p.Parent()
		if used[fn] || len(calls[fn]) == 0 {
			return nil, false
		}
		var args []ssa.Value
		for _, c := range calls[fn] {
			args = append(args, c.Args[slices.Index(fn.Params, p)])
		}
		return args, true
	}
}

// lastFieldStore returns fn's last store into a field of its first
// parameter.
func lastFieldStore(fn *ssa.Function) *ssa.Store {
	var out *ssa.Store
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == fn.Params[0] {
					out = st
				}
			}
		}
	}
	return out
}

func TestIsTime(t *testing.T) {
	tm := types.NewNamed(types.NewTypeName(token.NoPos, types.NewPackage("time", "time"), "Time", nil), types.NewStruct(nil, nil), nil)
	if !steady.IsTime(tm) || !steady.IsTime(types.NewPointer(tm)) {
		t.Error("time.Time and *time.Time are times")
	}
	if steady.IsTime(types.Typ[types.Int64]) {
		t.Error("int64 is no time")
	}
}
