package conditions

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// A status field assigned on the way to the write is judged by what it
// holds in the steady state: the state in which the object and what the
// reconcile reads have not changed since the last pass.
//
//   - Steady: constants, values computed from the object's spec, metadata
//     or loaded status, and from other objects the reconcile reads. In the
//     steady state the field is assigned the value it already has.
//   - Changing: the clock, a count kept in the field itself (Attempts++),
//     a value appended to the field, random values. The status differs
//     on every pass, and the write is needed.
//
// The values are followed through the package's own functions, whose
// bodies are read. Another package's function is taken to compute its
// result from its arguments, with two exceptions known by their types: a
// function that returns a time without being given one (Now, a clock's
// Now, a Stamp() of the API package) reads the clock, and the functions of
// the random and UUID packages return something new each time. Facts
// exported by those packages would read them exactly, but under go vet
// they would make every package of the build analysed rather than skipped
// (internal/vetskip), the standard library and client-go included: the
// types are the bargain.

// changingValue says why v, stored into field of obj's status, differs
// from one reconcile to the next ("the current time", "a count kept in the
// field", "a random value"), or "" when it repeats in the steady state.
func (c *checker) changingValue(v ssa.Value, obj ssa.Value, field string) string {
	vc := &valueCheck{c: c, obj: obj, field: field, seen: make(map[ssa.Value]bool)}
	return vc.changing(v, 0)
}

type valueCheck struct {
	c     *checker
	obj   ssa.Value
	field string // the field assigned: arithmetic on its own value counts
	seen  map[ssa.Value]bool
}

const maxValueDepth = 12

func (vc *valueCheck) changing(v ssa.Value, depth int) string {
	if v == nil || depth > maxValueDepth || vc.seen[v] {
		return ""
	}
	vc.seen[v] = true
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.Parameter, *ssa.FreeVar:
		return ""
	case *ssa.Call:
		return vc.call(x, depth)
	case *ssa.BinOp:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.SHL, token.AND_NOT, token.OR, token.XOR:
			if vc.field != "" && (vc.readsField(x.X) || vc.readsField(x.Y)) {
				return "a count kept in the field itself"
			}
		}
	case *ssa.Alloc:
		// &metav1.Time{Time: now}: the values stored in it.
		if refs := x.Referrers(); refs != nil {
			for _, r := range *refs {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr == x {
						if why := vc.changing(r.Val, depth+1); why != "" {
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
								if why := vc.changing(st.Val, depth+1); why != "" {
									return why
								}
							}
						}
					}
				}
			}
		}
		return ""
	}
	var ops []*ssa.Value
	if instr, ok := v.(ssa.Instruction); ok {
		ops = instr.Operands(ops)
	}
	for _, op := range ops {
		if op != nil && *op != nil {
			if why := vc.changing(*op, depth+1); why != "" {
				return why
			}
		}
	}
	return ""
}

func (vc *valueCheck) call(x *ssa.Call, depth int) string {
	common := x.Common()
	fobj := reconcilepath.CalleeFunc(common)
	if vc.field != "" && vc.appends(x) && !vc.resetIn(x.Parent()) {
		return "a value appended to the field itself"
	}
	if fobj != nil && fobj.Pkg() != nil && randomPackage(fobj.Pkg().Path()) {
		return "a random value"
	}
	fn := common.StaticCallee()
	if fn != nil && vc.c.inPkg[fn] {
		// The package's own function: what it returns.
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				for _, r := range ret.Results {
					if why := vc.inner(r, depth); why != "" {
						return why
					}
				}
			}
		}
	} else if isTimeType(x.Type()) && !givenTime(common) {
		// A time from nothing: the clock (time.Now, metav1.Now, a
		// clock's Now, another package's Stamp()).
		return "the current time"
	}
	args := common.Args
	if common.IsInvoke() {
		args = append([]ssa.Value{common.Value}, args...)
	}
	for _, a := range args {
		if why := vc.changing(a, depth+1); why != "" {
			return why
		}
	}
	return ""
}

// inner checks a value of another function than the store's: its reads of
// the field are of some other object's.
func (vc *valueCheck) inner(v ssa.Value, depth int) string {
	field := vc.field
	vc.field = ""
	defer func() { vc.field = field }()
	return vc.changing(v, depth+1)
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
		if isTimeType(args[0].Type()) {
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
func (vc *valueCheck) readsField(v ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || depth > maxValueDepth || seen[v] {
			return false
		}
		seen[v] = true
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
			if objchange.ObjectOf(u.X) == vc.obj && objchange.FieldName(u.X) == vc.field {
				return true
			}
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
func (vc *valueCheck) appends(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Common().Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && len(call.Common().Args) > 0 && vc.readsField(call.Common().Args[0])
}

// resetIn reports whether fn also assigns the field a value that does not
// read it (Active = nil before a loop appends each child): the list is
// rebuilt on every pass, the same in the steady state.
func (vc *valueCheck) resetIn(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && objchange.ObjectOf(st.Addr) == vc.obj && objchange.FieldName(st.Addr) == vc.field && !vc.readsField(st.Val) && !vc.appends(st.Val) {
				return true
			}
		}
	}
	return false
}

// steadySource says, for the message, where v, a value that repeats in
// the steady state, comes from: "computed from the spec", "copied from
// another object", "set to a constant".
func steadySource(v ssa.Value, obj ssa.Value) string {
	var from []string
	add := func(s string) {
		for _, f := range from {
			if f == s {
				return
			}
		}
		from = append(from, s)
	}
	computed := false
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || depth > maxValueDepth || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			add("a constant")
			return
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if src := partOf(x.X, obj); src != "" {
					add(src)
					return
				}
			} else {
				computed = true
			}
		case *ssa.Field:
			if src := partOf(x, obj); src != "" {
				add(src)
				return
			}
		case *ssa.Call, *ssa.BinOp, *ssa.Convert:
			computed = true
		case *ssa.Parameter, *ssa.FreeVar:
			add("a value handed in")
			return
		}
		var ops []*ssa.Value
		if instr, ok := v.(ssa.Instruction); ok {
			ops = instr.Operands(ops)
		}
		for _, op := range ops {
			if op != nil && *op != nil {
				if _, isFn := (*op).(*ssa.Function); !isFn {
					walk(*op, depth+1)
				}
			}
		}
	}
	walk(v, 0)
	if len(from) == 0 {
		return "computed from local values"
	}
	if len(from) == 1 && from[0] == "a constant" && !computed {
		return "set to " + constText(v)
	}
	verb := "copied from "
	if computed {
		verb = "computed from "
	}
	return verb + strings.Join(from, " and ")
}

// constText names a constant for the message: its value when short.
func constText(v ssa.Value) string {
	c, ok := v.(*ssa.Const)
	if ok && c.Value == nil {
		return "nil"
	}
	if ok && c.Value.Kind() != constant.Unknown {
		if s := c.Value.ExactString(); len(s) <= 24 {
			return s
		}
	}
	return "a constant"
}

// partOf names the part of an object that addr, or a field value, is read
// from: the spec, metadata or status of obj, or another object.
func partOf(addr ssa.Value, obj ssa.Value) string {
	o := objchange.ObjectOf(addr)
	if o == nil {
		return ""
	}
	top, _ := objchange.OuterField(addr)
	if o != obj {
		if hasStatus(o.Type()) {
			return "another object"
		}
		return ""
	}
	switch top {
	case "Spec":
		return "the spec"
	case "ObjectMeta", "TypeMeta", "Generation", "Labels", "Annotations", "Name", "Namespace":
		return "the metadata"
	case "Status":
		return "the loaded status"
	}
	return ""
}

// hasStatus reports whether t, or what it points to, is a struct with a
// Status field: an API object.
func hasStatus(t types.Type) bool {
	st := crmodel.StructOf(t)
	if st == nil {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "Status" {
			return true
		}
	}
	return false
}
