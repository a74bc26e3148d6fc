package statuswrites

import (
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// The analysis of one function walks its control-flow graph with, on each
// path, the number of status writes of each object so far. Where paths
// meet, the larger count is kept, so a count of two means that some path
// writes twice: two writes on the two branches of an if never add up, and a
// write followed by a return ends its path. A loop adds up a write of an
// object that outlives the iteration, and forgets one whose object (or
// whose key) is made anew by the iteration. A function's summary is what it
// writes on the paths that return normally, for its callers to add at the
// call; paths that return an error other than the write's own are left
// out, as their callers return too. An error returned as a phi is told
// apart by the edge each path came in by (enterPhis).

// event is one step that writes status in the function analysed: a write,
// a call of a function that writes, or a deferred one.
type event struct {
	node    ast.Node // the call (of a deferred call too)
	through []step   // the callees down to the write, for a call of a writer
	at      string   // file:line of the write, for a call of a writer
	name    string   // the object, as messages name it
	// raw is the object's pointer, before Get's keys are followed, where
	// known: two writes with the same raw send the same pointer.
	raw ident
	// elem is set for a loop's write of an element of a container the
	// function builds: the event writes an object put in it (see
	// elements.go).
	elem *elemInfo
}

// step is one callee on the way to a write: a function of the package, or
// the name of another package's, from its fact.
type step struct {
	fn   *ssa.Function
	name string
}

// contrib is what an event adds to the count of one object.
type contrib struct {
	id ident
	n  uint8
	ev *event
	// guard is set for a call of a helper that writes only when a
	// condition check fails (see guard.go).
	guard *guardSig
	// when is what the callee's results say whenever it wrote (see
	// outcome.go).
	when []Answer
	// dup is set for a loop's write of an element when the object is in
	// the container twice: the loop writes it twice by itself.
	dup bool
	// sent is set for an Update of the status: its answer is the status
	// sent (see held.go).
	sent bool
}

type entry struct {
	n     uint8
	first *event
	// last is the guard of the object's latest write on the path.
	last *guardSig
	// vias are the loops' writes of elements already counted on the
	// path: a loop writes each object in its container once, not once
	// per pass. Never appended to in place.
	vias []*event
	// holds is what the status holds on every path that wrote it (see
	// held.go).
	holds held
}

type state struct {
	counts  map[ident]entry
	pending []*ssa.Defer       // deferred calls, in the order deferred
	goes    []*ssa.Go          // goroutines started and not yet waited for (see joined.go)
	facts   map[ssa.Value]bool // outcomes of conditions tested again later
	// nils are the local variables (such as a named error result) whose
	// last store on the path was nil: a deferred function that writes only
	// when the reconcile fails does not write when it returns nil.
	nils map[ssa.Value]bool
	// known is what the objects' status fields hold on every path (see
	// held.go).
	known map[ident]held
}

func (s *state) clone() *state {
	return &state{
		counts:  maps.Clone(s.counts),
		pending: slices.Clone(s.pending),
		goes:    slices.Clone(s.goes),
		facts:   maps.Clone(s.facts),
		nils:    maps.Clone(s.nils),
		known:   maps.Clone(s.known),
	}
}

// factKey identifies the states that may be joined: those that agree on
// the conditions tracked.
func (s *state) factKey(order map[ssa.Value]int) string {
	var parts []string
	for v, b := range s.facts {
		parts = append(parts, strconv.Itoa(order[v])+"="+strconv.FormatBool(b))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// join merges t into s, keeping for each object the larger count; it
// reports whether s changed.
func (s *state) join(t *state) bool {
	changed := false
	for id, e := range t.counts {
		old, ok := s.counts[id]
		if ok {
			// What both kinds of paths that wrote hold.
			e.holds = e.holds.meet(old.holds)
			if len(e.holds.vals) < len(old.holds.vals) {
				old.holds = e.holds
				s.counts[id] = old
				changed = true
			}
		}
		if !ok || e.n > old.n || (e.n == old.n && earlier(e.first, old.first)) {
			e.vias = unionEvents(e.vias, old.vias)
			s.counts[id] = e
			changed = true
		} else if vias := unionEvents(old.vias, e.vias); len(vias) != len(old.vias) {
			old.vias = vias
			s.counts[id] = old
			changed = true
		}
	}
	for id, h := range s.known {
		m := h.meet(t.known[id])
		if len(m.vals) < len(h.vals) {
			s.known[id] = m
			changed = true
		}
	}
	if addNew(&s.pending, t.pending...) {
		changed = true
	}
	if addNew(&s.goes, t.goes...) {
		changed = true
	}
	for k := range s.nils {
		if !t.nils[k] {
			delete(s.nils, k)
			changed = true
		}
	}
	return changed
}

// addNew appends to *list the items of add it lacks, in order, and
// reports whether it appended any.
func addNew[T comparable](list *[]T, add ...T) bool {
	added := false
	for _, x := range add {
		if !slices.Contains(*list, x) {
			*list = append(*list, x)
			added = true
		}
	}
	return added
}

// unionEvents returns a with the events of b it lacks, a new slice when
// it adds any.
func unionEvents(a, b []*event) []*event {
	out := a
	for _, ev := range b {
		if !slices.Contains(out, ev) {
			out = append(slices.Clip(out), ev)
		}
	}
	return out
}

func earlier(a, b *event) bool {
	if a == nil || a.node == nil {
		return false
	}
	return b == nil || b.node == nil || a.node.Pos() < b.node.Pos()
}

// finding is an event that writes an object a second time.
type finding struct {
	second, first *event
	id            ident
	dup           bool // the object is twice in the container the loop of second writes
}

// summary is what a function writes on the paths that return normally,
// for objects its caller can name: parameters, free variables, globals.
type summary map[ident]sumEntry

type sumEntry struct {
	n       uint8
	through []step
	at      string
	name    string
	when    []Answer // what the results say on every path that wrote
}

// result is the analysis of one function.
type result struct {
	summary  summary
	findings []finding
}

// fnInfo holds what the analysis of a function computes once.
type fnInfo struct {
	keys     map[ident]ident
	contribs map[ssa.Instruction][]contrib
	tracked  map[ssa.Value]int // conditions tested twice, numbered
	// errPhis are the error values returned that join several (see
	// returnedErrPhis); each is tracked too, its fact saying whether it
	// is nil on the path, which the edge the path came in by tells.
	errPhis map[*ssa.Phi]bool
}

func (c *checker) info(fn *ssa.Function) *fnInfo {
	if fi, ok := c.infos[fn]; ok {
		return fi
	}
	fi := &fnInfo{keys: c.getKeys(fn), contribs: make(map[ssa.Instruction][]contrib)}
	c.infos[fn] = fi
	fi.tracked = trackedConditions(fn)
	fi.errPhis = returnedErrPhis(fn)
	for phi := range fi.errPhis {
		if _, ok := fi.tracked[phi]; !ok {
			fi.tracked[phi] = len(fi.tracked) + 1
		}
	}
	return fi
}

// returnedErrPhis returns the phis, at most maxTracked, that a return of fn
// gives as its error, directly or through other such phis: an error kept
// for the end (var notReady error; if ... { notReady = errors.New(...) };
// ...; return notReady) is nil on some paths, and a caller that stops on
// the error goes on from those (kserve's TrainedModel reconciler).
func returnedErrPhis(fn *ssa.Function) map[*ssa.Phi]bool {
	out := make(map[*ssa.Phi]bool)
	var add func(v ssa.Value)
	add = func(v ssa.Value) {
		phi, ok := v.(*ssa.Phi)
		if !ok || out[phi] || len(out) >= maxTracked {
			return
		}
		out[phi] = true
		for _, e := range phi.Edges {
			add(e)
		}
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !crmodel.IsError(res.At(res.Len()-1).Type()) {
		return out
	}
	for _, v := range valueflow.Results(fn, res.Len()-1) {
		add(v)
	}
	return out
}

// enterPhis records in s, as the path enters block to from block from,
// whether each error phi of to is nil: it is when the edge brings nil, or
// a phi known to be nil on the path.
func enterPhis(fi *fnInfo, from, to *ssa.BasicBlock, s *state) {
	i := slices.Index(to.Preds, from)
	if i < 0 {
		return
	}
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		if !fi.errPhis[phi] || i >= len(phi.Edges) {
			continue
		}
		e := phi.Edges[i]
		if ep, ok := e.(*ssa.Phi); isNil(e) || ok && fi.errPhis[ep] && s.facts[ep] {
			s.facts[phi] = true
		} else {
			delete(s.facts, phi)
		}
	}
}

// maxTracked bounds the conditions whose outcomes the analysis keeps apart,
// so the states per block stay few.
const maxTracked = 4

// maxSteps bounds the work on one function; a function that needs more is
// given up on, without findings.
const maxSteps = 20000

// trackedConditions returns the conditions that two or more ifs of fn
// test, such as err in "if err != nil {...}; if err == nil {...}": paths
// that take both branches of the same question cannot run.
func trackedConditions(fn *ssa.Function) map[ssa.Value]int {
	count := make(map[ssa.Value]int)
	var order []ssa.Value
	for _, b := range fn.Blocks {
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			k, _, _ := condition(iff.Cond)
			if count[k] == 0 {
				order = append(order, k)
			}
			count[k]++
		}
	}
	out := make(map[ssa.Value]int)
	for _, k := range order {
		if count[k] >= 2 && len(out) < maxTracked {
			out[k] = len(out) + 1
		}
	}
	return out
}

// condition normalises an if's condition to the value it asks about and
// the answer on its true edge: x for x, !x and x == nil / x != nil (then
// the question is "is x nil").
func condition(v ssa.Value) (key ssa.Value, onTrue bool, nilTest bool) {
	onTrue = true
	for {
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.NOT {
			v, onTrue = u.X, !onTrue
			continue
		}
		break
	}
	if b, ok := v.(*ssa.BinOp); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
		x := b.X
		if isNil(x) {
			x = b.Y
		} else if !isNil(b.Y) {
			return v, onTrue, false
		}
		if b.Op == token.NEQ {
			onTrue = !onTrue
		}
		return x, onTrue, true
	}
	return v, onTrue, false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// analyze runs the analysis of fn, once; a function reached again while
// it is analysed (recursion) counts as writing nothing.
func (c *checker) analyze(fn *ssa.Function) *result { return c.analyzeAssuming(fn, nil) }

// analyzeAssuming analyzes a function literal knowing that the variables
// its free variables nilVars (by index) point to hold nil when it runs.
func (c *checker) analyzeAssuming(fn *ssa.Function, nilVars []int) *result {
	key := resultKey{fn, fmt.Sprint(nilVars)}
	if r, ok := c.results[key]; ok {
		if r == nil {
			return &result{}
		}
		return r
	}
	c.results[key] = nil
	r := c.flow(fn, nilVars)
	c.results[key] = r
	return r
}

type resultKey struct {
	fn      *ssa.Function
	nilVars string
}

type work struct {
	block int
	key   string
}

func (c *checker) flow(fn *ssa.Function, nilVars []int) *result {
	res := &result{summary: make(summary)}
	if len(fn.Blocks) == 0 {
		return res
	}
	fi := c.info(fn)
	in := make([]map[string]*state, len(fn.Blocks))
	start := &state{counts: map[ident]entry{}, facts: map[ssa.Value]bool{}, nils: map[ssa.Value]bool{}, known: map[ident]held{}}
	for _, i := range nilVars {
		if i >= 0 && i < len(fn.FreeVars) {
			start.nils[fn.FreeVars[i]] = true
		}
	}
	in[0] = map[string]*state{"": start}
	queue := []work{{0, ""}}
	queued := map[work]bool{{0, ""}: true}
	seen := make(map[token.Pos]bool) // findings, by the position of their event
	found := func(f finding) {
		if k := f.second.node.Pos(); !seen[k] {
			seen[k] = true
			res.findings = append(res.findings, f)
		}
	}
	propagate := func(from, to *ssa.BasicBlock, s *state) {
		if len(fi.errPhis) > 0 {
			s = s.clone()
			enterPhis(fi, from, to, s)
		}
		k := s.factKey(fi.tracked)
		if in[to.Index] == nil {
			in[to.Index] = make(map[string]*state)
		}
		if old := in[to.Index][k]; old == nil {
			in[to.Index][k] = s
		} else if !old.join(s) {
			return
		}
		w := work{to.Index, k}
		if !queued[w] {
			queued[w] = true
			queue = append(queue, w)
		}
	}
	apply := func(s *state, cs []contrib) {
		for _, ct := range cs {
			e := s.counts[ct.id]
			if ct.ev.elem != nil {
				if slices.Contains(e.vias, ct.ev) {
					continue // the loop's write of this object, counted once
				}
				if ct.dup && ct.ev.node != nil {
					found(finding{second: ct.ev, first: ct.ev, id: ct.id, dup: true})
				}
				if ct.n == 0 {
					continue // in the container on some paths only
				}
				e.vias = append(slices.Clip(e.vias), ct.ev)
			}
			if e.n >= 1 && ct.guard.same(e.last) {
				// The same check as the latest write: the condition
				// that write set is there, so this call writes nothing.
				continue
			}
			e.last = ct.guard
			e.holds = held{}
			if ct.sent {
				e.holds = s.known[ct.id]
			}
			if e.n >= 1 && ct.n >= 1 && ct.ev.node != nil {
				found(finding{second: ct.ev, first: e.first, id: ct.id})
			}
			if e.n == 0 {
				e.first = ct.ev
			}
			e.n = min(e.n+ct.n, 7)
			s.counts[ct.id] = e
		}
	}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > maxSteps {
			return &result{summary: make(summary)}
		}
		w := queue[0]
		queue = queue[1:]
		queued[w] = false
		b := fn.Blocks[w.block]
		s := in[w.block][w.key].clone()
	instrs:
		for _, instr := range b.Instrs {
			c.trackHeld(fn, s, instr)
			if v, ok := instr.(ssa.Value); ok {
				kill(s, v, "")
				if phi, ok := v.(*ssa.Phi); !ok || !fi.errPhis[phi] {
					delete(s.facts, v) // an error phi's was set on the way in
				}
			}
			switch instr := instr.(type) {
			case *ssa.Store:
				ab, as := valueflow.AccessPath(instr.Addr, nil)
				kill(s, ab, as)
				if isNil(instr.Val) {
					s.nils[instr.Addr] = true
				} else {
					delete(s.nils, instr.Addr)
				}
			case *ssa.Defer:
				addNew(&s.pending, instr)
			case *ssa.RunDefers:
				for i := len(s.pending) - 1; i >= 0; i-- {
					apply(s, c.deferredContribs(fn, s.pending[i], s.nils))
				}
				s.pending = nil
			case *ssa.Go:
				if _, ok := c.goGroup(instr); ok {
					addNew(&s.goes, instr)
				}
			case *ssa.Call:
				for _, g := range c.joinedAt(instr, s) {
					apply(s, c.callContribs(fn, g))
				}
				apply(s, c.contribsOf(fn, instr))
			case *ssa.Return:
				if c.returnsNormally(fn, instr, s) {
					c.summarize(fn, s, res.summary, instr)
				}
				break instrs
			case *ssa.Panic:
				break instrs
			case *ssa.Jump:
				propagate(b, b.Succs[0], s)
			case *ssa.If:
				c.branch(fn, fi, instr, s, propagate)
			}
		}
	}
	sort.SliceStable(res.findings, func(i, j int) bool {
		return res.findings[i].second.node.Pos() < res.findings[j].second.node.Pos()
	})
	return res
}

// kill forgets the objects at paths under (base, sel): the value was made
// anew, or the memory holding them was overwritten.
func kill(s *state, base ssa.Value, sel string) {
	under := func(id ident) bool { return id.base == base && hasPrefix(id.sel, sel) }
	maps.DeleteFunc(s.counts, func(id ident, _ entry) bool { return under(id) })
	maps.DeleteFunc(s.known, func(id ident, _ held) bool { return under(id) })
}

// branch propagates s along an if's edges: only the edge consistent with a
// tracked condition's known outcome, and without the writes of a call on
// the edge where that call's error says it failed (a failed write wrote
// nothing: so a retry loop writes once).
func (c *checker) branch(fn *ssa.Function, fi *fnInfo, iff *ssa.If, s *state, propagate func(from, to *ssa.BasicBlock, s *state)) {
	b := iff.Block()
	k, onTrue, nilTest := condition(iff.Cond)
	_, tracked := fi.tracked[k]
	never := nilTest && bundleNonNil(k) // k is nil on no path (bundle.go)
	fid, fsel, fval, eqHolds, fieldTested := c.fieldTest(fn, iff.Cond)
	for i, succ := range b.Succs[:2] {
		answer := onTrue
		if i == 1 {
			answer = !onTrue
		}
		if never && answer {
			continue
		}
		if known, ok := s.facts[k]; tracked && ok && known != answer {
			continue // this path answered the question the other way
		}
		if fv := loadedFreeVar(k); nilTest && !answer && fv != nil && s.nils[fv] {
			continue // the variable holds nil
		}
		t := s.clone()
		if tracked {
			t.facts[k] = answer
		}
		if fieldTested && heldContradicts(t, fid, fsel, fval, (i == 0) == eqHolds) {
			// The paths that wrote the object hold another value:
			// those going on here wrote it no time.
			delete(t.counts, fid)
		}
		if nilTest && !answer {
			if call, _, ok := resultOf(k); ok {
				for _, ct := range c.contribsOf(fn, call) {
					uncount(t, ct)
				}
			}
		}
		// A call that writes only when its result says so (if !ok
		// { return }; if res != nil { return }) wrote nothing where the
		// result says otherwise. (Where a tested result is not nil, the
		// call's writes are already taken back above.)
		var call *ssa.Call
		var i int
		ok := false
		if !nilTest {
			call, i, ok = c.answered(k)
		} else if answer {
			call, i, ok = resultOf(k)
		}
		if ok {
			for _, ct := range c.contribsOf(fn, call) {
				if contradicts(ct.when, i, answer) {
					uncount(t, ct)
				}
			}
		}
		propagate(b, succ, t)
	}
}

// loadedFreeVar returns fv when v is a load *fv.
func loadedFreeVar(v ssa.Value) *ssa.FreeVar {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		fv, _ := u.X.(*ssa.FreeVar)
		return fv
	}
	return nil
}

// returnsNormally reports whether a return lets the caller go on: the
// function returns no error, or nil, or the error of a status write it
// made (a failed write wrote nothing; a caller that goes on after it wrote),
// or an error kept for the end that is nil on the path s took.
func (c *checker) returnsNormally(fn *ssa.Function, ret *ssa.Return, s *state) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !crmodel.IsError(res.At(res.Len()-1).Type()) || len(ret.Results) != res.Len() {
		return true
	}
	v := ret.Results[len(ret.Results)-1]
	if phi, ok := v.(*ssa.Phi); ok && c.info(fn).errPhis[phi] && s.facts[phi] {
		return true
	}
	return c.benignError(fn, v, 0)
}

func (c *checker) benignError(fn *ssa.Function, v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !c.benignError(fn, e, depth+1) {
				return false
			}
		}
		return true
	}
	if call, _, ok := resultOf(v); ok {
		return len(c.contribsOf(fn, call)) > 0
	}
	return false
}

// uncount takes what ct added back out of the counts of s.
func uncount(s *state, ct contrib) {
	if e, ok := s.counts[ct.id]; ok {
		if e.n <= ct.n {
			delete(s.counts, ct.id)
		} else {
			e.n -= ct.n
			s.counts[ct.id] = e
		}
	}
}

// summarize adds what s has written to the summary, for the objects a
// caller can name, with what the results of ret, where the path returns,
// say about each (see outcome.go).
func (c *checker) summarize(fn *ssa.Function, s *state, sum summary, ret *ssa.Return) {
	constants := c.answers(fn, ret)
	for id, e := range s.counts {
		if e.n == 0 || e.first == nil {
			continue
		}
		switch id.base.(type) {
		case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		default:
			continue
		}
		n := min(e.n, 2)
		answers := append(slices.Clip(constants), c.forwarded(fn, ret, id, e)...)
		when := answers
		if old, ok := sum[id]; ok {
			when = commonAnswers(old.when, answers)
			if old.n >= n {
				old.when = when
				sum[id] = old
				continue
			}
		}
		se := sumEntry{n: n, name: e.first.name, when: when}
		se.through = append([]step{{fn: fn}}, e.first.through...)
		se.at = e.first.at
		if se.at == "" && e.first.node != nil {
			se.at = c.position(e.first.node.Pos())
		}
		sum[id] = se
	}
}
