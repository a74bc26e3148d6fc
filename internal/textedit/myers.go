package textedit

// This file computes a minimal line-level edit script with the algorithm
// of E. W. Myers, "An O(ND) Difference Algorithm and Its Variations"
// (Algorithmica 1, 1986), in its linear-space form: find the "middle snake"
// of an optimal path by searching forward from the start and backward from
// the end at once, then recurse on the two halves. Time is O((N+M)D) for
// D differing lines, which is what makes diffs of large files with a few
// changes cheap, and space is O(N+M), so very different files cannot
// exhaust memory the way a trace-keeping variant would.
//
// Terminology: positions in the edit graph are points (x, y) meaning "the
// first x lines of a and the first y lines of b have been consumed". A
// move right deletes a[x], a move down inserts b[y], and a diagonal move
// (free) matches a[x] == b[y]. Diagonal k holds the points with x-y == k.

// change says that the old lines [a0, a1) were replaced by the new lines
// [b0, b1). At least one of the ranges is non-empty.
type change struct {
	a0, a1, b0, b1 int
}

// lineChanges returns the changes of a minimal edit script turning the
// lines a into the lines b, in increasing order and separated by at least
// one unchanged line.
func lineChanges(a, b []string) []change {
	// Files diffed by the driver are mostly unchanged. Trimming the common
	// prefix and suffix with plain string comparisons first means the
	// hashing below, the dominant cost for a large file with a few
	// changes, only sees the region around the edits.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	changes := middleChanges(a[pre:len(a)-suf], b[pre:len(b)-suf])
	for i := range changes {
		c := &changes[i]
		c.a0 += pre
		c.a1 += pre
		c.b0 += pre
		c.b1 += pre
	}
	return changes
}

// middleChanges is lineChanges without the prefix and suffix trimming.
func middleChanges(a, b []string) []change {
	// Compare small integers rather than strings in the inner loops.
	ids := make(map[string]int32, len(a)+len(b))
	intern := func(lines []string) []int32 {
		out := make([]int32, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = int32(len(ids))
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	ai, bi := intern(a), intern(b)

	inA := make([]bool, len(ids))
	inB := make([]bool, len(ids))
	for _, id := range ai {
		inA[id] = true
	}
	for _, id := range bi {
		inB[id] = true
	}

	// A line that does not occur in the other text can never be matched,
	// so it is certainly deleted (or inserted). Removing such lines before
	// running Myers keeps the result minimal (the longest common
	// subsequence is unchanged) but shrinks the problem, which turns the
	// worst case, two completely different files, into linear time.
	d := &differ{
		a:    make([]int32, 0, len(a)),
		b:    make([]int32, 0, len(b)),
		aIdx: make([]int, 0, len(a)),
		bIdx: make([]int, 0, len(b)),
		del:  make([]bool, len(a)),
		ins:  make([]bool, len(b)),
	}
	for i, id := range ai {
		if inB[id] {
			d.a = append(d.a, id)
			d.aIdx = append(d.aIdx, i)
		} else {
			d.del[i] = true
		}
	}
	for j, id := range bi {
		if inA[id] {
			d.b = append(d.b, id)
			d.bIdx = append(d.bIdx, j)
		} else {
			d.ins[j] = true
		}
	}
	scratch := len(d.a) + len(d.b) + 1
	d.vf = make([]int, scratch)
	d.vr = make([]int, scratch)
	d.compare(0, len(d.a), 0, len(d.b))

	// Turn the per-line flags into runs. Unchanged lines of a and b are in
	// one-to-one correspondence, in order, so skipping them in lockstep
	// keeps i and j aligned.
	var changes []change
	i, j := 0, 0
	for {
		for i < len(a) && j < len(b) && !d.del[i] && !d.ins[j] {
			i++
			j++
		}
		if i == len(a) && j == len(b) {
			return changes
		}
		c := change{a0: i, b0: j}
		for i < len(a) && d.del[i] {
			i++
		}
		for j < len(b) && d.ins[j] {
			j++
		}
		c.a1, c.b1 = i, j
		if c.a0 == c.a1 && c.b0 == c.b1 {
			// Unreachable for a consistent script (the unchanged lines
			// ran out on one side only). Rather than loop forever or
			// panic, report everything left as changed, which is still
			// a correct script.
			c.a1, c.b1 = len(a), len(b)
			return append(changes, c)
		}
		changes = append(changes, c)
	}
}

// differ holds the state of one Myers diff: the (filtered) sequences, the
// maps from their indexes back to original line numbers, the output flags,
// and scratch space for the furthest-reaching vectors, reused by every
// level of the recursion because each level is done with it before it
// recurses.
type differ struct {
	a, b       []int32
	aIdx, bIdx []int  // original line number of a[i], b[j]
	del, ins   []bool // indexed by original line number
	vf, vr     []int  // forward and reverse vectors, indexed by diagonal
}

// compare marks the deleted lines of a[aLo:aHi] and inserted lines of
// b[bLo:bHi] for a minimal edit script between them.
func (d *differ) compare(aLo, aHi, bLo, bHi int) {
	for {
		// Common prefixes and suffixes are matched by every optimal
		// script's equivalent; trimming them is cheap and guarantees the
		// split below has at least two differences to divide.
		for aLo < aHi && bLo < bHi && d.a[aLo] == d.b[bLo] {
			aLo++
			bLo++
		}
		for aLo < aHi && bLo < bHi && d.a[aHi-1] == d.b[bHi-1] {
			aHi--
			bHi--
		}
		switch {
		case aLo == aHi:
			for j := bLo; j < bHi; j++ {
				d.ins[d.bIdx[j]] = true
			}
			return
		case bLo == bHi:
			for i := aLo; i < aHi; i++ {
				d.del[d.aIdx[i]] = true
			}
			return
		}

		x, y := d.split(d.a[aLo:aHi], d.b[bLo:bHi])
		if (x == 0 && y == 0) || (x == aHi-aLo && y == bHi-bLo) {
			// A split that does not shrink the problem would recurse
			// forever. The middle snake never lies at an end once the
			// prefix and suffix are trimmed, but if that reasoning were
			// ever wrong, a correct (if not minimal) script is better than
			// a hang: replace everything.
			for i := aLo; i < aHi; i++ {
				d.del[d.aIdx[i]] = true
			}
			for j := bLo; j < bHi; j++ {
				d.ins[d.bIdx[j]] = true
			}
			return
		}
		d.compare(aLo, aLo+x, bLo, bLo+y)
		// Handle the second half by iteration, not recursion.
		aLo, bLo = aLo+x, bLo+y
	}
}

// split returns a point (x, y) that lies on some minimal path through the
// edit graph of a and b, such that the optimal costs of the two halves,
// (0,0)→(x,y) and (x,y)→(N,M), are each about half of the total. a and b
// must be non-empty and differ in their first and in their last element.
//
// vf[k] is the furthest x on diagonal k that the forward search reaches
// with d differences; vr[k] is the smallest x on diagonal k from which the
// end is reachable with d differences. Both searches advance one
// difference at a time; the first time the two meet on a diagonal, the
// meeting point is on an optimal path (Myers, Lemma 3).
//
// Unlike the textbook presentation, diagonals are clamped to the ones that
// intersect the grid, [-M, N], and a move that would leave the grid (down
// from the bottom row, right from the last column) is clamped to the end
// of the target diagonal. The clamp is sound because the cost from the
// start to a point never decreases along a diagonal (dropping a line from
// both a prefix of a and a prefix of b cannot increase their distance), and
// symmetrically for the cost to the end. This keeps every stored value a
// real point, so the overlap tests never compare points outside the grid.
func (d *differ) split(a, b []int32) (x, y int) {
	n, m := len(a), len(b)
	off := m // index of diagonal 0; diagonal k is at off+k
	vf, vr := d.vf[:n+m+1], d.vr[:n+m+1]
	delta := n - m
	// The forward and reverse paths meet after an odd total number of
	// differences exactly when delta is odd, so only one direction needs to
	// check for overlap.
	odd := delta&1 != 0

	for D := 0; D <= n+m; D++ {
		// Forward search: diagonals -D..D with the parity of D.
		lo, hi := max(-D, -m), min(D, n)
		if (lo+D)&1 != 0 {
			lo++
		}
		for k := lo; k <= hi; k += 2 {
			if D == 0 {
				x = 0
			} else {
				// Come down from diagonal k+1 or right from k-1,
				// whichever gets further. A neighbour is usable only if
				// the previous round computed it.
				x = -1
				if k != D && k != n {
					x = vf[off+k+1]
				}
				if k != -D && k != -m {
					x = max(x, vf[off+k-1]+1)
				}
				x = min(x, n, m+k)
			}
			y = x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			vf[off+k] = x
			// The reverse round D-1 computed diagonals
			// delta-(D-1)..delta+(D-1) (clamped to the grid).
			if odd && delta-(D-1) <= k && k <= delta+(D-1) && x >= vr[off+k] {
				return x, y
			}
		}

		// Reverse search: diagonals delta-D..delta+D with the parity of
		// delta+D.
		lo, hi = max(delta-D, -m), min(delta+D, n)
		if (lo-delta-D)&1 != 0 {
			lo++
		}
		for k := lo; k <= hi; k += 2 {
			if D == 0 {
				x = n
			} else {
				// Go back up from diagonal k-1 or left from k+1,
				// whichever gets further back.
				x = n + 1
				if k != delta-D && k != -m {
					x = vr[off+k-1]
				}
				if k != delta+D && k != n {
					x = min(x, vr[off+k+1]-1)
				}
				x = max(x, 0, k)
			}
			y = x - k
			for x > 0 && y > 0 && a[x-1] == b[y-1] {
				x--
				y--
			}
			vr[off+k] = x
			// The forward round D computed diagonals -D..D.
			if !odd && -D <= k && k <= D && x <= vf[off+k] {
				return x, y
			}
		}
	}
	// Unreachable: the searches meet by D = (n+m+1)/2. Returning the
	// start makes compare fall back to a correct, non-minimal script.
	return 0, 0
}
