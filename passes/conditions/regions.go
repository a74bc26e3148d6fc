package conditions

// Guards: the regions of a function whose branches test the change, and
// whether a write can be reached from a SetStatusCondition without passing
// one.

import (
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// reachable reports whether block to can be reached from block from
// without passing through a block that avoid accepts: to itself may be
// one, and from is not left if it is one.
func reachable(from, to *ssa.BasicBlock, avoid func(*ssa.BasicBlock) bool) bool {
	if from == to {
		return true
	}
	if avoid(from) {
		return false
	}
	isTo := func(x *ssa.BasicBlock) bool { return x == to }
	return searchBlocks(from, succs, isTo, func(x *ssa.BasicBlock) bool { return x != to && avoid(x) })
}

func indexIn(b *ssa.BasicBlock, instr ssa.Instruction) int {
	return slices.Index(b.Instrs, instr)
}

// region is a group of blocks ending in Ifs whose conditions depend on a
// change, chained as the short-circuit evaluation of one condition
// (a && b, a || b) chains them; its exits are the edges leaving it.
type region struct {
	blocks map[*ssa.BasicBlock]bool
	head   *ssa.BasicBlock
	exits  []*ssa.BasicBlock
}

// regions returns the guard regions of fn for condition type ctype, by
// block; flags false leaves out ifs that only a flag variable makes depend
// on a change (the regions that decide the flags).
func (c *checker) regions(fn *ssa.Function, ctype string, flags bool) map[*ssa.BasicBlock]*region {
	key := regionKey{fn, ctype, flags}
	if m, ok := c.regionMemo[key]; ok {
		return m
	}
	c.regionMemo[key] = nil // in progress: a recursive request sees no guards
	guard := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		if ifi := endIf(b); ifi != nil && c.dependsOnChange(ifi.Cond, ctype, flags) {
			guard[b] = true
		}
	}
	// A guard block whose only predecessor is a guard block continues
	// that block's condition.
	out := make(map[*ssa.BasicBlock]*region)
	for _, b := range fn.Blocks {
		if !guard[b] || out[b] != nil {
			continue
		}
		head := b
		for steps := 0; steps < len(fn.Blocks) && len(head.Preds) == 1 && guard[head.Preds[0]] && head.Preds[0] != b; steps++ {
			head = head.Preds[0]
		}
		if out[head] != nil {
			out[b] = out[head]
			continue
		}
		r := &region{blocks: make(map[*ssa.BasicBlock]bool), head: head}
		stack := []*ssa.BasicBlock{head}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if r.blocks[x] {
				continue
			}
			r.blocks[x] = true
			out[x] = r
			for _, s := range x.Succs {
				if guard[s] && len(s.Preds) == 1 {
					stack = append(stack, s)
				}
			}
		}
		for x := range r.blocks {
			for _, s := range x.Succs {
				if !r.blocks[s] {
					r.exits = append(r.exits, s)
				}
			}
		}
		sort.Slice(r.exits, func(i, j int) bool { return r.exits[i].Index < r.exits[j].Index })
	}
	c.regionMemo[key] = out
	return out
}

type regionKey struct {
	fn    *ssa.Function
	ctype string
	flags bool
}

// splits reports whether the region's exits divide into some from which
// to is reachable and some from which it is not (not passing through the
// region again, nor through avoid).
func (r *region) splits(to, avoid *ssa.BasicBlock) bool {
	yes, no := false, false
	for _, e := range r.exits {
		if r.reaches(e, to, avoid) {
			yes = true
		} else {
			no = true
		}
	}
	return yes && no
}

// reaches reports whether to can be reached from from without passing
// through the region again, nor through avoid (nil: none).
func (r *region) reaches(from, to, avoid *ssa.BasicBlock) bool {
	return reachable(from, to, func(x *ssa.BasicBlock) bool { return r.blocks[x] || x == avoid })
}

// unguarded reports whether target can run after start (nil: the
// function's entry) on a path that no change-dependent guard decides: it
// passes no guard region with exits from which target is reachable and
// exits from which it is not, and no such region before start confines
// start and target to the same exits. A deferred target counts when it is
// registered on the way or before start.
func (c *checker) unguarded(fn *ssa.Function, start, target ssa.Instruction, ctype string) bool {
	if fn == nil || len(fn.Blocks) == 0 || target == nil || target.Block() == nil {
		return false
	}
	sb, si := fn.Blocks[0], -1
	if start != nil {
		if start.Block() == nil {
			return false
		}
		sb, si = start.Block(), indexIn(start.Block(), start)
	}
	tb, ti := target.Block(), indexIn(target.Block(), target)
	regions := c.regions(fn, ctype, true)
	if start != nil && c.preGuarded(regions, sb, tb) {
		return false
	}
	if _, deferred := target.(*ssa.Defer); deferred && start != nil {
		if tb != sb && tb.Dominates(sb) || tb == sb && ti < si {
			return true
		}
	}
	if tb == sb && ti > si {
		return true
	}
	seen := make(map[*ssa.BasicBlock]bool)
	done := make(map[*region]bool)
	var queue []*ssa.BasicBlock
	follow := func(b *ssa.BasicBlock) {
		r := regions[b]
		if r == nil {
			queue = append(queue, b.Succs...)
			return
		}
		if done[r] {
			return
		}
		done[r] = true
		if r.splits(tb, sb) {
			return // this guard decides whether target runs
		}
		queue = append(queue, r.exits...)
	}
	follow(sb)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == tb {
			if b != sb || ti < si {
				return true
			}
			continue
		}
		if b == sb {
			continue // start runs again: that run is checked on its own
		}
		follow(b)
	}
	return false
}

// preGuarded reports whether a guard region before the start block
// confines start and target: its exits from which start is not reachable
// cannot reach target either, as with
// if !IsStatusConditionPresentAndEqual(...) { set; write }.
func (c *checker) preGuarded(regions map[*ssa.BasicBlock]*region, sb, tb *ssa.BasicBlock) bool {
	seen := make(map[*region]bool)
	for _, r := range regions {
		if seen[r] || r.blocks[sb] || !r.head.Dominates(sb) {
			continue
		}
		seen[r] = true
		if !r.splits(sb, nil) {
			continue
		}
		confined := true
		for _, e := range r.exits {
			if !r.reaches(e, sb, nil) && r.reaches(e, tb, nil) {
				confined = false
			}
		}
		if confined {
			return true
		}
	}
	return false
}
