package conditions

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// A status write after an ignored SetStatusCondition result is redundant
// only when nothing else changed the status on the way: the finding, and
// even more so a fix that guards the write with the conditions' result
// alone, must know every other mutation of the written object's status.
// This file finds them: stores into fields under the status, calls that
// get a pointer into the object, and the same inside the package's own
// functions that the object is handed to, in the callers that hand it
// over and in closures that capture it.

// mutationKind orders what the other mutations of a status mean for the
// finding, from harmless to disqualifying.
type mutationKind int

const (
	// noMutation: nothing but the conditions calls changes the status.
	noMutation mutationKind = iota
	// fieldMutation: status fields are assigned values that can repeat
	// from one reconcile to the next (observedGeneration = generation):
	// the write can still be redundant, but guarding it with the
	// conditions' result alone would drop those changes.
	fieldMutation
	// alwaysMutation: the status changes on every reconcile (a timestamp
	// from the clock; a condition removed and set again, whose
	// LastTransitionTime is new each time): the write is never redundant.
	alwaysMutation
	// opaqueMutation: a function whose effect cannot be seen gets a
	// pointer into the object (an API type's method such as MarkRun(now),
	// another package's function, an interface method): the pass cannot
	// tell that nothing changed.
	opaqueMutation
)

// mutation is the strongest other mutation found and where it is.
type mutation struct {
	kind mutationKind
	pos  token.Pos
	what string // for messages: "Status.ObservedGeneration is assigned"
	// every is the strongest change made on every path through the
	// instruction: kind for a store, and for a call of a package function
	// the strongest change of its least changing path. A helper that
	// stamps the time only when it creates a child (kind alwaysMutation)
	// lets the steady state through (every fieldMutation at most).
	every mutationKind
}

// merge adds o, made on the same path as m: kind is the strongest, and so
// is every.
func (m *mutation) merge(o mutation) {
	every := max(m.every, o.every)
	if o.kind > m.kind {
		*m = o
	}
	m.every = every
}

// atOnce returns m made by one instruction: the same on every path.
func (m mutation) atOnce() mutation {
	m.every = m.kind
	return m
}

// steadyChange is a change on the way to the write that makes the status
// hold what it held after the last reconcile (Status.Version computed
// from the spec): for the message, so that a reader can check the
// judgement.
type steadyChange struct {
	pos  token.Pos
	what string // "Status.Version is computed from the spec"
}

// around is what the paths through a SetStatusCondition call do to the
// object's status, in the function and in the callers that hand the
// object over.
type around struct {
	// all is the strongest change on any path: it decides the fix, which
	// must keep every change the code meant to write.
	all mutation
	// steadyPath: some path through the call, from the reconcile's entry
	// to its return, makes no change that differs from one reconcile to
	// the next (the clock, a counter, something the pass cannot read).
	// That is the path the steady state can take, and on it the write
	// sends what was loaded.
	steadyPath bool
	// via are the calls, in the callers, that lie on such a path; mixed
	// says that some other call of the function does not.
	via   []site
	mixed bool
	// steadyCalls are the callers' calls on a steady path, at every
	// level up, whether or not others are not.
	steadyCalls map[ssa.CallInstruction]bool
	// steady are the changes on the way that repeat in the steady state.
	steady []steadyChange
}

// otherMutations judges the changes of obj's status, other than by the
// finding's own SetStatusCondition calls, on the paths through set in fn:
// in fn itself, in the package functions and closures obj is handed to,
// and, when obj is fn's parameter or free variable, in the callers around
// the call of fn. Each path is judged on its own: a helper called from
// the "created", "updated" and "already as wanted" branches of a
// sub-reconcile is redundant on the last, whatever the others stamp.
func (c *checker) otherMutations(fn *ssa.Function, set ssa.CallInstruction, obj ssa.Value, ctype string) around {
	return c.mutationsAround(fn, set, obj, ctype, 0)
}

func (c *checker) mutationsAround(fn *ssa.Function, at ssa.Instruction, obj ssa.Value, ctype string, depth int) around {
	var a around
	before, after := blocksAround(at.Block())
	atIdx := indexIn(at.Block(), at)
	blocked := deletingBlocks(fn, obj)
	for b := range c.createBlocks(fn) {
		blocked[b] = true
	}
	for b := range c.conditionalWrites(fn) {
		blocked[b] = true
	}
	var steady []steadyChange
	for _, b := range fn.Blocks {
		if !before[b] && !after[b] && b != at.Block() {
			continue // another branch
		}
		var inBlock []steadyChange
		bad := false
		for i, instr := range b.Instrs {
			if instr == at {
				continue
			}
			if depth > 0 && c.setsOtherwise(at, instr) {
				// The same condition set to other values on the path:
				// whichever runs last is what the next reconcile loads,
				// and every set before it changes the status.
				bad = true
				continue
			}
			mm := c.mutationOf(instr, obj, ctype, depth)
			precedes := before[b] || b == at.Block() && i < atIdx
			if mm.kind == alwaysMutation && mm.what == removedAgain && !precedes {
				// Removed after the set: an ordinary change.
				mm.kind, mm.what, mm.every = fieldMutation, "a condition is removed", fieldMutation
			}
			a.all.merge(mm)
			if mm.every >= alwaysMutation {
				bad = true
			}
			if mm.kind == fieldMutation && mm.every == fieldMutation && mm.what != "" {
				inBlock = append(inBlock, steadyChange{mm.pos, mm.what})
			}
		}
		blocked[b] = blocked[b] || bad
		if !blocked[b] {
			steady = append(steady, inBlock...)
		}
	}
	a.steadyPath = pathThrough(fn, at.Block(), blocked)
	a.steady = steady
	if depth >= 3 {
		return a
	}
	switch obj.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
	default:
		return a
	}
	mapped, changing := false, false
	var steadySites []site
	for _, s := range c.sites[fn] {
		if !c.res.Reachable(s.caller) {
			// Not in a reconcile (a watch handler's map function
			// that sets a condition): no path the steady state of a
			// reconcile takes.
			continue
		}
		v := mapInto(obj, s.call, s.mc, s.caller)
		if v == nil {
			continue
		}
		mapped = true
		up := c.mutationsAround(s.caller, s.call, objectOf(v), ctype, depth+1)
		a.all.merge(up.all)
		if up.steadyPath {
			if a.steadyCalls == nil {
				a.steadyCalls = make(map[ssa.CallInstruction]bool)
			}
			a.steadyCalls[s.call] = true
			for k := range up.steadyCalls {
				a.steadyCalls[k] = true
			}
			steadySites = append(steadySites, s)
			a.via = append(a.via, up.via...)
			a.steady = append(a.steady, up.steady...)
			a.mixed = a.mixed || up.mixed
		} else {
			changing = true
		}
	}
	if mapped && len(steadySites) == 0 {
		a.steadyPath = false
	}
	if changing {
		// Only where some calls change the status and others do not do
		// the calls on the steady path say more than the reconcile path.
		a.mixed = true
		a.via = append(a.via, steadySites...)
	}
	return a
}

// deletingBlocks returns the blocks of fn that run only while obj is being
// deleted: those dominated by the branch of an if on its deletion
// timestamp (GetDeletionTimestamp() != nil, !DeletionTimestamp.IsZero())
// that a deleted object takes. A live object's settled reconcile never
// takes them, and the finalizer's path sets its conditions once per
// deletion, so they are no steady path.
func deletingBlocks(fn *ssa.Function, obj ssa.Value) map[*ssa.BasicBlock]bool {
	out := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		ifi := endIf(b)
		if ifi == nil {
			continue
		}
		deleting, ok := deletionTest(ifi.Cond, obj, 0)
		if !ok {
			continue
		}
		succ := b.Succs[1]
		if deleting {
			succ = b.Succs[0]
		}
		for _, x := range fn.Blocks {
			if succ.Dominates(x) {
				out[x] = true
			}
		}
	}
	return out
}

// createBlocks returns the blocks of fn that create an object with the
// client (Create, not a status subresource's): in the steady state the
// objects a reconcile manages exist, so a path that creates one, whether
// the Create succeeds ("Created job x") or fails, is no steady path.
func (c *checker) createBlocks(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	out := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			fobj := reconcilepath.CalleeFunc(common)
			if fobj == nil || fobj.Name() != "Create" {
				continue
			}
			var recv types.Type
			if common.IsInvoke() {
				recv = common.Value.Type()
			} else if len(common.Args) > 0 {
				recv = common.Args[0].Type()
			}
			if recv != nil && c.res.Model.ClassifyMethod(fobj, recv) == crmodel.ObjectWrite {
				out[b] = true
			}
		}
	}
	return out
}

// conditionalWrites returns the blocks of fn that run only after the
// client updated or patched an object (not a status subresource)
// successfully, where that write is on some of fn's paths, not on all: in
// the steady state what the reconcile manages is as wanted, so the branch
// that follows updating a child because it differed ("the Deployment was
// updated") is no steady path. The branch where that update failed stays
// one (a persistent failure writes the same condition on every retry), and
// so does a write that every path takes, error returns aside: some
// operators update their children on every reconcile, and then that path
// is the steady one. The success branch is the one an if on the write's
// error takes for nil, and the blocks it dominates.
func (c *checker) conditionalWrites(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	if len(fn.Blocks) == 0 {
		return nil
	}
	var errExits map[*ssa.BasicBlock]bool
	out := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !c.objectUpdate(call) {
				continue
			}
			ok2 := successOf(call)
			if ok2 == nil || len(ok2.Preds) != 1 {
				continue // no branch of its own: the code after an if the write was in
			}
			if errExits == nil {
				errExits = errorExits(fn)
			}
			if b == fn.Blocks[0] || !searchBlocks(fn.Blocks[0], succs, returns, withBlock(errExits, b)) {
				continue // on every path
			}
			for _, x := range fn.Blocks {
				if ok2.Dominates(x) {
					out[x] = true
				}
			}
		}
	}
	return out
}

// successOf returns the block an if on call's error result takes when it
// is nil (if err := c.Update(...); err != nil {...}: the code after the
// if), or nil when its block ends in no such if.
func successOf(call *ssa.Call) *ssa.BasicBlock {
	b := call.Block()
	ifi := endIf(b)
	if ifi == nil {
		return nil
	}
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
		return nil
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		if k, isConst := pair[1].(*ssa.Const); !isConst || !k.IsNil() || pair[0] != ssa.Value(call) {
			continue
		}
		if bin.Op == token.NEQ {
			return b.Succs[1]
		}
		return b.Succs[0]
	}
	return nil
}

// endIf returns the if that ends b, a block with two successors (the
// first taken when its condition holds), or nil.
func endIf(b *ssa.BasicBlock) *ssa.If {
	n := len(b.Instrs)
	if n == 0 || len(b.Succs) != 2 {
		return nil
	}
	ifi, _ := b.Instrs[n-1].(*ssa.If)
	return ifi
}

// withBlock returns blocked with b added, as a new set.
func withBlock(blocked map[*ssa.BasicBlock]bool, b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	out := make(map[*ssa.BasicBlock]bool, len(blocked)+1)
	for x := range blocked {
		out[x] = true
	}
	out[b] = true
	return out
}

// errorExits returns the blocks of fn that run only when an error is not
// nil: the branch an if on err != nil (or err == nil) takes for it.
func errorExits(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	out := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		ifi := endIf(b)
		if ifi == nil {
			continue
		}
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			k, isConst := pair[1].(*ssa.Const)
			if !isConst || !k.IsNil() || !crmodel.IsError(pair[0].Type()) {
				continue
			}
			if bin.Op == token.NEQ {
				out[b.Succs[0]] = true
			} else {
				out[b.Succs[1]] = true
			}
		}
	}
	return out
}

// objectUpdate reports whether call updates or patches an object with
// controller-runtime's client, not its status.
func (c *checker) objectUpdate(call ssa.CallInstruction) bool {
	common := call.Common()
	fobj := reconcilepath.CalleeFunc(common)
	if fobj == nil || (fobj.Name() != "Update" && fobj.Name() != "Patch") {
		return false
	}
	var recv types.Type
	if common.IsInvoke() {
		recv = common.Value.Type()
	} else if len(common.Args) > 0 {
		recv = common.Args[0].Type()
	}
	return recv != nil && c.res.Model.ClassifyMethod(fobj, recv) == crmodel.ObjectWrite
}

// deletionTest reports whether cond tests obj's deletion timestamp, and
// if so whether true means the object is being deleted.
func deletionTest(cond ssa.Value, obj ssa.Value, depth int) (deleting, ok bool) {
	if depth > 4 {
		return false, false
	}
	switch x := cond.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			d, ok := deletionTest(x.X, obj, depth+1)
			return !d, ok
		}
	case *ssa.BinOp:
		if x.Op != token.NEQ && x.Op != token.EQL {
			return false, false
		}
		for _, pair := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			if c, isConst := pair[1].(*ssa.Const); isConst && c.IsNil() && deletionTimestamp(pair[0], obj) {
				return x.Op == token.NEQ, true
			}
		}
	case *ssa.Call:
		// DeletionTimestamp.IsZero(): true while the object lives.
		common := x.Common()
		if fn := common.StaticCallee(); fn != nil && fn.Name() == "IsZero" && len(common.Args) == 1 && deletionTimestamp(common.Args[0], obj) {
			return false, true
		}
	}
	return false, false
}

// deletionTimestamp reports whether v is obj's deletion timestamp: the
// DeletionTimestamp field of its metadata, or GetDeletionTimestamp().
func deletionTimestamp(v ssa.Value, obj ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if st := crmodel.StructOf(fa.X.Type()); st != nil && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == "DeletionTimestamp" {
				return objectOf(fa.X) == obj
			}
		}
	case *ssa.Call:
		common := x.Common()
		var recv ssa.Value
		var name string
		if common.IsInvoke() {
			recv, name = common.Value, common.Method.Name()
		} else if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(common.Args) > 0 {
			recv, name = common.Args[0], fn.Name()
		}
		return name == "GetDeletionTimestamp" && objectOf(recv) == obj
	}
	return false
}

// pathThrough reports whether some path of fn from its entry through at
// to a return avoids every blocked block (at's own block included).
func pathThrough(fn *ssa.Function, at *ssa.BasicBlock, blocked map[*ssa.BasicBlock]bool) bool {
	if blocked[at] || len(fn.Blocks) == 0 {
		return false
	}
	entry := fn.Blocks[0]
	fromEntry := searchBlocks(at, preds, func(x *ssa.BasicBlock) bool { return x == entry }, blocked)
	toReturn := searchBlocks(at, succs, returns, blocked)
	return fromEntry && toReturn
}

func preds(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Preds }
func succs(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs }

// searchBlocks reports whether a block that goal accepts can be reached
// from from, stepping by next, without entering a blocked block (from
// itself is not checked).
func searchBlocks(from *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock, goal func(*ssa.BasicBlock) bool, blocked map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{from: true}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if goal(x) {
			return true
		}
		for _, y := range next(x) {
			if !seen[y] && !blocked[y] {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return false
}

// returns reports whether b ends the function normally.
func returns(b *ssa.BasicBlock) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	return ok
}

// blocksAround returns the blocks from which b can be reached and those
// reachable from b (b itself among them only inside a loop).
func blocksAround(b *ssa.BasicBlock) (before, after map[*ssa.BasicBlock]bool) {
	walk := func(next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
		seen := make(map[*ssa.BasicBlock]bool)
		stack := append([]*ssa.BasicBlock(nil), next(b)...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !seen[x] {
				seen[x] = true
				stack = append(stack, next(x)...)
			}
		}
		return seen
	}
	before = walk(func(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Preds })
	after = walk(func(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Succs })
	return before, after
}

const removedAgain = "the condition is removed and set again, so it always changes"

// mutationOf classifies what instr does to obj's status.
func (c *checker) mutationOf(instr ssa.Instruction, obj ssa.Value, ctype string, depth int) mutation {
	switch instr := instr.(type) {
	case *ssa.Store:
		if objectOf(instr.Addr) != obj {
			return mutation{}
		}
		if _, isPtr := instr.Val.Type().Underlying().(*types.Pointer); isPtr && instr.Addr == obj {
			return mutation{} // the variable holding the object is bound, not the object changed
		}
		switch statusPath(instr.Addr) {
		case notStatus:
			return mutation{}
		case unknownPath:
			return mutation{kind: opaqueMutation, pos: instr.Pos(), what: "a field is assigned through an accessor"}.atOnce()
		}
		field := fieldName(instr.Addr)
		if why := c.changingValue(instr.Val, obj, field); why != "" {
			return mutation{kind: alwaysMutation, pos: instr.Pos(), what: field + " is assigned " + why}.atOnce()
		}
		return mutation{kind: fieldMutation, pos: instr.Pos(), what: field + " is " + steadySource(instr.Val, obj)}.atOnce()
	case *ssa.MapUpdate:
		if objectOf(instr.Map) != obj || statusPath(instr.Map) == notStatus {
			return mutation{}
		}
		if statusPath(instr.Map) == unknownPath {
			return mutation{kind: opaqueMutation, pos: instr.Pos(), what: "a map is changed through an accessor"}.atOnce()
		}
		field := fieldName(loadedFrom(instr.Map)) + "[...]"
		if why := c.changingValue(instr.Value, obj, ""); why != "" {
			return mutation{kind: alwaysMutation, pos: instr.Pos(), what: field + " is assigned " + why}.atOnce()
		}
		return mutation{kind: fieldMutation, pos: instr.Pos(), what: field + " is " + steadySource(instr.Value, obj)}.atOnce()
	case *ssa.MakeClosure:
		// A closure that captures the object may run anywhere it is
		// passed to: count what it does to the object. This follows the
		// object down, from this closure's bindings to its own free
		// variables, for the one closure made here; reach's Bindings and
		// StoresTo go up, from a free variable to what every making of
		// the closure binds, so there is nothing of reach's to use.
		fn, _ := instr.Fn.(*ssa.Function)
		if fn == nil || !c.inPkg[fn] || depth >= 3 {
			return mutation{}
		}
		var m mutation
		for i, b := range instr.Bindings {
			if objectOf(b) == obj && i < len(fn.FreeVars) {
				m.merge(c.mutationsIn(fn, fn.FreeVars[i], depth+1))
			}
		}
		return m
	case ssa.CallInstruction:
		return c.callMutation(instr, obj, ctype, depth)
	}
	return mutation{}
}

// callMutation classifies a call that may get a pointer into obj.
func (c *checker) callMutation(call ssa.CallInstruction, obj ssa.Value, ctype string, depth int) mutation {
	common := call.Common()
	args := common.Args
	method := common.IsInvoke()
	if method {
		args = append([]ssa.Value{common.Value}, args...)
	} else if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
		method = true
	}
	var m mutation
	for i, a := range args {
		if !refersInto(a.Type()) || objectOf(a) != obj || statusPath(a) == notStatus {
			continue // not a reference into the object's status (&obj.Spec, &obj.ObjectMeta)
		}
		m.merge(c.argMutation(call, i, method && i == 0, a, ctype, depth))
	}
	return m
}

// argMutation classifies what call does to its argument i, a pointer into
// the object (recv: the receiver).
func (c *checker) argMutation(call ssa.CallInstruction, i int, recv bool, arg ssa.Value, ctype string, depth int) mutation {
	common := call.Common()
	pos := call.Pos()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "copy", "clear":
			if i == 0 {
				return mutation{kind: fieldMutation, pos: pos, what: "a status field is changed by " + b.Name()}.atOnce()
			}
		}
		return mutation{} // append, len, cap: the store of append's result counts
	}
	fobj := reconcilepath.CalleeFunc(common)
	switch crmodel.ClassifyConditionFunc(fobj) {
	case crmodel.SetCondition, crmodel.CheckCondition:
		return mutation{} // the finding's own kind of change, or a read
	case crmodel.RemoveCondition:
		t := c.conditionType(call.Pos(), crmodel.CheckCondition)
		if ctype == "" || t == "" || t == ctype {
			return mutation{kind: alwaysMutation, pos: pos, what: removedAgain}.atOnce()
		}
		return mutation{kind: fieldMutation, pos: pos, what: "another condition is removed"}.atOnce()
	}
	if crmodel.IsEqualityFunc(fobj) {
		return mutation{}
	}
	// The package's own functions are read.
	if ces := c.callees(call); len(ces) > 0 {
		var m mutation
		for _, ce := range ces {
			p := paramAt(ce.fn, i)
			if depth >= 3 || p == nil {
				return mutation{kind: opaqueMutation, pos: pos, what: "the object is handed to " + ce.fn.Name() + ", too deep to follow"}.atOnce()
			}
			m.merge(c.mutationsIn(ce.fn, p, depth+1))
		}
		return m
	}
	if fobj != nil && fobj.Pkg() != nil {
		path := fobj.Pkg().Path()
		// controller-runtime's functions read or load objects, and change
		// metadata at most (controllerutil's finalizers and owner
		// references); the client's writes update the object from the
		// server's answer, which is no change of the caller's making.
		if strings.HasPrefix(path, "sigs.k8s.io/controller-runtime") || strings.Contains(path, "/vendor/sigs.k8s.io/controller-runtime") {
			return mutation{}
		}
	}
	if recv && fobj != nil {
		if readOnlyMethod(fobj) {
			return mutation{}
		}
	}
	if mi, ok := arg.(*ssa.MakeInterface); ok && objectInterface(mi.Type()) {
		return mutation{} // a logger, recorder or key function sees a runtime.Object
	}
	name := "a function"
	if fobj != nil {
		name = fobj.Name()
	}
	return mutation{kind: opaqueMutation, pos: pos, what: "the object is handed to " + name + ", whose changes cannot be seen"}.atOnce()
}

// mutationsIn returns what fn, a package function or closure, does to the
// object it gets as p (a parameter or free variable), memoized. The depth
// of the first request decides how far the memoized answer looked.
func (c *checker) mutationsIn(fn *ssa.Function, p ssa.Value, depth int) mutation {
	key := mutKey{fn, p}
	if m, ok := c.mutMemo[key]; ok {
		return m
	}
	c.mutMemo[key] = mutation{} // in progress: recursion adds nothing
	var m mutation
	blocked := make(map[*ssa.BasicBlock]bool)
	least := noMutation // the strongest change off the blocked blocks
	for _, b := range fn.Blocks {
		var inBlock mutation
		for _, instr := range b.Instrs {
			// Any condition type: where the function runs relative to
			// the set is not known.
			inBlock.merge(c.mutationOf(instr, p, "", depth))
		}
		m.merge(inBlock)
		if inBlock.every >= alwaysMutation {
			blocked[b] = true
		} else {
			least = max(least, inBlock.every)
		}
	}
	m.every = m.kind
	if len(fn.Blocks) > 0 && pathThrough(fn, fn.Blocks[0], blocked) {
		m.every = least
	}
	c.mutMemo[key] = m
	return m
}

type mutKey struct {
	fn *ssa.Function
	p  ssa.Value
}

// paramAt returns fn's parameter i (the receiver of a method is 0), or nil.
func paramAt(fn *ssa.Function, i int) *ssa.Parameter {
	if i >= 0 && i < len(fn.Params) {
		return fn.Params[i]
	}
	return nil
}

// objectOf returns the object whose memory v refers into: root, extended
// through element addresses, slicing, loads of fields that are themselves
// references (a slice, map or pointer shares the object's memory), phis
// that agree, and the results of accessors (a method with no other
// parameter whose result is a reference: obj.StatusBase()). It returns nil
// for a value copied out of the object.
//
// It is deliberately coarser than root (flow.go), which names the object a
// set or a write is of and must not take two objects for one: objectOf
// maps r.a and r.b, two objects held in fields of one struct, both to r,
// which for finding mutations errs on the side of seeing one too many
// (more silence), and for matching a set with a write would err on the
// side of a false finding.
func objectOf(v ssa.Value) ssa.Value {
	return objectAt(v, 0)
}

// objectAt is objectOf below depth nested phis; loops make phis refer to
// themselves, directly or through other phis.
func objectAt(v ssa.Value, depth int) ssa.Value {
	for i := 0; i < 64 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			switch x.X.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr:
				if !refersInto(x.Type()) {
					return nil // a copy of a value
				}
				v = x.X
			case *ssa.Alloc, *ssa.FreeVar, *ssa.Global:
				if _, isPtr := x.Type().Underlying().(*types.Pointer); !isPtr {
					return v
				}
				v = x.X
			default:
				return v
			}
		case *ssa.Phi:
			if depth >= 4 {
				return v
			}
			var same ssa.Value
			for _, e := range x.Edges {
				if e == x {
					continue // the loop's own value
				}
				o := objectAt(e, depth+1)
				if same != nil && o != same {
					return v
				}
				same = o
			}
			return same
		case *ssa.Call:
			if recv := accessorReceiver(x); recv != nil {
				v = recv
				continue
			}
			return v
		default:
			return v
		}
	}
	return v
}

// accessorReceiver returns the receiver of a call of a method that takes
// no other argument and returns a reference (obj.GetStatusConditions(),
// obj.StatusBase()), or nil.
func accessorReceiver(call *ssa.Call) ssa.Value {
	common := call.Common()
	if !refersInto(call.Type()) {
		return nil
	}
	if common.IsInvoke() {
		if len(common.Args) == 0 && !strings.HasPrefix(common.Method.Name(), "DeepCopy") {
			return common.Value
		}
		return nil
	}
	fn := common.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(common.Args) != 1 || strings.HasPrefix(fn.Name(), "DeepCopy") {
		return nil // a DeepCopy returns a new object
	}
	return common.Args[0]
}

// refersInto reports whether a value of type t can share memory with the
// object it came from.
func refersInto(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

// statusPathKind says where an address into an object points.
type statusPathKind int

const (
	inStatus    statusPathKind = iota // under a field named Status, or the whole object
	notStatus                         // under another field (metadata, spec)
	unknownPath                       // through an accessor's result
)

// statusPath reports where addr, a value that objectOf maps to an object,
// points: its innermost field of the object decides.
func statusPath(addr ssa.Value) statusPathKind {
	top, stop := outerField(addr)
	if call, ok := stop.(*ssa.Call); ok && accessorReceiver(call) != nil {
		if conditionsAccessor(call) != nil {
			return inStatus // the object's own conditions
		}
		return unknownPath
	}
	if top == "" || top == "Status" {
		return inStatus // the object itself: all of it, its status included
	}
	return notStatus
}

// outerField walks addr, an address into an object or a value read from
// one, back to the object: it returns the name of the object's field it
// selects first ("" for the object itself) and the value the walk stopped
// at (the object, or the call of an accessor).
func outerField(addr ssa.Value) (string, ssa.Value) {
	name := ""
	for i := 0; i < 64 && addr != nil; i++ {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			if st := crmodel.StructOf(x.X.Type()); st != nil && x.Field < st.NumFields() {
				name = st.Field(x.Field).Name()
			}
			addr = x.X
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
				name = st.Field(x.Field).Name()
			}
			addr = x.X
		case *ssa.IndexAddr:
			addr = x.X
		case *ssa.Index:
			addr = x.X
		case *ssa.Slice:
			addr = x.X
		case *ssa.UnOp:
			addr = x.X
		case *ssa.MakeInterface:
			addr = x.X
		case *ssa.ChangeInterface:
			addr = x.X
		case *ssa.ChangeType:
			addr = x.X
		case *ssa.TypeAssert:
			addr = x.X
		default:
			return name, addr
		}
	}
	return name, addr
}

// fieldName names the field an address selects, from the Status field on
// (Status.ObservedGeneration), for messages.
func fieldName(addr ssa.Value) string {
	var parts []string
	for i := 0; i < 64; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			break
		}
		if st := crmodel.StructOf(fa.X.Type()); st != nil && fa.Field < st.NumFields() {
			parts = append([]string{st.Field(fa.Field).Name()}, parts...)
			if st.Field(fa.Field).Name() == "Status" {
				break
			}
		}
		addr = fa.X
	}
	if len(parts) == 0 {
		return "a status field"
	}
	return strings.Join(parts, ".")
}

// loadedFrom returns the address a loaded value was read from, or v.
func loadedFrom(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return u.X
	}
	return v
}

// isTimeType reports whether t is time.Time or apimachinery's metav1.Time
// or MicroTime, or a pointer to one.
func isTimeType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return crmodel.IsNamed(t, "time", "Time") || crmodel.IsNamed(t, crmodel.MetaV1Path, "Time") || crmodel.IsNamed(t, crmodel.MetaV1Path, "MicroTime")
}

// readOnlyMethod reports whether a method called with the object as its
// receiver leaves the object as it was: a getter (no parameters, some
// result), the generated DeepCopy and DeepCopyObject, and DeepCopyInto,
// which writes its argument.
func readOnlyMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	switch fn.Name() {
	case "DeepCopy", "DeepCopyObject", "DeepCopyInto":
		return true
	}
	return sig.Params().Len() == 0 && sig.Results().Len() > 0
}

// objectInterface reports whether t is an interface through which an
// object's status cannot be changed: the empty interface, or one whose
// methods are all apimachinery's object methods (runtime.Object,
// metav1.Object, schema.ObjectKind): the types loggers, event recorders
// and key functions take.
func objectInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if m.Pkg() == nil {
			return false
		}
		switch m.Pkg().Path() {
		case crmodel.MetaV1Path, "k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/runtime/schema":
		default:
			if !strings.HasSuffix(m.Pkg().Path(), "/vendor/"+crmodel.MetaV1Path) {
				return false
			}
		}
	}
	return true
}

// setsOtherwise reports whether instr calls the helper that at calls, on
// the same condition type, with other values: pulp-operator's restore
// reconcile steps one condition through its reasons with
// updateStatus(ctx, obj, False, "RestoreComplete", "Creating manager pod
// ...", "CreatingPod") and the like, so each of those writes changes the
// status, in the steady state too. The type is the argument the helper
// sets Type from (typeParam), or fixed in the helper; calls that may set
// different types, or a helper whose type cannot be told, are not judged
// so. An identical call is a repeat, which changes nothing.
func (c *checker) setsOtherwise(at, instr ssa.Instruction) bool {
	ac, ok1 := at.(ssa.CallInstruction)
	ic, ok2 := instr.(ssa.CallInstruction)
	if !ok1 || !ok2 {
		return false
	}
	fn := ac.Common().StaticCallee()
	if fn == nil || fn != ic.Common().StaticCallee() || !c.inPkg[fn] {
		return false
	}
	k, ok := c.typeParam(fn)
	a, b := ac.Common().Args, ic.Common().Args
	if !ok || len(a) != len(b) {
		return false
	}
	if k >= 0 && (k >= len(a) || !sameValue(a[k], b[k])) {
		return false
	}
	for i := range a {
		if !sameValue(a[i], b[i]) {
			return true
		}
	}
	return false
}

// typeParam returns the index of fn's parameter (the receiver counted, as
// in SSA) its SetStatusCondition calls take the condition's Type from, or
// -1 when they all set one constant type; ok is false when that cannot be
// told.
func (c *checker) typeParam(fn *ssa.Function) (idx int, ok bool) {
	idx, found := -1, false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, isCall := instr.(ssa.CallInstruction)
			if !isCall || crmodel.ClassifyConditionFunc(reconcilepath.CalleeFunc(call.Common())) != crmodel.SetCondition {
				continue
			}
			k, known := c.setTypeParam(fn, call)
			if !known || (found && k != idx) {
				return 0, false
			}
			idx, found = k, true
		}
	}
	return idx, found
}

// setTypeParam reads the Type of the condition literal set hands
// SetStatusCondition: a constant (-1), or a parameter of fn (its index).
func (c *checker) setTypeParam(fn *ssa.Function, set ssa.CallInstruction) (int, bool) {
	arg := c.typeArg(set.Pos(), crmodel.SetCondition)
	if arg == nil {
		return 0, false
	}
	info := c.pass.TypesInfo
	if tv, has := info.Types[arg]; has && tv.Value != nil {
		return -1, true
	}
	id, isIdent := ast.Unparen(arg).(*ast.Ident)
	if !isIdent {
		return 0, false
	}
	for i, p := range fn.Params {
		if p.Object() != nil && p.Object() == info.Uses[id] {
			return i, true
		}
	}
	return 0, false
}

// sameValue reports whether a and b are the same value: one SSA value, or
// equal constants of one type.
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	if !ok1 || !ok2 || !types.Identical(ca.Type(), cb.Type()) {
		return false
	}
	if ca.Value == nil || cb.Value == nil {
		return ca.Value == nil && cb.Value == nil
	}
	return constant.Compare(ca.Value, token.EQL, cb.Value)
}
