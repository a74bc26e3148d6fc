package fieldmanager

import (
	"encoding/json"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// A patch that sends nothing but metadata.managedFields (and
// metadata.resourceVersion, the optimistic lock) changes no field of the
// object: the API server records a request's manager only for the fields
// the request changed, and neither managedFields nor resourceVersion is
// one (both are left out of the comparison), so a field manager named
// there would be recorded nowhere. Such a write is no finding, and it
// counts in no fact. It is recognised from the patch's value, on the
// package's SSA:
//
//   - client.RawPatch(types.JSONPatchType, data), data made in the
//     function: json.Marshal of a slice literal of operations (maps, or
//     structs without a JSON encoding of their own), each with a constant
//     path that is /metadata/managedFields, below it, or
//     /metadata/resourceVersion, and no other member than op, path and
//     value; a constant string of such operations; or client-go's
//     csaupgrade.UpgradeManagedFieldsPatch, whose patch is that;
//   - client.MergeFrom, MergeFromWithOptions or StrategicMergeFrom of a
//     DeepCopy (or DeepCopyObject) of the written object made in the
//     function, where between the copy and the write internal/objchange
//     sees the object's managed fields changed and nothing else, and the
//     copy untouched.

// jsonPatchType is the value of types.JSONPatchType.
const jsonPatchType = "application/json-patch+json"

const csaupgradePath = "k8s.io/client-go/util/csaupgrade"

// managedFieldsOnly reports whether the Patch call (instr) sends nothing
// but managed fields and the resource version.
func (c *checker) managedFieldsOnly(file *ast.File, call *ast.CallExpr, instr ssa.CallInstruction) bool {
	if len(call.Args) < 3 {
		return false
	}
	pv := argument(instr.Common(), 2)
	if pv == nil {
		return false
	}
	pc, ok := valueflow.Unconvert(pv).(*ssa.Call)
	if !ok || pc.Parent() != instr.Parent() {
		return false
	}
	args := pc.Call.Args
	switch c.m.ClientFunc(reconcilepath.CalleeFunc(pc.Common())) {
	case "RawPatch":
		return len(args) == 2 && constString(args[0]) == jsonPatchType && c.jsonPatchData(args[1])
	case "MergeFrom", "MergeFromWithOptions", "StrategicMergeFrom":
		return len(args) >= 1 && c.mergedManagedFields(file, call, instr, pc)
	}
	return false
}

// constString returns the value of a string constant, or "".
func constString(v ssa.Value) string {
	k, ok := valueflow.Unconvert(v).(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(k.Value)
}

// isFunc reports whether fn is the package-level function name of the
// package path (or its vendored copy).
func isFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Pkg() != nil && crmodel.IsPath(fn.Pkg().Path(), path) && fn.Name() == name &&
		fn.Type().(*types.Signature).Recv() == nil
}

// jsonPatchData reports whether v, the data of a JSON patch, holds only
// operations on managed fields and the resource version.
func (c *checker) jsonPatchData(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Extract:
		call, ok := v.Tuple.(*ssa.Call)
		if !ok || v.Index != 0 {
			return false
		}
		fn := reconcilepath.CalleeFunc(call.Common())
		switch {
		case isFunc(fn, "encoding/json", "Marshal") && len(call.Call.Args) == 1:
			return jsonOps(call.Call.Args[0])
		case isFunc(fn, csaupgradePath, "UpgradeManagedFieldsPatch"):
			return true
		}
	case *ssa.Convert:
		// []byte(`[{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}]`)
		k, ok := v.X.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return false
		}
		var ops []map[string]json.RawMessage
		if json.Unmarshal([]byte(constant.StringVal(k.Value)), &ops) != nil || len(ops) == 0 {
			return false
		}
		for _, op := range ops {
			var path string
			if json.Unmarshal(op["path"], &path) != nil || !managedPath(path) {
				return false
			}
			for key := range op {
				if !opMember(key) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// managedPath reports whether a JSON patch path is managedFields, in it,
// or the resource version.
func managedPath(p string) bool {
	return p == "/metadata/managedFields" || strings.HasPrefix(p, "/metadata/managedFields/") || p == "/metadata/resourceVersion"
}

// opMember reports whether key is a member of a JSON patch operation the
// rule allows: op, path and value. from (of move and copy) is not: it
// names a second place the operation changes.
func opMember(key string) bool {
	switch key {
	case "op", "path", "value":
		return true
	}
	return false
}

// jsonOps reports whether x, the value handed to json.Marshal, is a slice
// literal of operations on managed fields and the resource version, not
// changed after it is made: its backing array written only by the
// literal, the slice used only by the call.
func jsonOps(x ssa.Value) bool {
	mi, ok := x.(*ssa.MakeInterface)
	if !ok || !onlyUsedBy(mi, nil) {
		return false
	}
	sl, ok := mi.X.(*ssa.Slice)
	if !ok || sl.Low != nil || sl.High != nil || sl.Max != nil || !onlyUsedBy(sl, mi) {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Comment != "slicelit" {
		return false
	}
	n := 0
	for _, ref := range *arr.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Slice:
			if ref != sl {
				return false
			}
		case *ssa.IndexAddr:
			if !jsonOp(ref) {
				return false
			}
			n++
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return n > 0
}

// onlyUsedBy reports whether v has no use other than user (nil: any
// call) and debug references.
func onlyUsedBy(v ssa.Value, user ssa.Instruction) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch ref.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.Call:
			if user == nil {
				continue
			}
		}
		if ref != user {
			return false
		}
	}
	return true
}

// jsonOp reports whether the element at addr of a slice literal of JSON
// patch operations is one on managed fields or the resource version: a
// map literal or a struct literal whose path is such a constant.
func jsonOp(addr *ssa.IndexAddr) bool {
	var stored []ssa.Value
	for _, ref := range *addr.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != addr {
				return false
			}
			stored = append(stored, ref.Val)
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	if len(stored) != 1 {
		return false
	}
	switch v := valueflow.Unconvert(stored[0]).(type) {
	case *ssa.MakeMap:
		return mapOp(v)
	case *ssa.UnOp:
		// A struct literal is built in a local of its own and loaded.
		lit, ok := v.X.(*ssa.Alloc)
		return ok && v.Op == token.MUL && lit.Comment == "complit" && structOp(lit, v)
	}
	return false
}

// mapOp reports whether a map literal is a JSON patch operation on
// managed fields or the resource version: its keys constant members of
// an operation, its path one of those, and the map used for nothing but
// its literal and its store into the slice literal.
func mapOp(m *ssa.MakeMap) bool {
	if _, ok := m.Type().Underlying().(*types.Map); !ok {
		return false
	}
	paths := 0
	for _, ref := range *m.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			if ref.Map != m {
				return false
			}
			key := constString(ref.Key)
			if !opMember(key) {
				return false
			}
			if key == "path" {
				if !managedPath(constString(ref.Value)) {
					return false
				}
				paths++
			}
		case *ssa.Store:
			if ref.Val != m {
				return false
			}
		case *ssa.MakeInterface:
			if !onlyStored(ref) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return paths == 1
}

// onlyStored reports whether v is used only as the value of stores (into
// the slice literal its element is).
func onlyStored(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Val != v {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// structOp reports whether the struct literal built in lit and loaded by
// load, an element of a slice literal of JSON patch operations, is an
// operation on managed fields or the resource version: the struct encodes
// as plain JSON (no MarshalJSON or MarshalText), has no embedded field and
// no encoded field other than op, path and value, and its path is set
// once, to such a constant. The names are those the fields encode under,
// matched exactly, as the API server matches the members of an
// operation.
func structOp(lit *ssa.Alloc, load *ssa.UnOp) bool {
	elem := lit.Type().(*types.Pointer).Elem()
	st, ok := elem.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(elem), true, nil, m); obj != nil {
			return false
		}
	}
	pathField := -1
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Embedded() {
			return false
		}
		name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		switch {
		case name == "-" || !f.Exported():
			continue
		case name == "":
			name = f.Name()
		}
		if !opMember(name) {
			return false
		}
		if name == "path" {
			pathField = i
		}
	}
	if pathField < 0 {
		return false
	}
	paths := 0
	for _, ref := range *lit.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref != load {
				return false
			}
		case *ssa.FieldAddr:
			// Only the literal's stores: the value of the path.
			for _, fref := range *ref.Referrers() {
				switch s := fref.(type) {
				case *ssa.Store:
					if s.Addr != ref || ref.Field == pathField && !managedPath(constString(s.Val)) {
						return false
					}
					if ref.Field == pathField {
						paths++
					}
				case *ssa.DebugRef:
				default:
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return paths == 1
}

// mergedManagedFields reports whether the merge patch mc (client.MergeFrom
// and the like) of the write call sends managed fields alone: its base is
// a copy of the written object made in the function, and between the copy
// and the write the object's managed fields change and nothing else does,
// neither in the object nor in the copy.
func (c *checker) mergedManagedFields(file *ast.File, call *ast.CallExpr, instr ssa.CallInstruction, mc *ssa.Call) bool {
	cp := copyCall(mc.Call.Args[0])
	if cp == nil || cp.Parent() != instr.Parent() || cp.Pos() >= call.Pos() {
		return false
	}
	copyExpr := callAt(file, cp.Pos())
	mergeExpr := callAt(file, mc.Pos())
	if copyExpr == nil || mergeExpr == nil || len(mergeExpr.Args) == 0 {
		return false
	}
	sel, ok := ast.Unparen(copyExpr.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	obj, _ := fixes.ObjectVar(c.info, call.Args[1])
	if src, _ := fixes.ObjectVar(c.info, sel.X); obj == nil || src != obj {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, _ := fixes.EnclosingFunc(path)
	if body == nil || copyExpr.Pos() < body.Pos() {
		return false
	}
	if objchange.LoopEnd(body, copyExpr.End(), call.Pos(), call.End()) != call.End() {
		// The write is in a loop the copy is not in: what the rest of
		// the loop does comes before its next pass, and the write itself
		// with it. Not worked out: the patch is taken to send more.
		return false
	}
	fn := instr.Parent()
	managed, other, _ := objchange.ManagedFieldsChange(c.res, fn, objchange.ObjectOf(receiverOf(cp.Common())), obj.Name(), copyExpr.End(), call.Pos(), call)
	// The copy is not changed either: a label removed from it would be
	// sent as one set on the object.
	return managed && other == "" && objchange.Unchanged(c.res, fn, cp, copyExpr.End(), call.Pos(), call)
}

// copyCall returns the call of DeepCopy or DeepCopyObject that the base of
// a merge patch is (through conversions and a type assertion to
// client.Object), or nil.
func copyCall(base ssa.Value) *ssa.Call {
	v := valueflow.Unconvert(base)
	if ta, ok := v.(*ssa.TypeAssert); ok && !ta.CommaOk {
		v = valueflow.Unconvert(ta.X)
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	var name string
	var sig *types.Signature
	switch {
	case call.Call.IsInvoke():
		name, sig = call.Call.Method.Name(), call.Call.Method.Type().(*types.Signature)
	case call.Call.StaticCallee() != nil:
		callee := call.Call.StaticCallee()
		if callee.Signature.Recv() == nil {
			return nil
		}
		name, sig = callee.Name(), callee.Signature
	default:
		return nil
	}
	if (name != "DeepCopy" && name != "DeepCopyObject") || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return nil
	}
	return call
}

// callAt returns the call expression of file whose opening parenthesis is
// at lparen (the position of an SSA call), or nil.
func callAt(file *ast.File, lparen token.Pos) *ast.CallExpr {
	if file == nil || !lparen.IsValid() {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, lparen, lparen)
	for _, n := range path {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen {
			return call
		}
	}
	return nil
}
