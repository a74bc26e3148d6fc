package conditions

// Events: the status writes a function makes, itself or through what it
// calls (a direct write, another package's writer, a package function that
// writes a parameter's or free variable's status), summarised per function
// and mapped into its callers.

import (
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// event is something in a function that writes an object's status: a
// status write, a call of another package's status-writing function, or a
// call of a package function that writes the status of one of its
// parameters or free variables.
type event struct {
	instr  ssa.Instruction
	roots  []ssa.Value          // the objects written, as values of the function
	write  *reconcilepath.Write // a direct write, or nil
	callee *ssa.Function        // the package function that writes, or nil
}

// events returns fn's status-writing events; those found at depth 0, the
// outermost, are kept for the next call.
func (c *checker) events(fn *ssa.Function, depth int) []event {
	if evs, ok := c.eventMemo[fn]; ok && depth == 0 {
		return evs
	}
	var out []event
	for _, w := range c.writes[fn] {
		if w.MethodValue || w.Instr == nil {
			continue
		}
		if w.External != nil {
			ev := event{instr: w.Instr, write: w}
			for _, a := range w.Instr.Common().Args {
				ev.roots = append(ev.roots, root(a))
			}
			out = append(out, ev)
			continue
		}
		if w.Object != nil {
			out = append(out, event{instr: w.Instr, roots: []ssa.Value{root(w.Object)}, write: w})
		}
	}
	if depth > 4 {
		return out
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for _, ce := range c.callees(call) {
				if ce.fn == fn {
					continue
				}
				written := c.writtenFromEntry(ce.fn, depth+1)
				if len(written) == 0 {
					continue
				}
				ev := event{instr: instr, callee: ce.fn}
				for v := range written {
					if m := mapInto(v, call, ce.mc, fn); m != nil {
						ev.roots = append(ev.roots, root(m))
					}
				}
				if len(ev.roots) > 0 {
					out = append(out, ev)
				}
			}
		}
	}
	if depth == 0 {
		c.eventMemo[fn] = out
	}
	return out
}

// mapInto maps a parameter or free variable of a callee to the value the
// call in caller passes or binds for it.
func mapInto(v ssa.Value, call ssa.CallInstruction, mc *ssa.MakeClosure, caller *ssa.Function) ssa.Value {
	switch v := v.(type) {
	case *ssa.Parameter:
		args := call.Common().Args
		if i := valueflow.ParamIndex(v); i >= 0 && i < len(args) {
			return args[i]
		}
	case *ssa.FreeVar:
		if mc != nil && mc.Parent() == caller {
			if i := valueflow.FreeVarIndex(v); i >= 0 && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// writtenFromEntry returns the parameters and free variables of fn whose
// status fn writes on a path from its entry that no change-dependent guard
// decides.
func (c *checker) writtenFromEntry(fn *ssa.Function, depth int) map[ssa.Value]bool {
	if m, ok := c.summ[fn]; ok {
		return m
	}
	c.summ[fn] = nil // in progress: recursion sees no writes
	out := make(map[ssa.Value]bool)
	for _, ev := range c.events(fn, depth) {
		for _, r := range ev.roots {
			switch r.(type) {
			case *ssa.Parameter, *ssa.FreeVar:
				if !out[r] && c.unguarded(fn, nil, ev.instr, "") {
					out[r] = true
				}
			}
		}
	}
	c.summ[fn] = out
	return out
}
