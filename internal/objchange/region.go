package objchange

import "golang.org/x/tools/go/ssa"

// Region returns the instructions of a function that run after from and
// before to on some path that runs neither again in between: a loop that
// holds to but not from runs the rest of its body before its next pass
// (those count), and a branch that returns, or panics, without reaching
// to does not. The closures made in blocks on a path to to, or after it,
// are added wherever they are: they may be called in between.
func Region(from, to ssa.Instruction) []ssa.Instruction {
	type seg struct {
		b      *ssa.BasicBlock
		lo, hi int  // the instructions b.Instrs[lo:hi]
		next   bool // runs on into b's successors
		reach  bool // reaches to
	}
	segs := make(map[*ssa.BasicBlock]*seg) // entered at the block's start
	walk := func(b *ssa.BasicBlock, lo int) *seg {
		s := &seg{b: b, lo: lo, hi: len(b.Instrs), next: true}
		for i := lo; i < len(b.Instrs); i++ {
			if b.Instrs[i] == to || b.Instrs[i] == from {
				s.hi, s.next, s.reach = i, false, b.Instrs[i] == to
				break
			}
		}
		return s
	}
	first := walk(from.Block(), index(from)+1)
	work := []*seg{first}
	all := []*seg{first}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if !s.next {
			continue
		}
		for _, succ := range s.b.Succs {
			if segs[succ] == nil {
				segs[succ] = walk(succ, 0)
				work = append(work, segs[succ])
				all = append(all, segs[succ])
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, s := range all {
			if s.reach || !s.next {
				continue
			}
			for _, succ := range s.b.Succs {
				if segs[succ].reach {
					s.reach, changed = true, true
					break
				}
			}
		}
	}
	var out []ssa.Instruction
	in := make(map[ssa.Instruction]bool)
	for _, s := range all {
		if s.reach {
			for _, instr := range s.b.Instrs[s.lo:s.hi] {
				out, in[instr] = append(out, instr), true
			}
		}
	}
	// Closures: those made in a block that reaches to, or that to reaches.
	near := make(map[*ssa.BasicBlock]bool)
	var mark func(b *ssa.BasicBlock, forward bool)
	mark = func(b *ssa.BasicBlock, forward bool) {
		if near[b] {
			return
		}
		near[b] = true
		next := b.Preds
		if forward {
			next = b.Succs
		}
		for _, n := range next {
			mark(n, forward)
		}
	}
	mark(to.Block(), false)
	delete(near, to.Block())
	mark(to.Block(), true)
	for _, b := range to.Parent().Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.MakeClosure); ok && near[b] && !in[instr] {
				out = append(out, instr)
			}
		}
	}
	return out
}

// index returns where instr is in its block.
func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}
