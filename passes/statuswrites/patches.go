package statuswrites

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// A helper that writes an object's status as a server-side apply often
// sends a patch object it builds anew from the object it is given:
//
//	p := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
//	p.Status = w.Status
//	return c.Status().Patch(ctx, p, client.Apply, client.FieldOwner("x"))
//
// or through a function that returns such an object (kueue's
// workload.BaseSSAWorkload, its only way of writing a Workload's status).
// The patch names the object w is: writing it writes w. An object is so
// named when the literal (or the stores in the block that makes it) sets
// both its name and its namespace, once each, from the same object's
// (w.Name or w.GetName()), and nothing in the function sets either again;
// any other name (w.Name + "-status", a namespace from another object, a
// name set again on some path) makes it another object.

// NamedAs is the fact attached to an exported function that returns a new
// object named as the object at Path of its argument Param (its name and
// namespace copied): writing the result writes that object.
type NamedAs struct {
	Param int    // index of the argument, the receiver first
	Path  string // fields and loads taken from the argument
}

func (*NamedAs) AFact() {}

func (f *NamedAs) String() string {
	return "returns an object named as argument " + strconv.Itoa(f.Param) + f.Path
}

// namedAs returns the object the value v, an object made anew, is named
// as: where its name and namespace come from.
func (c *checker) namedAs(v ssa.Value) (ident, bool) {
	switch v := v.(type) {
	case *ssa.Alloc:
		return c.literalNamedAs(v)
	case *ssa.Call, *ssa.Extract:
		call, i, ok := resultOf(v)
		if !ok || i != 0 || c.renamed(v) {
			return ident{}, false
		}
		callee := call.Call.StaticCallee()
		if callee == nil {
			return ident{}, false
		}
		param, path, ok := c.returnsNamedAs(callee)
		if !ok {
			return ident{}, false
		}
		args := call.Call.Args
		if param < 0 || param >= len(args) {
			return ident{}, false
		}
		return identAt(args[param], path, false), true
	}
	return ident{}, false
}

// returnsNamedAs reports whether fn returns, on every path, an object
// named as the object at path of its parameter param: from fn's own code
// when it is the package's, from its NamedAs fact when it is another's.
func (c *checker) returnsNamedAs(fn *ssa.Function) (param int, path string, ok bool) {
	if fn.Signature.Results().Len() != 1 {
		return 0, "", false
	}
	if !c.local(fn) {
		if fn.Origin() != nil {
			fn = fn.Origin()
		}
		obj, isFunc := fn.Object().(*types.Func)
		fact := new(NamedAs)
		if !isFunc || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(obj, fact) {
			return 0, "", false
		}
		return fact.Param, fact.Path, true
	}
	if r, seen := c.named[fn]; seen {
		if r == nil {
			return 0, "", false // recursion
		}
		return r.param, r.path, r.ok
	}
	c.named[fn] = nil
	r := &namedResult{}
	for _, v := range valueflow.Results(fn, 0) {
		id, ok := c.namedAs(v)
		p, isParam := id.base.(*ssa.Parameter)
		if !ok || id.key || !isParam || paramIndex(fn, p) < 0 {
			r.ok = false
			break
		}
		i := paramIndex(fn, p)
		if r.ok && (i != r.param || id.sel != r.path) {
			r.ok = false
			break
		}
		r.param, r.path, r.ok = i, id.sel, true
	}
	c.named[fn] = r
	return r.param, r.path, r.ok
}

type namedResult struct {
	param int
	path  string
	ok    bool
}

// literalNamedAs returns the object a new object's name and namespace are
// set from: each set once, in the block that makes it, from the same
// object, and the object's metadata not otherwise changed in the function.
// They are set through the address of its ObjectMeta, or in an ObjectMeta
// literal stored whole (how SSA builds a literal nested in another); an
// ObjectMeta copied whole from an object's (ObjectMeta: w.ObjectMeta)
// names that object.
func (c *checker) literalNamedAs(a *ssa.Alloc) (ident, bool) {
	if !crmodel.HasObjectMeta(a.Type()) || c.renamed(a) {
		return ident{}, false
	}
	var from [2]*ident
	set := func(slot int, src ident, ok bool, b *ssa.BasicBlock) bool {
		if from[slot] != nil || b != a.Block() || !ok {
			return false // set twice, on some paths, or from no object
		}
		from[slot] = &src
		return true
	}
	var fields func(meta ssa.Value) bool
	fields = func(meta ssa.Value) bool {
		for _, r := range *meta.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				slot := metaSlot(r)
				if slot < 0 {
					continue
				}
				for _, use := range *r.Referrers() {
					if st, ok := use.(*ssa.Store); ok && st.Addr == r {
						src, ok := c.metaSource(st.Val, slot)
						if !set(slot, src, ok, st.Block()) {
							return false
						}
					}
				}
			case *ssa.Store:
				if r.Addr != meta {
					continue
				}
				// The whole ObjectMeta: a literal, or an object's.
				load, ok := r.Val.(*ssa.UnOp)
				if !ok || load.Op != token.MUL {
					return false
				}
				if lit, ok := load.X.(*ssa.Alloc); ok && lit.Block() == a.Block() {
					if !fields(lit) {
						return false
					}
					continue
				}
				f, ok := load.X.(*ssa.FieldAddr)
				if !ok || !isObjectMetaField(f.X.Type(), f.Field) {
					return false
				}
				src := identAt(f.X, "", false)
				if !set(0, src, true, r.Block()) || !set(1, src, true, r.Block()) {
					return false
				}
			}
		}
		return true
	}
	for _, r := range *a.Referrers() {
		if meta, ok := r.(*ssa.FieldAddr); ok && isObjectMetaField(meta.X.Type(), meta.Field) && !fields(meta) {
			return ident{}, false
		}
	}
	if from[0] == nil || from[1] == nil || *from[0] != *from[1] {
		return ident{}, false
	}
	return *from[0], true
}

// renamed reports whether the function that has the object v changes its
// metadata through it other than by setting its name and namespace once
// in the block that makes it (see literalNamedAs): the whole ObjectMeta
// stored, or SetName and SetNamespace called; for an object a call returns,
// any store to its name or namespace.
func (c *checker) renamed(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	_, made := v.(*ssa.Alloc)
	for _, r := range *refs {
		meta, ok := r.(*ssa.FieldAddr)
		if !ok || !isObjectMetaField(meta.X.Type(), meta.Field) {
			continue
		}
		for _, rr := range *meta.Referrers() {
			switch rr := rr.(type) {
			case *ssa.Store:
				if !made {
					return true // the whole ObjectMeta
				}
			case ssa.CallInstruction:
				if callee := rr.Common().StaticCallee(); callee != nil && (callee.Name() == "SetName" || callee.Name() == "SetNamespace") {
					return true
				}
			case *ssa.FieldAddr:
				if made || metaSlot(rr) < 0 {
					continue
				}
				for _, use := range *rr.Referrers() {
					if st, ok := use.(*ssa.Store); ok && st.Addr == rr {
						return true
					}
				}
			}
		}
	}
	return false
}

// metaSource returns the object whose name (slot 0) or namespace (slot 1)
// the value v is: a load of that field of an object's ObjectMeta, or a
// call of its GetName or GetNamespace.
func (c *checker) metaSource(v ssa.Value, slot int) (ident, bool) {
	var meta ssa.Value
	switch v := v.(type) {
	case *ssa.UnOp:
		f, ok := v.X.(*ssa.FieldAddr)
		if v.Op != token.MUL || !ok || metaSlot(f) != slot {
			return ident{}, false
		}
		meta = f.X
	case *ssa.Field:
		if fieldName(v.X.Type(), v.Field) != metaFields[slot] || !crmodel.IsObjectMeta(v.X.Type()) {
			return ident{}, false
		}
		meta = v.X
	case *ssa.Call:
		common := v.Common()
		if common.IsInvoke() {
			if common.Method.Name() != getters[slot] {
				return ident{}, false
			}
			return identAt(common.Value, "", false), true
		}
		callee := common.StaticCallee()
		if callee == nil || callee.Name() != getters[slot] || len(common.Args) != 1 || callee.Signature.Recv() == nil || !crmodel.IsObjectMeta(callee.Signature.Recv().Type()) {
			return ident{}, false
		}
		meta = common.Args[0]
	default:
		return ident{}, false
	}
	// meta is the ObjectMeta (or its address) of the object: a field of
	// it.
	var obj ssa.Value
	switch m := meta.(type) {
	case *ssa.FieldAddr:
		if !isObjectMetaField(m.X.Type(), m.Field) {
			return ident{}, false
		}
		obj = m.X
	case *ssa.Field:
		if !isObjectMetaField(m.X.Type(), m.Field) {
			return ident{}, false
		}
		obj = m.X
	default:
		return ident{}, false
	}
	return identAt(obj, "", false), true
}

var (
	metaFields = [2]string{"Name", "Namespace"}
	getters    = [2]string{"GetName", "GetNamespace"}
)

// metaSlot returns 0 for the address of an ObjectMeta's Name, 1 for its
// Namespace, and -1 otherwise.
func metaSlot(f *ssa.FieldAddr) int {
	if !crmodel.IsObjectMeta(f.X.Type()) {
		return -1
	}
	return slices.Index(metaFields[:], fieldName(f.X.Type(), f.Field))
}

// isObjectMetaField reports whether field i of the struct t (or of the
// struct t points to) is an ObjectMeta.
func isObjectMetaField(t types.Type, i int) bool {
	st := crmodel.StructOf(t)
	return st != nil && i < st.NumFields() && crmodel.IsObjectMeta(st.Field(i).Type())
}

func fieldName(t types.Type, i int) string {
	st := crmodel.StructOf(t)
	if st == nil || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}
