package conditions

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reach"
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
}

func (m *mutation) merge(o mutation) {
	if o.kind > m.kind {
		*m = o
	}
}

// otherMutations returns the strongest mutation of obj's status, other
// than by the finding's own SetStatusCondition calls, on the paths through
// set in fn: in fn itself, in the package functions and closures obj is
// handed to, and, when obj is fn's parameter or free variable, in the
// callers around the call of fn.
func (c *checker) otherMutations(fn *ssa.Function, set ssa.CallInstruction, obj ssa.Value, ctype string) mutation {
	var m mutation
	c.mutationsAround(&m, fn, set, obj, ctype, 0)
	return m
}

func (c *checker) mutationsAround(m *mutation, fn *ssa.Function, at ssa.Instruction, obj ssa.Value, ctype string, depth int) {
	before, after := blocksAround(at.Block())
	atIdx := indexIn(at.Block(), at)
	for _, b := range fn.Blocks {
		if !before[b] && !after[b] && b != at.Block() {
			continue // another branch
		}
		for i, instr := range b.Instrs {
			if instr == at {
				continue
			}
			mm := c.mutationOf(instr, obj, ctype, depth)
			precedes := before[b] || b == at.Block() && i < atIdx
			if mm.kind == alwaysMutation && mm.what == removedAgain && !precedes {
				// Removed after the set: an ordinary change.
				mm.kind, mm.what = fieldMutation, "a condition is removed"
			}
			m.merge(mm)
		}
	}
	if depth >= 3 {
		return
	}
	switch obj.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
	default:
		return
	}
	for _, s := range c.sites[fn] {
		if v := mapInto(obj, s.call, s.mc, s.caller); v != nil {
			c.mutationsAround(m, s.caller, s.call, objectOf(v), ctype, depth+1)
		}
	}
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
		switch statusPath(instr.Addr) {
		case notStatus:
			return mutation{}
		case unknownPath:
			return mutation{opaqueMutation, instr.Pos(), "a field is assigned through an accessor"}
		}
		what := fieldName(instr.Addr) + " is assigned"
		if fromClock(instr.Val, 0) {
			return mutation{alwaysMutation, instr.Pos(), what + " the current time"}
		}
		return mutation{fieldMutation, instr.Pos(), what}
	case *ssa.MapUpdate:
		if objectOf(instr.Map) != obj || statusPath(instr.Map) == notStatus {
			return mutation{}
		}
		if statusPath(instr.Map) == unknownPath {
			return mutation{opaqueMutation, instr.Pos(), "a map is changed through an accessor"}
		}
		what := fieldName(loadedFrom(instr.Map)) + " is changed"
		if fromClock(instr.Value, 0) {
			return mutation{alwaysMutation, instr.Pos(), what + " to the current time"}
		}
		return mutation{fieldMutation, instr.Pos(), what}
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
				return mutation{fieldMutation, pos, "a status field is changed by " + b.Name()}
			}
		}
		return mutation{} // append, len, cap: the store of append's result counts
	}
	fobj := reach.CalleeFunc(common)
	switch crmodel.ClassifyConditionFunc(fobj) {
	case crmodel.SetCondition, crmodel.CheckCondition:
		return mutation{} // the finding's own kind of change, or a read
	case crmodel.RemoveCondition:
		t := c.conditionType(call.Pos(), crmodel.CheckCondition)
		if ctype == "" || t == "" || t == ctype {
			return mutation{alwaysMutation, pos, removedAgain}
		}
		return mutation{fieldMutation, pos, "another condition is removed"}
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
				return mutation{opaqueMutation, pos, "the object is handed to " + ce.fn.Name() + ", too deep to follow"}
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
	return mutation{opaqueMutation, pos, "the object is handed to " + name + ", whose changes cannot be seen"}
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
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			// Any condition type: where the function runs relative to
			// the set is not known.
			m.merge(c.mutationOf(instr, p, "", depth))
		}
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
	kind := inStatus // the object itself: all of it, its status included
	for i := 0; i < 64 && addr != nil; i++ {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			if st, ok := structOf(x.X.Type()); ok && x.Field < st.NumFields() {
				if st.Field(x.Field).Name() == "Status" {
					kind = inStatus
				} else {
					kind = notStatus
				}
			}
			addr = x.X
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
				if st.Field(x.Field).Name() == "Status" {
					kind = inStatus
				} else {
					kind = notStatus
				}
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
		case *ssa.Call:
			if accessorReceiver(x) == nil {
				return kind
			}
			if conditionsAccessor(x) != nil {
				return inStatus // the object's own conditions
			}
			return unknownPath
		default:
			return kind
		}
	}
	return kind
}

func structOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
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
		if st, ok := structOf(fa.X.Type()); ok && fa.Field < st.NumFields() {
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

// fromClock reports whether v is computed from the current time:
// time.Now, metav1.Now or a clock's Now method.
func fromClock(v ssa.Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		common := x.Common()
		if f := reach.CalleeFunc(common); f != nil && f.Name() == "Now" && isTimeType(x.Type()) {
			return true
		}
		for _, a := range common.Args {
			if fromClock(a, depth+1) {
				return true
			}
		}
		return false
	case *ssa.Alloc:
		// &metav1.Time{Time: now}: the values stored in it.
		if refs := x.Referrers(); refs != nil {
			for _, r := range *refs {
				if st, ok := r.(*ssa.Store); ok && fromClock(st.Val, depth+1) {
					return true
				}
				if fa, ok := r.(*ssa.FieldAddr); ok {
					if frefs := fa.Referrers(); frefs != nil {
						for _, fr := range *frefs {
							if st, ok := fr.(*ssa.Store); ok && st.Addr == fa && fromClock(st.Val, depth+1) {
								return true
							}
						}
					}
				}
			}
		}
		return false
	}
	var ops []*ssa.Value
	if instr, ok := v.(ssa.Instruction); ok {
		ops = instr.Operands(ops)
	}
	for _, op := range ops {
		if op != nil && *op != nil && fromClock(*op, depth+1) {
			return true
		}
	}
	return false
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
