// Package steady tells a value a reconcile stores into an object's status
// that repeats in the steady state (the state in which the object and what
// the reconcile reads have not changed since the last pass) from one that
// differs on every pass, and says why. conditions asks it whether a status
// write is needed at all; watches whether a write wakes its own reconcile.
//
//   - Repeats: constants, values computed from the object's spec, metadata
//     or loaded status, and from other objects the reconcile reads. In the
//     steady state the field is assigned the value it already has.
//   - Changing: the clock, a count kept in the field itself (Attempts++),
//     a value appended to the field, random values. The status differs
//     on every pass.
//
// The values are followed through the package's own functions, whose
// bodies are read, and from a parameter back to what every caller hands
// it, when the package's calls are all its calls (a helper given
// time.Now() by each caller stores the clock). Another package's function is taken to compute its
// result from its arguments, with two exceptions known by their types: a
// function that returns a time without being given one (Now, a clock's
// Now, a Stamp() of the API package) reads the clock, and the functions of
// the random and UUID packages return something new each time. Facts
// exported by those packages would read them exactly, but under go vet
// they would make every package of the build analysed rather than skipped
// (internal/vetskip), the standard library and client-go included: the
// types are the bargain.
package steady

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Change is why a value differs on every pass.
type Change int

const (
	Repeats  Change = iota // the same in the steady state
	Clock                  // the current time
	Counter                // arithmetic on the field's own value (Attempts++)
	Appended               // a value appended to the field itself, never reset
	Random                 // a random value or a new UUID
)

// MaxDepth bounds how far a value is followed back.
const MaxDepth = 12

// Query is what a pass knows of the store it asks about.
type Query struct {
	// Field reports whether addr is the address of the field assigned,
	// in the same object: arithmetic on, or an append to, its own value
	// changes it on every pass. Nil when no field is known.
	Field func(addr ssa.Value) bool
	// InPkg reports whether fn is the package's own, whose body is read.
	InPkg func(fn *ssa.Function) bool
	// Arguments returns the values passed for p at every call of its
	// function, ok only when all its calls are known
	// (reconcilepath.Result.AllArguments). Nil: a parameter is a value
	// handed in, which repeats.
	Arguments func(p *ssa.Parameter) (args []ssa.Value, ok bool)
}

// Changing says why v, a value stored by q's store, differs from one
// reconcile to the next, or Repeats.
func Changing(v ssa.Value, q Query) Change {
	c := &check{q: q, memo: make(map[memoKey]Change)}
	return c.changing(v, 0)
}

type check struct {
	q Query
	// memo holds each value's answer, Repeats while it is worked out (a
	// cycle adds nothing). A value is asked again when two callers of a
	// helper pass the same one, and must get the same answer.
	memo map[memoKey]Change
}

type memoKey struct {
	v     ssa.Value
	field bool // asked with Query.Field: reads of it are counters
}

func (c *check) changing(v ssa.Value, depth int) Change {
	if v == nil || depth > MaxDepth {
		return Repeats
	}
	key := memoKey{v, c.q.Field != nil}
	if why, ok := c.memo[key]; ok {
		return why
	}
	c.memo[key] = Repeats
	why := c.value(v, depth)
	c.memo[key] = why
	return why
}

func (c *check) value(v ssa.Value, depth int) Change {
	switch x := v.(type) {
	case *ssa.Parameter:
		return c.param(x, depth)
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.FreeVar:
		return Repeats
	case *ssa.Call:
		return c.call(x, depth)
	case *ssa.BinOp:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.SHL, token.AND_NOT, token.OR, token.XOR:
			if c.q.Field != nil && (c.readsField(x.X) || c.readsField(x.Y)) {
				return Counter
			}
		}
	case *ssa.Alloc:
		// &metav1.Time{Time: now}: the values stored in it.
		if refs := x.Referrers(); refs != nil {
			for _, r := range *refs {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr == x {
						if why := c.changing(r.Val, depth+1); why != Repeats {
							return why
						}
					}
				case *ssa.FieldAddr, *ssa.IndexAddr:
					// A field of a composite literal, or an element of a
					// variadic call's arguments.
					elem := r.(ssa.Value)
					if frefs := elem.Referrers(); frefs != nil {
						for _, fr := range *frefs {
							if st, ok := fr.(*ssa.Store); ok && st.Addr == elem {
								if why := c.changing(st.Val, depth+1); why != Repeats {
									return why
								}
							}
						}
					}
				}
			}
		}
		return Repeats
	}
	var ops []*ssa.Value
	if instr, ok := v.(ssa.Instruction); ok {
		ops = instr.Operands(ops)
	}
	for _, op := range ops {
		if op != nil && *op != nil {
			if why := c.changing(*op, depth+1); why != Repeats {
				return why
			}
		}
	}
	return Repeats
}

func (c *check) call(x *ssa.Call, depth int) Change {
	common := x.Common()
	fobj := reconcilepath.CalleeFunc(common)
	if c.q.Field != nil && c.appends(x) && !c.resetIn(x.Parent()) {
		return Appended
	}
	if fobj != nil && fobj.Pkg() != nil && randomPackage(fobj.Pkg().Path()) {
		return Random
	}
	fn := common.StaticCallee()
	if fn != nil && c.q.InPkg != nil && c.q.InPkg(fn) {
		// The package's own function: what it returns.
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				for _, r := range ret.Results {
					if why := c.inner(r, depth); why != Repeats {
						return why
					}
				}
			}
		}
	} else if IsTime(x.Type()) && !givenTime(common) {
		// A time from nothing: the clock (time.Now, metav1.Now, a
		// clock's Now, another package's Stamp()).
		return Clock
	}
	args := common.Args
	if common.IsInvoke() {
		args = append([]ssa.Value{common.Value}, args...)
	}
	for _, a := range args {
		if why := c.changing(a, depth+1); why != Repeats {
			return why
		}
	}
	return Repeats
}

// param follows a parameter to the arguments of its function's calls,
// when they are all known: it changes when every caller hands it a
// changing value (a helper given time.Now() by each of its callers), and
// the first caller's reason is the answer. One caller that hands it a
// steady value makes it a value that can repeat: on that caller's path it
// does, and a value that cannot be told apart by path is not counted as
// changing (watches would report a self-wake for it; conditions would
// count every path through the helper as needing its write).
func (c *check) param(p *ssa.Parameter, depth int) Change {
	if c.q.Arguments == nil {
		return Repeats
	}
	args, ok := c.q.Arguments(p)
	if !ok {
		return Repeats
	}
	why := Repeats
	for _, a := range args {
		w := c.inner(a, depth)
		if w == Repeats {
			return Repeats
		}
		if why == Repeats {
			why = w
		}
	}
	return why
}

// inner checks a value of another function than the store's: its reads of
// the field are of some other object's.
func (c *check) inner(v ssa.Value, depth int) Change {
	field := c.q.Field
	c.q.Field = nil
	defer func() { c.q.Field = field }()
	return c.changing(v, depth+1)
}

// givenTime reports whether a call returning a time is handed a time or
// a number to compute it from (metav1.NewTime(t), t.Add(d), time.Unix(s,
// 0)): then its arguments decide.
func givenTime(common *ssa.CallCommon) bool {
	args := common.Args
	if common.IsInvoke() {
		return len(args) > 0
	}
	if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(args) > 0 {
		if IsTime(args[0].Type()) {
			return true // a method of the time itself: t.Add, t.UTC
		}
		args = args[1:] // a clock's Now: the receiver is no time
	}
	return len(args) > 0
}

// randomPackage reports whether the functions of the package at path
// return something new on every call.
func randomPackage(path string) bool {
	for _, p := range []string{"math/rand", "math/rand/v2", "crypto/rand", "k8s.io/apimachinery/pkg/util/rand", "k8s.io/apimachinery/pkg/util/uuid", "github.com/google/uuid"} {
		if crmodel.IsPath(path, p) {
			return true
		}
	}
	return false
}

// readsField reports whether v is computed from a load of the field being
// assigned, in the same object (Attempts + 1, append(History, x)).
func (c *check) readsField(v ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || depth > MaxDepth || seen[v] {
			return false
		}
		seen[v] = true
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL && c.q.Field(u.X) {
			return true
		}
		switch v.(type) {
		case *ssa.Call, *ssa.Const, *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Function:
			return false
		}
		var ops []*ssa.Value
		if instr, ok := v.(ssa.Instruction); ok {
			ops = instr.Operands(ops)
		}
		for _, op := range ops {
			if op != nil && *op != nil && walk(*op, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(v, 0)
}

// appends reports whether v is append(field, ...) of the field itself.
func (c *check) appends(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Common().Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && len(call.Common().Args) > 0 && c.readsField(call.Common().Args[0])
}

// resetIn reports whether fn also assigns the field a value that does not
// read it (Active = nil before a loop appends each child): the list is
// rebuilt on every pass, the same in the steady state.
func (c *check) resetIn(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && c.q.Field(st.Addr) && !c.readsField(st.Val) && !c.appends(st.Val) {
				return true
			}
		}
	}
	return false
}

// IsTime reports whether t is time.Time or apimachinery's metav1.Time or
// MicroTime, or a pointer to one.
func IsTime(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return crmodel.IsNamed(t, "time", "Time") || crmodel.IsNamed(t, crmodel.MetaV1Path, "Time") || crmodel.IsNamed(t, crmodel.MetaV1Path, "MicroTime")
}
