package conditions

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
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
	// The object as the walk names what it finds (ObjectOf): a variable
	// that merges list elements is their list.
	if o := objchange.ObjectOf(obj); o != nil {
		obj = o
	}
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
			mm := c.follow.Instr(mutationRule{c, ctype}, instr, obj, depth) // what instr does to obj's status
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
	if depth >= objchange.MaxDepth {
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
		up := c.mutationsAround(s.caller, s.call, objchange.ObjectOf(v), ctype, depth+1)
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
			if call, ok := instr.(ssa.CallInstruction); ok && c.writesObject(call, "Create") {
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
			if !ok || !c.writesObject(call, "Update", "Patch") {
				continue
			}
			v, success, _ := nilBranches(b)
			if v != ssa.Value(call) || len(success.Preds) != 1 {
				continue // no branch of its own: the code after an if the write was in
			}
			if errExits == nil {
				errExits = errorExits(fn)
			}
			if b == fn.Blocks[0] || !searchBlocks(fn.Blocks[0], succs, returns, func(x *ssa.BasicBlock) bool { return x == b || errExits[x] }) {
				continue // on every path
			}
			for _, x := range fn.Blocks {
				if success.Dominates(x) {
					out[x] = true
				}
			}
		}
	}
	return out
}

// nilCompared returns the value cond compares with nil (== or !=) and the
// operator, or nil.
func nilCompared(cond ssa.Value) (ssa.Value, token.Token) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
		return nil, 0
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		if k, isConst := pair[1].(*ssa.Const); isConst && k.IsNil() {
			return pair[0], bin.Op
		}
	}
	return nil, 0
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

// errorExits returns the blocks of fn that run only when an error is not
// nil: the branch an if on err != nil (or err == nil) takes for it.
func errorExits(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	out := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		if v, _, notNil := nilBranches(b); v != nil && crmodel.IsError(v.Type()) {
			out[notNil] = true
		}
	}
	return out
}

// nilBranches returns the value the if ending b compares with nil (== or
// !=), and the successors it takes when that value is nil and when it is
// not (if err := c.Update(...); err != nil {...}: the code after the if,
// and the if's body); v is nil when b ends in no such if.
func nilBranches(b *ssa.BasicBlock) (v ssa.Value, isNil, notNil *ssa.BasicBlock) {
	ifi := endIf(b)
	if ifi == nil {
		return nil, nil, nil
	}
	v, op := nilCompared(ifi.Cond)
	if op == token.NEQ {
		return v, b.Succs[1], b.Succs[0]
	}
	return v, b.Succs[0], b.Succs[1]
}

// writesObject reports whether call writes an object, not its status,
// with one of the methods of controller-runtime's client.
func (c *checker) writesObject(call ssa.CallInstruction, methods ...string) bool {
	common := call.Common()
	fobj := reconcilepath.CalleeFunc(common)
	if fobj == nil || !slices.Contains(methods, fobj.Name()) {
		return false
	}
	recv := reconcilepath.CallRecvType(common)
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
		if v, op := nilCompared(x); v != nil && deletionTimestamp(v, obj) {
			return op == token.NEQ, true
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
				return objchange.ObjectOf(fa.X) == obj
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
		return name == "GetDeletionTimestamp" && objchange.ObjectOf(recv) == obj
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
	isBlocked := func(x *ssa.BasicBlock) bool { return blocked[x] }
	fromEntry := searchBlocks(at, preds, func(x *ssa.BasicBlock) bool { return x == entry }, isBlocked)
	toReturn := searchBlocks(at, succs, returns, isBlocked)
	return fromEntry && toReturn
}

func preds(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Preds }
func succs(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs }

// searchBlocks reports whether a block that goal accepts can be reached
// from from, stepping by next, without entering a block that blocked
// accepts (from itself is not checked).
func searchBlocks(from *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock, goal, blocked func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{from: true}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if goal(x) {
			return true
		}
		for _, y := range next(x) {
			if !seen[y] && !blocked(y) {
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

// calledFuncs returns the package functions a call may invoke.
func (c *checker) calledFuncs(call ssa.CallInstruction) []*ssa.Function {
	var out []*ssa.Function
	for _, ce := range c.callees(call) {
		out = append(out, ce.fn)
	}
	return out
}

// mutationRule ranks what internal/objchange's walk finds done to a
// written object's status, for a finding on the condition type ctype
// ("" inside the functions the object is handed to: where they run
// relative to the set is not known, so any type counts).
type mutationRule struct {
	c     *checker
	ctype string
}

func (r mutationRule) Rate(u objchange.Use) mutation {
	pos := u.Instr.Pos()
	if u.Kind == objchange.Escaped || u.ByValue {
		// The ranking is of the changes the walk sees; a reference kept
		// elsewhere, or a copy of the status handed to code it cannot
		// see (compared or logged, in all likelihood), is not one. The
		// status question, which must see every change, takes them as
		// reasons.
		return mutation{}
	}
	switch u.Kind {
	case objchange.Stored, objchange.MapStored:
		field, val := "", ssa.Value(nil)
		if u.Part == objchange.ThroughAccessor && conditionsAccessor(u.Accessor) == nil {
			what := "a field is assigned through an accessor"
			if u.Kind == objchange.MapStored {
				what = "a map is changed through an accessor"
			}
			return mutation{kind: opaqueMutation, pos: pos, what: what}.atOnce()
		}
		name := objchange.FieldName(u.Addr)
		if u.Kind == objchange.Stored {
			field, val = name, u.Val
		} else {
			name, val = objchange.FieldName(loadedFrom(u.Addr))+"[...]", u.Val
		}
		if why := r.c.changingValue(val, u.Obj, field); why != "" {
			return mutation{kind: alwaysMutation, pos: pos, what: name + " is assigned " + why}.atOnce()
		}
		return mutation{kind: fieldMutation, pos: pos, what: name + " is " + steadySource(val, u.Obj)}.atOnce()
	case objchange.Cleared:
		return mutation{kind: fieldMutation, pos: pos, what: "a status field is changed by " + u.Name}.atOnce()
	case objchange.TooDeep:
		return mutation{kind: opaqueMutation, pos: pos, what: "the object is handed to " + u.Name + ", too deep to follow"}.atOnce()
	}
	return mutation{kind: opaqueMutation, pos: pos, what: "the object is handed to " + u.Name + ", whose changes cannot be seen"}.atOnce()
}

// Call ranks apimachinery's condition helpers: setting or reading a
// condition is the finding's own kind of change, or none; removing the
// finding's condition makes it change on every reconcile.
func (r mutationRule) Call(u objchange.Use) (mutation, bool) {
	switch crmodel.ClassifyConditionFunc(u.Callee) {
	case crmodel.SetCondition, crmodel.CheckCondition:
		return mutation{}, true
	case crmodel.RemoveCondition:
		pos := u.Instr.Pos()
		t := r.c.conditionType(pos, crmodel.CheckCondition)
		if r.ctype == "" || t == "" || t == r.ctype {
			return mutation{kind: alwaysMutation, pos: pos, what: removedAgain}.atOnce(), true
		}
		return mutation{kind: fieldMutation, pos: pos, what: "another condition is removed"}.atOnce(), true
	}
	return mutation{}, crmodel.IsEqualityFunc(u.Callee)
}

func (mutationRule) Merge(a, b mutation) mutation {
	a.merge(b)
	return a
}

// Body ranks a function the object is handed to by its strongest change,
// and its every by the strongest change of its least changing path.
func (mutationRule) Body(fn *ssa.Function, blocks []mutation) mutation {
	var m mutation
	blocked := make(map[*ssa.BasicBlock]bool)
	least := noMutation // the strongest change off the blocked blocks
	for i, inBlock := range blocks {
		m.merge(inBlock)
		if inBlock.every >= alwaysMutation {
			blocked[fn.Blocks[i]] = true
		} else {
			least = max(least, inBlock.every)
		}
	}
	m.every = m.kind
	if len(fn.Blocks) > 0 && pathThrough(fn, fn.Blocks[0], blocked) {
		m.every = least
	}
	return m
}

// loadedFrom returns the address a loaded value was read from, or v.
func loadedFrom(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return u.X
	}
	return v
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
	if fn == nil || fn != ic.Common().StaticCallee() || !c.res.IsSource(fn) {
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
