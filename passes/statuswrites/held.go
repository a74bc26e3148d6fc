package statuswrites

import (
	"go/constant"
	"go/token"
	"maps"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// A reconcile that steps an object through its phases often writes each
// step only when the phase is not the step's already:
//
//	if w.Status.Phase != api.Pending {
//		w.Status.Phase = api.Pending
//		if err := r.Status().Update(ctx, w); err != nil { ... }
//	}
//
// Two such steps for the same phase never both write: after the first
// wrote Pending, the second finds Pending. k8ssandra-operator's Stargate
// reconciler drew two false positives from its "waiting" steps. So the
// walk keeps, on each path, the constants stored in the fields of an
// object's status (known), and, for the paths that have written the
// object with Update, the constants its status held when it was sent and
// still holds (entry.holds): an Update answers with the status it sent.
// An if that compares such a field with a constant takes, on those
// paths, only the edge that agrees. What else may change the status is
// internal/objchange's answer: a store into it, a call of a function
// that changes it or whose changes cannot be seen. A load or another
// write of the object through the client (a patch answers with the
// server's status, which may not be the one sent) forgets too.

// held is what the status of one object is known to hold.
type held struct {
	obj  ssa.Value                 // the object, as objchange.ObjectOf names it
	vals map[string]constant.Value // constants by field path (valueflow.AccessPath's selectors); never changed in place
}

// without returns h without the fields at sel or under it, or above it.
func (h held) without(sel string) held {
	out := held{obj: h.obj, vals: maps.Clone(h.vals)}
	maps.DeleteFunc(out.vals, func(k string, _ constant.Value) bool { return hasPrefix(k, sel) || hasPrefix(sel, k) })
	return out
}

// with returns h with the constants vals set.
func (h held) with(vals map[string]constant.Value) held {
	out := held{obj: h.obj, vals: make(map[string]constant.Value, len(h.vals)+len(vals))}
	maps.Copy(out.vals, h.vals)
	maps.Copy(out.vals, vals)
	return out
}

// meet returns the constants h and g agree on.
func (h held) meet(g held) held {
	out := held{obj: h.obj, vals: maps.Clone(h.vals)}
	maps.DeleteFunc(out.vals, func(k string, v constant.Value) bool {
		w, ok := g.vals[k]
		return !ok || !sameConst(v, w)
	})
	return out
}

func sameConst(a, b constant.Value) bool {
	return a.Kind() == b.Kind() && a.Kind() != constant.Unknown && constant.Compare(a, token.EQL, b)
}

// fieldOf returns the object a field address selects from and the path of
// the selection: (w, ".2.2") for &w.Status.Phase. ok is false for an
// address that is not a field's.
func fieldOf(addr ssa.Value) (root ssa.Value, sel string, ok bool) {
	root, sel = valueflow.AccessPath(addr, func(*ssa.UnOp) bool { return false })
	return root, sel, sel != ""
}

// storedConsts returns the constants a store of val at sel puts in the
// object: val itself, or the fields of a composite literal set to
// constants (w.Status = api.WidgetStatus{Phase: api.Pending}).
func storedConsts(sel string, val ssa.Value) map[string]constant.Value {
	val = valueflow.Unconvert(val)
	if c, ok := val.(*ssa.Const); ok && c.Value != nil {
		return map[string]constant.Value{sel: c.Value}
	}
	load, ok := val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok || lit.Comment != "complit" || lit.Block() != load.Block() {
		return nil
	}
	// The literal's field stores, between its allocation and the load.
	out := make(map[string]constant.Value)
	started := false
	for _, instr := range lit.Block().Instrs {
		if instr == lit {
			started = true
			continue
		}
		if instr == load {
			break
		}
		st, ok := instr.(*ssa.Store)
		if !started || !ok {
			continue
		}
		if root, sub, ok := fieldOf(st.Addr); ok && root == lit {
			if c, ok := valueflow.Unconvert(st.Val).(*ssa.Const); ok && c.Value != nil {
				out[sel+sub] = c.Value
			}
		}
	}
	return out
}

// statusField returns the object whose status field addr is, and the
// field's path.
func (c *checker) statusField(fn *ssa.Function, addr ssa.Value) (ident, held, string, bool) {
	root, sel, ok := fieldOf(addr)
	if !ok {
		return ident{}, held{}, "", false
	}
	obj := objchange.ObjectOf(root)
	if obj == nil || c.escapes(fn, obj) {
		return ident{}, held{}, "", false
	}
	if part, _ := objchange.StatusPart(addr); part != objchange.InStatus {
		return ident{}, held{}, "", false
	}
	return c.identOf(fn, root), held{obj: obj}, sel, true
}

// trackHeld updates what s knows the objects' status fields hold after
// instr.
func (c *checker) trackHeld(fn *ssa.Function, s *state, instr ssa.Instruction) {
	if len(s.known) > 0 || s.holding() {
		forget := func(id ident, h held) held {
			if h.obj == nil || len(h.vals) == 0 {
				return h
			}
			ch := c.changes().Instr(heldRule{}, instr, h.obj, 0)
			if ch.all || c.reloads(fn, instr, id, h.obj) {
				return held{obj: h.obj}
			}
			for _, sel := range ch.sels {
				h = h.without(sel)
			}
			return h
		}
		for id, h := range s.known {
			s.known[id] = forget(id, h)
		}
		for id, e := range s.counts {
			if len(e.holds.vals) > 0 {
				e.holds = forget(id, e.holds)
				s.counts[id] = e
			}
		}
	}
	st, ok := instr.(*ssa.Store)
	if !ok {
		return
	}
	id, h, sel, ok := c.statusField(fn, st.Addr)
	if !ok {
		return
	}
	vals := storedConsts(sel, st.Val)
	if len(vals) == 0 {
		return
	}
	if old, ok := s.known[id]; ok {
		h = old
	}
	s.known[id] = h.with(vals)
	if e, ok := s.counts[id]; ok && e.n >= 1 {
		e.holds = e.holds.with(vals)
		e.holds.obj = h.obj
		s.counts[id] = e
	}
}

// escapes reports whether fn keeps obj where code the walk does not
// follow may change it later: stored in other memory (a struct, a slice,
// a map, a channel) or captured by a closure. Such an object's fields are
// not held.
func (c *checker) escapes(fn *ssa.Function, obj ssa.Value) bool {
	key := followedObject{fn, obj}
	if e, ok := c.escaped[key]; ok {
		return e
	}
	refers := func(v ssa.Value) bool { return objchange.ObjectOf(valueflow.Unconvert(v)) == obj }
	e := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				e = refers(x.Val) && objchange.ObjectOf(x.Addr) != obj
			case *ssa.MapUpdate:
				e = refers(x.Key) || refers(x.Value)
			case *ssa.Send:
				e = refers(x.X)
			case *ssa.MakeClosure:
				for _, v := range x.Bindings {
					e = e || refers(v)
				}
			}
			if e {
				break
			}
		}
		if e {
			break
		}
	}
	c.escaped[key] = e
	return e
}

type followedObject struct {
	fn  *ssa.Function
	obj ssa.Value
}

// holding reports whether some entry of s holds constants.
func (s *state) holding() bool {
	for _, e := range s.counts {
		if len(e.holds.vals) > 0 {
			return true
		}
	}
	return false
}

// reloads reports whether instr hands obj to controller-runtime in a way
// that sets its status from the server's answer: any client call but a
// status Update of the object itself, which answers with what it sent.
func (c *checker) reloads(fn *ssa.Function, instr ssa.Instruction, id ident, obj ssa.Value) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	handed := false
	for _, a := range call.Common().Args {
		if objchange.ObjectOf(a) == obj {
			handed = true
		}
	}
	if !handed {
		return false
	}
	if w := c.writeAt(fn, call); w != nil && w.Verb == "Update" && c.identOf(fn, w.Object) == id {
		return false
	}
	callee := reconcilepath.CalleeFunc(call.Common())
	return callee != nil && callee.Pkg() != nil && crmodel.InControllerRuntime(callee.Pkg().Path())
}

// changes returns the follower that tells which status fields an
// instruction may change.
func (c *checker) changes() *objchange.Follower[fieldChanges] {
	if c.follow == nil {
		c.follow = objchange.NewFollower[fieldChanges](heldRule{}, c.local, c.localCallees)
	}
	return c.follow
}

// localCallees returns the package's function a call invokes, if static.
func (c *checker) localCallees(call ssa.CallInstruction) []*ssa.Function {
	if f := call.Common().StaticCallee(); c.local(f) {
		return []*ssa.Function{f}
	}
	return nil
}

// fieldChanges is which fields of a status something may change.
type fieldChanges struct {
	all  bool     // any of them, or the whole object
	sels []string // the field paths changed
}

// heldRule rates, for objchange's follower, what may change a field held.
type heldRule struct{}

func (heldRule) Rate(u objchange.Use) fieldChanges {
	if u.Kind == objchange.Escaped || u.ByValue {
		return fieldChanges{} // a reference kept elsewhere, or a copy handed over, changes no field here
	}
	if u.Kind == objchange.Stored || u.Kind == objchange.MapStored || u.Kind == objchange.Cleared {
		if _, sel, ok := fieldOf(u.Addr); ok && objchange.ObjectOf(u.Addr) == u.Obj {
			return fieldChanges{sels: []string{sel}}
		}
	}
	return fieldChanges{all: true}
}

func (heldRule) Call(objchange.Use) (fieldChanges, bool) { return fieldChanges{}, false }

func (heldRule) Merge(a, b fieldChanges) fieldChanges {
	if a.all || b.all {
		return fieldChanges{all: true}
	}
	return fieldChanges{sels: append(append([]string(nil), a.sels...), b.sels...)}
}

// Body: the fields a function changes are those of its parameter, not the
// caller's paths; any change there forgets all.
func (heldRule) Body(_ *ssa.Function, blocks []fieldChanges) fieldChanges {
	for _, b := range blocks {
		if b.all || len(b.sels) > 0 {
			return fieldChanges{all: true}
		}
	}
	return fieldChanges{}
}

// fieldTest returns what an if's condition compares: a status field of an
// object (its ident and path) with a constant, and whether the condition
// holds when they are equal.
func (c *checker) fieldTest(fn *ssa.Function, cond ssa.Value) (id ident, sel string, val constant.Value, eqHolds bool, ok bool) {
	cond, eqHolds, nilTest := condition(cond)
	if nilTest {
		return
	}
	var load ssa.Value
	switch x := cond.(type) {
	case *ssa.UnOp: // a bool field
		load, val = x, constant.MakeBool(true)
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return
		}
		l, r := valueflow.Unconvert(x.X), valueflow.Unconvert(x.Y)
		if _, isConst := l.(*ssa.Const); isConst {
			l, r = r, l
		}
		k, isConst := r.(*ssa.Const)
		if !isConst || k.Value == nil {
			return
		}
		load, val = l, k.Value
		if x.Op == token.NEQ {
			eqHolds = !eqHolds
		}
	default:
		return
	}
	u, isLoad := load.(*ssa.UnOp)
	if !isLoad || u.Op != token.MUL {
		return
	}
	id, _, sel, ok = c.statusField(fn, u.X)
	return id, sel, val, eqHolds, ok
}

// heldContradicts reports whether the paths of s that wrote id cannot take
// the edge of a field test on which the field's equality with val is eq.
func heldContradicts(s *state, id ident, sel string, val constant.Value, eq bool) bool {
	e, ok := s.counts[id]
	if !ok || e.n == 0 {
		return false
	}
	h, ok := e.holds.vals[sel]
	if !ok || h.Kind() != val.Kind() {
		return false
	}
	return sameConst(h, val) != eq
}
