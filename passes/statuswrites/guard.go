package statuswrites

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// A helper such as
//
//	func UpdateStatus(ctx context.Context, c client.Client, obj *v1.Pulp, status metav1.ConditionStatus, typ, reason, msg string) {
//		if !meta.IsStatusConditionPresentAndEqual(obj.Status.Conditions, typ, status) {
//			meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: typ, Status: status, ...})
//			c.Status().Update(ctx, obj)
//		}
//	}
//
// writes only when the condition it is given is not already there. Called
// twice in a row with the same condition type and status ("Creating...",
// then "Failed to create..." with the same status), the second call finds
// the condition the first one set and writes nothing: counting it as a
// second write was a false positive on a real operator. The guard's
// parameters are recorded, and a call whose values for them are those of
// the object's previous write through the same helper adds no write.

// guardSig is a call of a helper whose writes are decided by a condition
// check, with the values it passes for the check's parameters.
type guardSig struct {
	helper string      // the helper's full name
	args   []ssa.Value // the values for guardParams, in order
}

// same reports whether two calls pass the same check values to the same
// helper: the same SSA values, reads of the same field path of one value,
// or equal constants.
func (g *guardSig) same(h *guardSig) bool {
	if g == nil || h == nil || g.helper != h.helper || len(g.args) != len(h.args) {
		return false
	}
	for i := range g.args {
		if g.args[i] == h.args[i] {
			continue
		}
		// Two reads of the same field of the same value
		// (resource.ConditionType), which a path does not change between
		// two calls that only pass it on.
		if ab, as := valueflow.AccessPath(g.args[i], nil); as != "" {
			if bb, bs := valueflow.AccessPath(h.args[i], nil); ab == bb && as == bs {
				continue
			}
		}
		a, ok1 := g.args[i].(*ssa.Const)
		b, ok2 := h.args[i].(*ssa.Const)
		if !ok1 || !ok2 || a.Value == nil || b.Value == nil || !constant.Compare(a.Value, token.EQL, b.Value) {
			return false
		}
	}
	return true
}

// guardParams returns the indices of fn's parameters, other than the
// written object's, that a condition check (meta.IsStatusConditionPresentAndEqual
// and the like) guarding every status write of fn depends on; nil when
// some write is not so guarded, when the check depends on anything but
// those parameters, constants and the object, or when fn writes through
// other functions.
func (c *checker) guardParams(fn *ssa.Function) []int {
	if fn == nil || fn.Blocks == nil {
		return nil
	}
	var writes []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if c.writeAt(fn, call) != nil {
				writes = append(writes, b)
				continue
			}
			if callee, _, _ := c.calleeOf(call); callee != nil && c.local(callee) && len(c.analyze(callee).summary) > 0 {
				return nil // writes through another helper
			}
		}
	}
	if len(writes) == 0 {
		return nil
	}
	set := make(map[int]bool)
	for _, wb := range writes {
		check := guardingCheck(wb)
		if check == nil {
			return nil
		}
		// The check's first argument is the conditions slice (the
		// object's); the others must be parameters or constants.
		for _, a := range check.Call.Args[1:] {
			switch a := a.(type) {
			case *ssa.Const:
			case *ssa.Parameter:
				i := paramIndex(fn, a)
				if i < 0 {
					return nil
				}
				set[i] = true
			default:
				return nil
			}
		}
	}
	var out []int
	for i := range fn.Params {
		if set[i] {
			out = append(out, i)
		}
	}
	return out
}

// guardingCheck returns the condition check whose if statement decides
// whether block b runs: on b's dominator chain, a block ending in an if
// on (the negation of) the check, with b reached from one branch only.
func guardingCheck(b *ssa.BasicBlock) *ssa.Call {
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		if !d.Succs[0].Dominates(b) && !d.Succs[1].Dominates(b) {
			continue
		}
		cond := ifi.Cond
		if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
			cond = u.X
		}
		call, ok := cond.(*ssa.Call)
		if !ok {
			continue
		}
		if crmodel.ClassifyConditionFunc(reconcilepath.CalleeFunc(call.Common())) == crmodel.CheckCondition && len(call.Call.Args) >= 2 {
			return call
		}
	}
	return nil
}

// guardOf returns the signature of a call of helper whose writes are
// guarded by a check of the parameters params (nil: not guarded).
func (c *checker) guardOf(helper *ssa.Function, params []int, args []ssa.Value) *guardSig {
	if len(params) == 0 {
		return nil
	}
	g := &guardSig{helper: helper.String()}
	for _, i := range params {
		if i < 0 || i >= len(args) {
			return nil
		}
		g.args = append(g.args, args[i])
	}
	return g
}
