// Package valueflow answers, over one package's SSA, the question every
// pass of statuslint asks in its own terms: where can this value come
// from? It holds the one index of what the package stores where (struct
// fields, locals that live in memory, package variables, closures' free
// variables), the closures it makes and the calls of each of its
// functions, and the one trace over them (Origins), which a pass steers
// with a Rule of its own: what to stop at, what to follow its own way.
//
// What the index holds is what this package's code does. A field or
// package variable that other packages can set holds what they store too
// (OthersStore): a pass that would conclude something from the stores it
// sees must ask that first.
package valueflow

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Index is what a package's SSA says about where values go: the stores
// to each field and variable, the closures made of each function literal
// and the calls of each function. reconcilepath fills it while it scans
// the package's functions (their own code, the closures and generic
// instances in them, SSA's wrappers and the package initializer).
type Index struct {
	fields   map[*types.Var][]*ssa.Store          // by the field's origin
	vars     map[ssa.Value][]*ssa.Store           // by variable: Alloc or Global, free variables resolved
	closures map[*ssa.Function][]*ssa.MakeClosure // by function literal
	callers  map[*ssa.Function][]ssa.CallInstruction

	pending []*ssa.Store // stores through free variables, resolved once the closures are known
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{
		fields:   make(map[*types.Var][]*ssa.Store),
		vars:     make(map[ssa.Value][]*ssa.Store),
		closures: make(map[*ssa.Function][]*ssa.MakeClosure),
		callers:  make(map[*ssa.Function][]ssa.CallInstruction),
	}
}

// AddStore records a store of the package's code.
func (ix *Index) AddStore(s *ssa.Store) {
	switch addr := s.Addr.(type) {
	case *ssa.FieldAddr:
		if f := FieldOf(addr); f != nil {
			ix.fields[f.Origin()] = append(ix.fields[f.Origin()], s)
		}
	case *ssa.Alloc, *ssa.Global:
		ix.vars[addr] = append(ix.vars[addr], s)
	case *ssa.FreeVar:
		// The variable is known only once every closure is.
		ix.pending = append(ix.pending, s)
	}
}

// AddClosure records where the package makes a closure.
func (ix *Index) AddClosure(mc *ssa.MakeClosure) {
	if fn, ok := mc.Fn.(*ssa.Function); ok {
		ix.closures[fn] = append(ix.closures[fn], mc)
	}
}

// AddCall records a call of the package that may invoke fn: a static
// call, or an interface call that fn implements.
func (ix *Index) AddCall(fn *ssa.Function, call ssa.CallInstruction) {
	ix.callers[fn] = append(ix.callers[fn], call)
}

// Done resolves the stores made through closures' free variables to the
// variables they capture; call it once every function is scanned.
func (ix *Index) Done() {
	for _, s := range ix.pending {
		for _, v := range ix.Variables(s.Addr) {
			ix.vars[v] = append(ix.vars[v], s)
		}
	}
	ix.pending = nil
}

// Stores returns the package's stores to what addr denotes: for a field
// address, every store to that field (of any value of the struct, of any
// instance of a generic struct); for a local, a package variable or a
// free variable, every store to the variables it denotes (see Variables),
// a closure's stores to a variable it captures among them, the package
// initializer's stores to a package variable too. Stores that other
// packages make are not among them (see OthersStore).
func (ix *Index) Stores(addr ssa.Value) []*ssa.Store {
	if ix == nil {
		return nil
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		return ix.FieldStores(FieldOf(fa))
	}
	var out []*ssa.Store
	for _, v := range ix.Variables(addr) {
		out = append(out, ix.vars[v]...)
	}
	return out
}

// FieldStores returns the package's stores to struct field f, of any
// instance of a generic struct.
func (ix *Index) FieldStores(f *types.Var) []*ssa.Store {
	if ix == nil || f == nil {
		return nil
	}
	return ix.fields[f.Origin()]
}

// StoredValues returns the values of stores.
func StoredValues(stores []*ssa.Store) []ssa.Value {
	out := make([]ssa.Value, len(stores))
	for i, s := range stores {
		out[i] = s.Val
	}
	return out
}

// maxCaptureDepth bounds how many enclosing closures Variables follows a
// free variable through.
const maxCaptureDepth = 12

// Variables returns the variables an address denotes: an allocation or a
// global itself, or for a closure's free variable the variables it is
// bound to where the package makes the closure, followed through
// enclosing closures (a variable captured by a closure, or by a closure
// inside it). A field or an element denotes none.
func (ix *Index) Variables(addr ssa.Value) []ssa.Value {
	return ix.variables(addr, 0)
}

func (ix *Index) variables(addr ssa.Value, depth int) []ssa.Value {
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.Global:
		return []ssa.Value{a}
	case *ssa.FreeVar:
		if depth > maxCaptureDepth {
			return nil
		}
		var out []ssa.Value
		for _, b := range ix.Bindings(a) {
			out = append(out, ix.variables(b, depth+1)...)
		}
		return out
	}
	return nil
}

// ElementValues returns the values stored into the elements of an array
// allocation: the backing array of a slice literal, or of a call's
// variadic arguments.
func ElementValues(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	if a.Referrers() == nil {
		return nil
	}
	for _, r := range *a.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, s := range *ia.Referrers() {
				if st, ok := s.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// MapOf returns the map v is a value of: a lookup (m[k], the value of
// v, ok := m[k]) or the value a range over the map binds; nil for
// anything else.
func MapOf(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.Lookup:
		if !v.CommaOk && isMap(v.X) {
			return v.X
		}
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.Lookup:
			if v.Index == 0 && isMap(t.X) {
				return t.X
			}
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && !t.IsString && v.Index == 2 {
				return r.X
			}
		}
	}
	return nil
}

func isMap(v ssa.Value) bool {
	_, ok := v.Type().Underlying().(*types.Map)
	return ok
}

// MapValues returns the values the package stores into the maps m can
// be, those it makes (a literal or make), wherever it updates them.
func (ix *Index) MapValues(m ssa.Value) []ssa.Value {
	origins, _ := ix.Origins(m, Rule{})
	var out []ssa.Value
	for _, o := range origins {
		mm, ok := o.(*ssa.MakeMap)
		if !ok || mm.Referrers() == nil {
			continue
		}
		for _, r := range *mm.Referrers() {
			if u, ok := r.(*ssa.MapUpdate); ok && u.Map == mm {
				out = append(out, u.Value)
			}
		}
	}
	return out
}

// Results returns the values fn's returns give as its result index.
func Results(fn *ssa.Function, index int) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && index < len(ret.Results) {
			out = append(out, ret.Results[index])
		}
	}
	return out
}

// OthersStore reports whether other packages can store at addr: an
// exported field (of any struct: a value of it can reach them) or an
// exported package variable. What this package stores there is then not
// all the address can hold, so a rule that would keep quiet because of
// what the package stores must not decide from Stores alone.
func OthersStore(addr ssa.Value) bool {
	switch addr := addr.(type) {
	case *ssa.FieldAddr:
		f := FieldOf(addr)
		return f != nil && f.Exported()
	case *ssa.Global:
		return addr.Object() != nil && addr.Object().Exported()
	}
	return false
}

// FieldOf returns the struct field addr selects, or nil.
func FieldOf(addr *ssa.FieldAddr) *types.Var {
	if p, ok := addr.X.Type().Underlying().(*types.Pointer); ok {
		if s, ok := p.Elem().Underlying().(*types.Struct); ok && addr.Field < s.NumFields() {
			return s.Field(addr.Field)
		}
	}
	return nil
}

// Closures returns the instructions that make closures of fn.
func (ix *Index) Closures(fn *ssa.Function) []*ssa.MakeClosure {
	if ix == nil {
		return nil
	}
	return ix.closures[fn]
}

// Bindings returns the values a closure's free variable is bound to where
// the package makes the closure.
func (ix *Index) Bindings(fv *ssa.FreeVar) []ssa.Value {
	i := FreeVarIndex(fv)
	var out []ssa.Value
	for _, mc := range ix.Closures(fv.Parent()) {
		if i >= 0 && i < len(mc.Bindings) {
			out = append(out, mc.Bindings[i])
		}
	}
	return out
}

// FreeVarIndex returns the index of fv among its function's free
// variables, or -1.
func FreeVarIndex(fv *ssa.FreeVar) int {
	if fn := fv.Parent(); fn != nil {
		return slices.Index(fn.FreeVars, fv)
	}
	return -1
}

// ParamIndex returns the index of p among its function's parameters
// (the receiver first), or -1.
func ParamIndex(p *ssa.Parameter) int {
	if fn := p.Parent(); fn != nil {
		return slices.Index(fn.Params, p)
	}
	return -1
}

// Callers returns the package's calls of fn: static calls, and interface
// calls that may resolve to it. Calls from other packages, and calls of fn
// used as a value, are not among them.
func (ix *Index) Callers(fn *ssa.Function) []ssa.CallInstruction {
	if ix == nil {
		return nil
	}
	return ix.callers[fn]
}

// Arguments returns the values passed for a parameter at the package's
// own call sites; callers in other packages are not among them.
func (ix *Index) Arguments(p *ssa.Parameter) []ssa.Value {
	if ix == nil {
		return nil
	}
	idx := ParamIndex(p)
	var out []ssa.Value
	for _, call := range ix.callers[p.Parent()] {
		common := call.Common()
		i := idx
		if common.IsInvoke() {
			i-- // the receiver is common.Value, not an argument
			if i < 0 {
				out = append(out, common.Value)
				continue
			}
		}
		if i >= 0 && i < len(common.Args) {
			out = append(out, common.Args[i])
		}
	}
	return out
}

// BoundMethod returns the method and receiver of a method value (x.M),
// given the function of the closure that makes it and the closure's
// bindings: SSA's bound-method wrapper, which belongs to no package and is
// made anew for each method value. Else nil, nil.
func BoundMethod(fn *ssa.Function, bindings []ssa.Value) (*types.Func, ssa.Value) {
	method, ok := fn.Object().(*types.Func)
	if !ok || fn.Synthetic == "" || len(bindings) != 1 {
		return nil, nil
	}
	return method, bindings[0]
}
