package reconcilepath

import (
	"sync"

	"golang.org/x/tools/go/ssa"
)

// varStores indexes the stores of the package's source functions by the
// variables they store to (see StoresTo); built on first use, since only
// some passes ask, and those may run at once on the same result.
type varStores struct {
	once sync.Once
	by   map[ssa.Value][]*ssa.Store
}

// maxCaptureDepth bounds how many enclosing closures Variables follows a
// free variable through.
const maxCaptureDepth = 12

// Variables returns the variables an address denotes: an allocation or a
// global itself, or for a closure's free variable the variables it is
// bound to where the package makes the closure, followed through
// enclosing closures (a variable captured by a closure, or by a closure
// inside it). Anything else, a field or an element, denotes none.
func (r *Result) Variables(addr ssa.Value) []ssa.Value {
	return r.variables(addr, 0)
}

func (r *Result) variables(addr ssa.Value, depth int) []ssa.Value {
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.Global:
		return []ssa.Value{a}
	case *ssa.FreeVar:
		if depth > maxCaptureDepth {
			return nil
		}
		var out []ssa.Value
		for _, b := range r.Bindings(a) {
			out = append(out, r.variables(b, depth+1)...)
		}
		return out
	}
	return nil
}

// StoresTo returns the stores to the variables addr denotes (see
// Variables) that the functions SourceFuncs lists make, in that order and
// then block order: a store in a closure to a variable it captures is a
// store to the variable. Unlike StoredAt, it counts neither the package
// initializer's stores nor those of generic instances and wrappers (the
// origin's code stands for them), and a field is no variable.
func (r *Result) StoresTo(addr ssa.Value) []*ssa.Store {
	if r == nil {
		return nil
	}
	r.varStores.once.Do(func() {
		r.varStores.by = make(map[ssa.Value][]*ssa.Store)
		seen := make(map[*ssa.Function]bool)
		for _, sf := range r.source {
			if seen[sf.Fn] {
				continue
			}
			seen[sf.Fn] = true
			for _, st := range r.storesIn[sf.Fn] {
				for _, v := range r.Variables(st.Addr) {
					r.varStores.by[v] = append(r.varStores.by[v], st)
				}
			}
		}
	})
	var out []*ssa.Store
	for _, v := range r.Variables(addr) {
		out = append(out, r.varStores.by[v]...)
	}
	return out
}
