package objchange

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// The walk on SSA: what an instruction does to the memory of an object,
// followed into the package's functions and closures the object is
// handed to. What a change means is the asking pass's Rule.

// UseKind is what an instruction does with an object's memory.
type UseKind int

const (
	Stored    UseKind = iota // a store (Addr, Val)
	MapStored                // a map entry set (Addr: the map, Val)
	Cleared                  // delete, copy or clear of what Addr refers to (Name: the builtin)
	Called                   // handed to a call (Callee, Arg): Rule.Call is asked before the walk looks into the callee
	TooDeep                  // handed to a package function past MaxDepth, or with no parameter for it (Name)
	HandedOut                // handed to code whose changes cannot be seen (Name: the function, or "a function")
	Escaped                  // a reference into it stored elsewhere, sent, returned to a caller not followed, or joined with other values (Addr: the reference, Name: "stored", "sent", "returned" or "joined")
)

// Part is where in an object an address points.
type Part int

const (
	InStatus        Part = iota // under a field named Status, or the whole object
	NotStatus                   // under another field (metadata, spec)
	ThroughAccessor             // through an accessor's result (Use.Accessor)
)

// Use is one thing an instruction does to the memory of an object, as the
// walk tells it; a Rule says what it means.
type Use struct {
	Kind     UseKind
	Instr    ssa.Instruction
	Obj      ssa.Value // the object, as ObjectOf names it
	Addr     ssa.Value // where, or the argument handed over
	Val      ssa.Value // the value stored
	Part     Part      // where Addr points, for Stored and MapStored
	Accessor *ssa.Call // the accessor's call, for ThroughAccessor
	Callee   *types.Func
	Arg      int    // the argument's index, a receiver being 0
	Name     string // the builtin or function, for messages
	// ByValue is set for a copy of a part of the object handed over (a
	// struct holding slices or maps, passed by value): the callee can
	// change only what those share.
	ByValue bool
	// Depth counts the hand-overs followed to get to a Called use: a
	// rule that follows the callee itself (Rule.Call) goes one deeper.
	Depth int
}

// Rule is a pass's meaning of what is done to an object: M rates it.
type Rule[M any] interface {
	// Rate rates a Use other than Called.
	Rate(u Use) M
	// Call rates a call the pass knows (ok), before the walk follows it.
	Call(u Use) (m M, ok bool)
	// Merge is what a and b, made on one path, make together.
	Merge(a, b M) M
	// Body is what a function does to the object it is handed, from what
	// each of its blocks does (by index).
	Body(fn *ssa.Function, blocks []M) M
}

// MaxDepth bounds how many hand-overs between functions are followed.
const MaxDepth = 3

// Follower follows objects through one package's SSA.
type Follower[M any] struct {
	// rule rates what the functions the object is handed to do: where
	// they run relative to the asking pass's question is not known.
	rule    Rule[M]
	inPkg   func(*ssa.Function) bool
	callees func(ssa.CallInstruction) []*ssa.Function
	memo    map[followKey]M
	// EveryPart makes the walk report the uses of every part of the
	// object; without it, those of its metadata and spec (NotStatus) are
	// left out, for the rules about the status.
	EveryPart bool
	// Rebinds makes the walk report a pointer stored into the variable
	// (or list element) that holds the object as a store of the whole
	// object: the variable then holds another object. Without it, that
	// changes no object.
	Rebinds bool
}

// skips reports whether the walk leaves out a use of part.
func (f *Follower[M]) skips(part Part) bool {
	return part == NotStatus && !f.EveryPart
}

type followKey struct {
	fn *ssa.Function
	p  ssa.Value
}

// NewFollower returns a follower that rates what the package's functions
// (inPkg) do to an object handed to them by rule; callees returns the
// package's functions a call may invoke.
func NewFollower[M any](rule Rule[M], inPkg func(*ssa.Function) bool, callees func(ssa.CallInstruction) []*ssa.Function) *Follower[M] {
	return &Follower[M]{rule: rule, inPkg: inPkg, callees: callees, memo: make(map[followKey]M)}
}

// Instr rates by rule what instr does to obj; depth counts the
// hand-overs followed to get here.
func (f *Follower[M]) Instr(rule Rule[M], instr ssa.Instruction, obj ssa.Value, depth int) M {
	var m M
	switch instr := instr.(type) {
	case *ssa.Store:
		if ObjectOf(instr.Addr) != obj {
			if !f.shares(instr.Val, obj) || localCopy(instr.Addr, obj) {
				return m
			}
			if call, i := variadicCall(instr.Addr); call != nil {
				// Packed into a call's variadic slice: handed to it.
				return f.arg(rule, Use{Kind: Called, Instr: call, Obj: obj, Addr: instr.Val, Arg: i}, false, depth)
			}
			return rule.Rate(Use{Kind: Escaped, Instr: instr, Obj: obj, Addr: instr.Val, Name: "stored"})
		}
		if instr.Val == obj {
			return m // a parameter kept in memory (spilledParam)
		}
		if _, isPtr := instr.Val.Type().Underlying().(*types.Pointer); isPtr && !f.Rebinds {
			if name, stop := OuterField(instr.Addr); name == "" && stop == obj {
				// The variable holding the object, or an element of a
				// list of them, is bound: no object is changed.
				return m
			}
		}
		m = f.store(rule, Use{Kind: Stored, Instr: instr, Obj: obj, Addr: instr.Addr, Val: instr.Val})
	case *ssa.MapUpdate:
		if ObjectOf(instr.Map) != obj {
			for _, v := range []ssa.Value{instr.Key, instr.Value} {
				if f.shares(v, obj) {
					return rule.Rate(Use{Kind: Escaped, Instr: instr, Obj: obj, Addr: v, Name: "stored"})
				}
			}
			return m
		}
		m = f.store(rule, Use{Kind: MapStored, Instr: instr, Obj: obj, Addr: instr.Map, Val: instr.Value})
	case *ssa.MakeClosure:
		// A closure that captures the object may run anywhere it is
		// passed to: count what it does to the object, following the
		// object down from this closure's bindings to its free
		// variables (valueflow's Bindings go up, from a free variable
		// to every making of the closure).
		fn, _ := instr.Fn.(*ssa.Function)
		if fn == nil || depth >= MaxDepth {
			return m
		}
		if method, recv := valueflow.BoundMethod(fn, instr.Bindings); method != nil {
			// A method value (f := obj.markReady): what the method
			// does to its receiver, wherever it is called.
			if part, _ := StatusPart(recv); ObjectOf(recv) != obj || f.skips(part) {
				return m
			}
			if mfn := fn.Prog.FuncValue(method); mfn != nil && f.inPkg(mfn) && len(mfn.Params) > 0 {
				return f.In(mfn, mfn.Params[0], depth+1)
			}
			if readOnlyMethod(method) {
				return m
			}
			return rule.Rate(Use{Kind: HandedOut, Instr: instr, Obj: obj, Addr: recv, Callee: method, Name: method.Name()})
		}
		if !f.inPkg(fn) {
			return m
		}
		for i, b := range instr.Bindings {
			if ObjectOf(b) == obj && i < len(fn.FreeVars) {
				m = rule.Merge(m, f.In(fn, fn.FreeVars[i], depth+1))
			}
		}
	case *ssa.Phi:
		// A variable that holds the object on some paths and another
		// value on others (x := obj; if c { x = other }): what is done
		// through it is not followed as done to the object.
		if RefersInto(instr.Type()) && ObjectOf(instr) != obj {
			for _, e := range phiSources(instr) {
				if ObjectOf(e) == obj {
					return rule.Rate(Use{Kind: Escaped, Instr: instr, Obj: obj, Addr: e, Name: "joined"})
				}
			}
		}
	case *ssa.Send:
		if f.shares(instr.X, obj) {
			m = rule.Rate(Use{Kind: Escaped, Instr: instr, Obj: obj, Addr: instr.X, Name: "sent"})
		}
	case *ssa.Return:
		// Returned from a function the object was handed to (depth > 0):
		// what its caller does to the result is not followed.
		for _, r := range instr.Results {
			if depth > 0 && !accessor(instr.Parent()) && f.shares(r, obj) {
				return rule.Rate(Use{Kind: Escaped, Instr: instr, Obj: obj, Addr: r, Name: "returned"})
			}
		}
	case ssa.CallInstruction:
		common := instr.Common()
		args := common.Args
		method := common.IsInvoke()
		if method {
			args = append([]ssa.Value{common.Value}, args...)
		} else if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
			method = true
		}
		for i, a := range args {
			byValue := false
			if !RefersInto(a.Type()) || ObjectOf(a) != obj {
				// A copy of a part that holds references (obj.Status,
				// whose Conditions share the object's array).
				if byValue = valueOf(a, obj) != nil; !byValue {
					continue
				}
			}
			if part, _ := StatusPart(a); f.skips(part) {
				continue // not a reference into the object's status (&obj.Spec, &obj.ObjectMeta)
			}
			m = rule.Merge(m, f.arg(rule, Use{Kind: Called, Instr: instr, Obj: obj, Addr: a, Arg: i, ByValue: byValue}, method && i == 0, depth))
		}
	}
	return m
}

// shares reports whether v, a value stored, sent or returned, shares
// memory with obj (with its status, unless EveryPart): a reference into
// the object, or a copy of a part of it that holds references (st :=
// obj.Status, whose Conditions share the object's array).
func (f *Follower[M]) shares(v ssa.Value, obj ssa.Value) bool {
	if !mutable(v.Type()) {
		return false
	}
	if ObjectOf(v) != obj && valueOf(v, obj) == nil {
		return false
	}
	part, _ := StatusPart(v)
	return !f.skips(part)
}

// valueOf returns the load v is, when v (or the interface made of it) is
// a copy of a part of obj that holds references; else nil.
func valueOf(v, obj ssa.Value) *ssa.UnOp {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || !mutable(load.Type()) || ObjectOf(load.X) != obj {
		return nil
	}
	return load
}

// accessor reports whether fn is a method whose calls AccessorReceiver
// takes for the receiver: the caller follows what it returns as the
// object, so that is no escape.
func accessor(fn *ssa.Function) bool {
	sig := fn.Signature
	return sig.Recv() != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		RefersInto(sig.Results().At(0).Type()) && !strings.HasPrefix(fn.Name(), "DeepCopy")
}

// localCopy reports whether addr is a local variable that copies a part
// of obj holding references (copiedFrom): what is done through them is
// followed as done to obj, so a store there is no escape.
func localCopy(addr, obj ssa.Value) bool {
	a, ok := addr.(*ssa.Alloc)
	if !ok {
		return false
	}
	src := copiedFrom(a)
	return src != nil && ObjectOf(src) == obj
}

// variadicCall returns the call whose variadic slice addr, an element of
// the array SSA packs the arguments into, is part of, and the index of
// that slice among the call's arguments (a receiver first, as for Use.Arg).
func variadicCall(addr ssa.Value) (ssa.CallInstruction, int) {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return nil, 0
	}
	arr, ok := ia.X.(*ssa.Alloc)
	if !ok || arr.Comment != "varargs" {
		return nil, 0
	}
	for _, r := range *arr.Referrers() {
		sl, ok := r.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, use := range *sl.Referrers() {
			call, ok := use.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			args := common.Args
			if common.IsInvoke() {
				args = append([]ssa.Value{common.Value}, args...)
			}
			for i, a := range args {
				if a == sl {
					return call, i
				}
			}
		}
	}
	return nil, 0
}

// store rates a store or map update into the object's status.
func (f *Follower[M]) store(rule Rule[M], u Use) M {
	u.Part, u.Accessor = StatusPart(u.Addr)
	if f.skips(u.Part) {
		var m M
		return m
	}
	return rule.Rate(u)
}

// arg rates what a call does to u.Addr, its argument u.Arg, a reference
// into the object (recv: the receiver).
func (f *Follower[M]) arg(rule Rule[M], u Use, recv bool, depth int) M {
	var m M
	call := u.Instr.(ssa.CallInstruction)
	common := call.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "copy", "clear":
			if u.Arg == 0 {
				u.Kind, u.Name = Cleared, b.Name()
				return rule.Rate(u)
			}
		}
		return m // append, len, cap: the store of append's result counts
	}
	u.Callee, u.Depth = reconcilepath.CalleeFunc(common), depth
	if m, ok := rule.Call(u); ok {
		return m
	}
	if recv && u.Callee != nil && strings.HasPrefix(u.Callee.Name(), "DeepCopy") && readOnlyMethod(u.Callee) {
		return m // the generated copies read their receiver, wherever they are declared
	}
	// The package's own functions are read.
	if ces := f.callees(call); len(ces) > 0 {
		for _, ce := range ces {
			if depth >= MaxDepth || u.Arg >= len(ce.Params) {
				u.Kind, u.Name = TooDeep, ce.Name()
				return rule.Rate(u)
			}
			m = rule.Merge(m, f.In(ce, ce.Params[u.Arg], depth+1))
		}
		return m
	}
	if u.Callee != nil && u.Callee.Pkg() != nil {
		// controller-runtime's functions read or load objects, and
		// change metadata at most (controllerutil's finalizers and owner
		// references); the client's writes update the object from the
		// server's answer, which is no change of the caller's making.
		if crmodel.InControllerRuntime(u.Callee.Pkg().Path()) {
			return m
		}
	}
	if recv && u.Callee != nil && readOnlyMethod(u.Callee) {
		return m
	}
	// The packages that read whatever they are handed (formatting,
	// logging, comparison); one whose result may
	// refer into the argument (meta.FindStatusCondition) reads too, its
	// result being followed as the object (inner).
	if OnlyReads(u.Callee) {
		return m
	}
	if c, ok := call.(*ssa.Call); ok && passedThrough(c) != nil {
		return m
	}
	if mi, ok := u.Addr.(*ssa.MakeInterface); ok && ObjectInterface(mi.Type(), true) {
		return m // a logger, recorder or key function sees a runtime.Object
	}
	u.Kind, u.Name = HandedOut, "a function"
	if u.Callee != nil {
		u.Name = u.Callee.Name()
	}
	return rule.Rate(u)
}

// In rates what fn, a package function or closure, does to the object it
// gets as p (a parameter or free variable), memoised: the depth of the
// first request decides how far the answer looked.
func (f *Follower[M]) In(fn *ssa.Function, p ssa.Value, depth int) M {
	key := followKey{fn, p}
	if m, ok := f.memo[key]; ok {
		return m
	}
	var zero M
	f.memo[key] = zero // in progress: recursion adds nothing
	blocks := make([]M, len(fn.Blocks))
	for i, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			blocks[i] = f.rule.Merge(blocks[i], f.Instr(f.rule, instr, p, depth))
		}
	}
	m := f.rule.Body(fn, blocks)
	if c, ok := any(m).(interface{ cutShort() bool }); ok && c.cutShort() {
		// Cut short by MaxDepth below: asked at a shallower depth, the
		// same function may be followed further, so the answer is not
		// kept (else it would depend on which question came first).
		delete(f.memo, key)
		return m
	}
	f.memo[key] = m
	return m
}

// ObjectOf returns the object whose memory v refers into: root, extended
// through element addresses, slicing, loads of fields that are themselves
// references (a slice, map or pointer shares the object's memory), phis
// whose edges agree (nil aside), and the results of accessors (a method with no other
// parameter whose result is a reference: obj.StatusBase()). It returns nil
// for a value copied out of the object.
//
// It is deliberately coarse: it maps r.a and r.b, two objects held in
// fields of one struct, both to r, which for finding changes errs on the
// side of seeing one too many; naming the object a write is of must not
// take two objects for one, and needs a finer root.
func ObjectOf(v ssa.Value) ssa.Value {
	return objectAt(v, 0, false)
}

// objectAt is ObjectOf below depth nested phis; loops make phis refer to
// themselves, directly or through other phis. shared is set once the walk
// has gone through a reference (a load, an element of a slice): what a
// local copy of a part of the object holds is the object's only there.
func objectAt(v ssa.Value, depth int, shared bool) ssa.Value {
	for i := 0; i < 64 && v != nil; i++ {
		if ia, ok := v.(*ssa.IndexAddr); ok {
			if _, isSlice := ia.X.Type().Underlying().(*types.Slice); isSlice {
				shared = true
			}
		}
		if in := inner(v); in != nil {
			v = in
			continue
		}
		switch x := v.(type) {
		case *ssa.Alloc:
			if src := copiedFrom(x); src != nil && shared {
				v = src
				continue
			}
			if src := heldOnly(x); src != nil {
				v = src
				continue
			}
			if p := spilledParam(x); p != nil {
				v = p
				continue
			}
			return v // a local copy's own memory (c.Reason = ...), or no copy
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			shared = true
			switch x.X.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr:
				if !RefersInto(x.Type()) {
					return nil // a copy of a value
				}
				v = x.X
			case *ssa.Alloc, *ssa.FreeVar, *ssa.Global:
				// A variable holding the object: a pointer, or an
				// interface (a captured client.Object parameter).
				if !isPointerOrInterface(x.Type()) {
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
			for i, src := range phiSources(x) {
				o := objectAt(src, depth+1, shared)
				if i > 0 && o != same {
					return v
				}
				same = o
			}
			return same
		case *ssa.Call:
			if recv := AccessorReceiver(x); recv != nil {
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

// isPointerOrInterface reports whether t is a pointer or an interface.
func isPointerOrInterface(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// AccessorReceiver returns the receiver of a call of a method that takes
// no other argument and returns a reference (obj.GetStatusConditions(),
// obj.StatusBase()), or nil.
func AccessorReceiver(call *ssa.Call) ssa.Value {
	common := call.Common()
	if !RefersInto(call.Type()) {
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

// RefersInto reports whether a value of type t can share memory with the
// object it came from.
func RefersInto(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

// StatusPart reports where addr, a value that ObjectOf maps to an object,
// points: the object's field it goes through first decides
// (holdsStatus); through an accessor's result, the accessor's call.
func StatusPart(addr ssa.Value) (Part, *ssa.Call) {
	top, _, stop := outerField(addr)
	if call, ok := stop.(*ssa.Call); ok && AccessorReceiver(call) != nil {
		return ThroughAccessor, call
	}
	if top == nil || holdsStatus(top.recv, top.idx) {
		return InStatus, nil // the object itself: all of it, its status included
	}
	return NotStatus, nil
}

// OuterField walks addr, an address into an object or a value read from
// one, back to the object: it returns the name of the object's field it
// selects first ("" for the object itself) and the value the walk stopped
// at (the object, or the call of an accessor).
func OuterField(addr ssa.Value) (string, ssa.Value) {
	top, _, stop := outerField(addr)
	if top == nil {
		return "", stop
	}
	return crmodel.StructOf(top.recv).Field(top.idx).Name(), stop
}

// PartName names the object's part addr points into, for messages: the
// first field selected from the object that is not an embedded one
// (obj.Status of a Gizmo embedding a Widget is "Status"); "" for the
// object itself.
func PartName(addr ssa.Value) string {
	_, named, _ := outerField(addr)
	if named == nil {
		return ""
	}
	return crmodel.StructOf(named.recv).Field(named.idx).Name()
}

// field is a field selected from a struct: recv, or what it points to.
type field struct {
	recv types.Type
	idx  int
}

// outerField is OuterField, the field as its struct and index (nil for
// the object itself), and the outermost field that is not embedded
// (PartName).
func outerField(addr ssa.Value) (top, named *field, stop ssa.Value) {
	sel := func(recv types.Type, st *types.Struct, idx int) {
		if st != nil && idx < st.NumFields() {
			top = &field{recv, idx}
			if !st.Field(idx).Embedded() {
				named = top
			}
		}
	}
	for i := 0; i < 64 && addr != nil; i++ {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			sel(x.X.Type(), crmodel.StructOf(x.X.Type()), x.Field)
		case *ssa.Field:
			st, _ := x.X.Type().Underlying().(*types.Struct)
			sel(x.X.Type(), st, x.Field)
		case *ssa.UnOp:
			addr = x.X
			continue
		}
		in := stepBack(addr)
		if in == nil {
			return top, named, addr
		}
		addr = in
	}
	return top, named, addr
}

// stepBack returns the value addr is taken from, on the way back to the
// object: what it selects, indexes, converts or is passed through
// (inner), a phi's one edge, or the part a local copy is of (copiedFrom)
// and the one reference a variable holds (heldOnly); nil at the object.
func stepBack(addr ssa.Value) ssa.Value {
	if in := inner(addr); in != nil {
		return in
	}
	if in := onlyEdge(addr); in != nil {
		return in
	}
	if a, ok := addr.(*ssa.Alloc); ok {
		if in := copiedFrom(a); in != nil {
			return in
		}
		return heldOnly(a)
	}
	return nil
}

// copiedFrom returns the address of the part of an object a local
// variable a is a copy of, when every store to it copies that part and
// the part holds references (old := obj.Status, whose Conditions share
// the object's array): what the references point to is the object's.
// Else nil.
func copiedFrom(a *ssa.Alloc) ssa.Value {
	if !mutable(a.Type().Underlying().(*types.Pointer).Elem()) || a.Referrers() == nil {
		return nil
	}
	var src ssa.Value
	for _, r := range *a.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		load, ok := st.Val.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || src != nil && load.X != src {
			return nil
		}
		switch load.X.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr:
		default:
			return nil
		}
		src = load.X
	}
	if src == nil || ObjectOf(src) == nil {
		return nil
	}
	return src
}

// heldOnly returns the one reference a variable a ever holds, when a is a
// variable of a reference type that is set to one value only (nil
// aside) and set nowhere else, not even by the function literals that
// capture it: a parameter or local a literal captures lives in such a
// variable (func() error { return validate(obj) }), and is that value
// wherever it is read. Else nil.
func heldOnly(a *ssa.Alloc) ssa.Value {
	if !RefersInto(a.Type().Underlying().(*types.Pointer).Elem()) || a.Referrers() == nil {
		return nil
	}
	var src ssa.Value
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a {
				return nil // a itself stored: its address escapes
			}
			if c, ok := r.Val.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if src != nil && r.Val != src {
				return nil
			}
			src = r.Val
		case *ssa.UnOp:
			// a read
		case *ssa.MakeClosure:
			for i, b := range r.Bindings {
				fn, _ := r.Fn.(*ssa.Function)
				if b != a || fn == nil || i >= len(fn.FreeVars) {
					continue
				}
				for _, fr := range *fn.FreeVars[i].Referrers() {
					if _, ok := fr.(*ssa.UnOp); !ok {
						return nil // set, or handed on, in the literal
					}
				}
			}
		default:
			return nil
		}
	}
	return src
}

// spilledParam returns the parameter a is the local of, when SSA keeps a
// parameter in memory (its address is taken: &pod of a pod corev1.Pod
// parameter) and nothing else is stored there: what is done through a is
// done to the parameter. Else nil.
func spilledParam(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			q, ok := st.Val.(*ssa.Parameter)
			if !ok || p != nil || q.Name() != a.Comment {
				return nil
			}
			p = q
		}
	}
	return p
}

// onlyEdge returns the one value a phi merges (phiSources): var c
// *Condition, set to &conds[i] in the loop that finds it. Else nil.
func onlyEdge(v ssa.Value) ssa.Value {
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return nil
	}
	if srcs := phiSources(phi); len(srcs) == 1 {
		return srcs[0]
	}
	return nil
}

// phiSources returns the values phi merges, through the phis it merges
// (a loop's), each once, nil constants aside: nil is no object, and a
// write through it would panic, so a pointer declared nil and set in the
// loop that finds the object is that object wherever it is written
// through.
func phiSources(phi *ssa.Phi) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{phi: true}
	stack := []*ssa.Phi{phi}
	for len(stack) > 0 && len(seen) < 64 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range p.Edges {
			if seen[e] {
				continue
			}
			seen[e] = true
			switch e := e.(type) {
			case *ssa.Phi:
				stack = append(stack, e)
			case *ssa.Const:
				if !e.IsNil() {
					out = append(out, e)
				}
			default:
				out = append(out, e)
			}
		}
	}
	return out
}

// inner returns the value v selects from, indexes, slices or converts, or
// the argument a function that only reads returns a reference into
// (meta.FindStatusCondition's pointer into the conditions); else nil.
func inner(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.Call:
		return passedThrough(x)
	case *ssa.FieldAddr:
		return x.X
	case *ssa.IndexAddr:
		return x.X
	case *ssa.Field:
		return x.X
	case *ssa.Index:
		return x.X
	case *ssa.Slice:
		return x.X
	case *ssa.MakeInterface:
		return x.X
	case *ssa.ChangeInterface:
		return x.X
	case *ssa.ChangeType:
		return x.X
	case *ssa.TypeAssert:
		return x.X
	case *ssa.Extract:
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return ta.X // o, ok := obj.(*Widget)
		}
	}
	return nil
}

// passedThrough returns the argument of call that its result may refer
// into, when the callee only reads what it is handed (readsArgs) but
// returns a reference (resultMayRefer): the first argument that can share
// memory. Else nil.
func passedThrough(call *ssa.Call) ssa.Value {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	fn, _ := callee.Object().(*types.Func)
	if !readsArgs(fn) || !resultMayRefer(fn) {
		return nil
	}
	for _, a := range call.Call.Args {
		if RefersInto(a.Type()) {
			return a
		}
	}
	return nil
}

// FieldName names the field an address selects, from the Status field on
// (Status.ObservedGeneration), for messages.
func FieldName(addr ssa.Value) string {
	var parts []string
	for i := 0; i < 64; i++ {
		if call, ok := addr.(*ssa.Call); ok {
			if arg := passedThrough(call); arg != nil {
				addr = arg // c.Message, c from FindStatusCondition
				if load, ok := addr.(*ssa.UnOp); ok && load.Op == token.MUL {
					addr = load.X
				}
				continue
			}
		}
		if e := onlyEdge(addr); e != nil {
			addr = e
			continue
		}
		if ia, ok := addr.(*ssa.IndexAddr); ok {
			addr = ia.X // an element: named by its slice (Status.Conditions.Message)
			if load, ok := addr.(*ssa.UnOp); ok && load.Op == token.MUL {
				addr = load.X
			}
			continue
		}
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

// ObjectInterface reports whether t is an interface with methods, all of
// them apimachinery's object methods: runtime.Object's and
// schema.ObjectKind's and, withMeta, metav1.Object's. The types loggers,
// event recorders and key functions take. Through such an interface an
// object's status cannot be changed, nor, without withMeta (whose setters
// change the metadata), anything of it. The empty interface is not one:
// it can be decoded into (json.Unmarshal(b, &obj.Status)).
func ObjectInterface(t types.Type, withMeta bool) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if m.Pkg() == nil {
			return false
		}
		switch path := m.Pkg().Path(); {
		case crmodel.IsPath(path, "k8s.io/apimachinery/pkg/runtime"), crmodel.IsPath(path, "k8s.io/apimachinery/pkg/runtime/schema"):
		case withMeta && crmodel.Unvendor(path) == crmodel.MetaV1Path:
		default:
			return false
		}
	}
	return true
}

// holdsStatus reports whether field idx of recv, an object's struct type
// or a pointer to it, may hold the object's status: unless the object
// encodes as plain JSON (no MarshalJSON or UnmarshalJSON of its own,
// which Unstructured has, whose Object map holds everything), the field
// must be embedded without a JSON name (inlined) or named status in JSON
// (as the API server names it; encoding/json matches names without regard
// to case). The Follower asks it (StatusPart): the status is what the API
// server's status subresource takes, whatever the Go field is called.
func holdsStatus(recv types.Type, idx int) bool {
	st := crmodel.StructOf(recv)
	if st == nil || idx >= st.NumFields() {
		return true
	}
	if t := st.Field(idx).Type(); crmodel.IsNamed(t, crmodel.MetaV1Path, "ObjectMeta") || crmodel.IsNamed(t, crmodel.MetaV1Path, "TypeMeta") {
		return false // the metadata, apiVersion and kind, however tagged
	}
	for _, m := range []string{"MarshalJSON", "UnmarshalJSON"} {
		if obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, m); obj != nil {
			return true
		}
	}
	tag := reflect.StructTag(st.Tag(idx)).Get("json")
	if tag == "-" {
		return false // never encoded
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		if st.Field(idx).Embedded() {
			return true
		}
		name = st.Field(idx).Name()
	}
	return strings.EqualFold(name, "status")
}

// mutable reports whether a value of type t shares memory with what it was
// copied from: pointers, maps, slices, channels, functions, interfaces, and
// structs or arrays holding one.
func mutable(t types.Type) bool {
	return mutableSeen(t, make(map[types.Type]bool))
}

func mutableSeen(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return false
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mutableSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Array:
		return mutableSeen(u.Elem(), seen)
	}
	return true
}

// Packages whose functions only read what they are handed, whatever its
// type: formatting, logging, comparison.
var readOnlyPkgs = map[string]bool{
	"fmt": true, "log": true, "log/slog": true, "errors": true, "reflect": true, "strings": true, "strconv": true,
	"github.com/go-logr/logr":              true,
	"k8s.io/klog/v2":                       true,
	"go.uber.org/zap":                      true,
	"k8s.io/apimachinery/pkg/api/equality": true,
	"k8s.io/apimachinery/pkg/util/dump":    true,
	"k8s.io/apimachinery/pkg/labels":       true,
	"k8s.io/apimachinery/pkg/api/meta":     true, // Find/Is helpers; its Set/Remove helpers are handled first
	"k8s.io/utils/ptr":                     true, // Deref, Equal, To (of a copy)
	"k8s.io/utils/pointer":                 true,

	// equality.Semantic.DeepEqual: conversion.Equalities embeds this
	// package's Equalities, whose DeepEqual and DeepDerivative it promotes.
	"k8s.io/apimachinery/third_party/forked/golang/reflect": true,
}

// OnlyReads reports whether fn only reads whatever it is handed: a
// function of a package that formats, logs or compares
// (readOnlyPkgs), or a method of one (a logr.Logger's Info), but not those
// of them that write an argument: apimachinery meta's condition setters,
// fmt's scanners (fmt.Sscanf(s, "%d", &obj.Status.Count)) and errors.As,
// nor those whose result may refer into what they are handed, through
// which the caller can change it (meta.FindStatusCondition's pointer into
// the conditions, meta.Accessor's object).
func OnlyReads(fn *types.Func) bool {
	return readsArgs(fn) && !resultMayRefer(fn)
}

// readsArgs is OnlyReads but for what fn returns.
func readsArgs(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := crmodel.Unvendor(fn.Pkg().Path())
	name := fn.Name()
	switch {
	case path == apiMetaPath && (strings.HasPrefix(name, "Set") || strings.HasPrefix(name, "Remove")),
		path == "fmt" && strings.Contains(name, "scan"), path == "fmt" && strings.HasPrefix(name, "Scan"),
		path == "errors" && name == "As":
		return false
	}
	return readOnlyPkgs[path]
}

// resultMayRefer reports whether a result of fn may share memory with an
// argument: a pointer, slice, map, channel, function, an interface other
// than error, or a reflect.Value. A struct such as a logger (logr.Logger,
// returned by WithValues) is taken as its own.
func resultMayRefer(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return true
	}
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature:
			return true
		case *types.Interface:
			if !types.Identical(t, types.Universe.Lookup("error").Type()) {
				return true
			}
		case *types.Struct:
			if crmodel.IsNamed(t, "reflect", "Value") {
				return true
			}
		}
	}
	return false
}
