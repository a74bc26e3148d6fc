package statuswrites

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// A goroutine a reconcile starts and then waits for is part of it:
//
//	var wg sync.WaitGroup
//	for _, d := range deployments {
//		wg.Add(1)
//		go func(d string) { defer wg.Done(); setCond(&w, d); _ = r.Status().Patch(ctx, &w, patch) }(d)
//	}
//	wg.Wait()
//	_ = r.Status().Patch(ctx, &w, patch) // the status of w written a second time
//
// Its writes count where the path waits for it: at a WaitGroup's Wait on
// the group the goroutine calls Done on, once for the go statement however
// many goroutines a loop starts. A goroutine the path does not wait for
// (a periodic health check that outlives the reconcile, or one started on
// a path that returns before the Wait) writes over time, not in this
// reconcile: its writes are not counted. (errgroup's Go and WaitGroup's Go
// take a function literal, which counts as called once where it is
// passed.)

// goGroup returns the WaitGroup, as the function of g names it, that the
// goroutine g starts calls Done on: the group its function literal
// captures, or the one passed to it. The flow asks at every pass over g
// and at every Wait after it: the answer is kept.
func (c *checker) goGroup(g *ssa.Go) (ident, bool) {
	if r, ok := c.groups[g]; ok {
		return r.id, r.ok
	}
	id, ok := c.findGroup(g)
	c.groups[g] = goGroup{id, ok}
	return id, ok
}

// goGroup is a goroutine's WaitGroup, when it has one.
type goGroup struct {
	id ident
	ok bool
}

func (c *checker) findGroup(g *ssa.Go) (ident, bool) {
	common := g.Common()
	callee, bindings := funcValue(common.Value)
	if !c.local(callee) {
		return ident{}, false
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			recv, ok := waitGroupCall(call.Common(), "Done")
			if !ok {
				continue
			}
			base, sel := valueflow.AccessPath(recv, nil)
			var v ssa.Value
			switch base := base.(type) {
			case *ssa.FreeVar:
				if i := valueflow.FreeVarIndex(base); i >= 0 && i < len(bindings) {
					v = bindings[i]
				}
			case *ssa.Parameter:
				if i := paramIndex(callee, base); i >= 0 && i < len(common.Args) {
					v = common.Args[i]
				}
			}
			if v == nil {
				continue
			}
			return c.resolveCaptures(identAt(v, sel, false)), true
		}
	}
	return ident{}, false
}

// joinedAt returns the goroutines pending in s that the call waits for (a
// WaitGroup's Wait on their group), and takes them out of s.
func (c *checker) joinedAt(call *ssa.Call, s *state) []*ssa.Go {
	if len(s.goes) == 0 {
		return nil
	}
	group, ok := c.waitsOn(call)
	if !ok {
		return nil
	}
	var out, rest []*ssa.Go
	for _, g := range s.goes {
		if id, ok := c.goGroup(g); ok && id == group {
			out = append(out, g)
		} else {
			rest = append(rest, g)
		}
	}
	s.goes = rest
	return out
}

// waitedFor reports whether fn waits, somewhere, for the goroutine g
// starts: for following the goroutine into the reconcile.
func (c *checker) waitedFor(fn *ssa.Function, g *ssa.Go) bool {
	group, ok := c.goGroup(g)
	if !ok {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if id, ok := c.waitsOn(call); ok && id == group {
					return true
				}
			}
		}
	}
	return false
}

// waitsOn returns the WaitGroup a call of its Wait waits on.
func (c *checker) waitsOn(call *ssa.Call) (ident, bool) {
	recv, ok := waitGroupCall(call.Common(), "Wait")
	if !ok {
		return ident{}, false
	}
	return c.resolveCaptures(identAt(recv, "", false)), true
}

// waitGroupCall returns the receiver of a call of sync.WaitGroup's method
// name.
func waitGroupCall(common *ssa.CallCommon, name string) (ssa.Value, bool) {
	callee := common.StaticCallee()
	if callee == nil || callee.Name() != name || len(common.Args) == 0 {
		return nil, false
	}
	recv := callee.Signature.Recv()
	if recv == nil {
		return nil, false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if !crmodel.IsNamed(t, "sync", "WaitGroup") {
		return nil, false
	}
	return common.Args[0], true
}
