package objchange

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// metadataRule rates on the Follower what code does to an object's
// metadata, as the walker on the AST does outside status mode, with
// managed fields an area of their own: the changes of labels,
// annotations, owner references, finalizers and managed fields, and a
// reason to rule out anything else (a change of another field, a
// hand-over whose changes cannot be seen, a read or write through the
// client). fieldmanager asks it whether a merge patch sends managed fields
// alone.
type metadataRule struct {
	m       *crmodel.Model
	follows func(*ssa.Function) bool
}

// NewMetadataFollower returns a Follower rating what the package's
// functions (inPkg) do to an object's metadata, as Effects.
func NewMetadataFollower(m *crmodel.Model, inPkg func(*ssa.Function) bool) *Follower[Effect] {
	r := metadataRule{m: m, follows: func(fn *ssa.Function) bool { return fn.Object() != nil && inPkg(fn) }}
	return NewFollower[Effect](r, r.follows, func(call ssa.CallInstruction) []*ssa.Function {
		if fn := call.Common().StaticCallee(); fn != nil && r.follows(fn) {
			return []*ssa.Function{fn}
		}
		return nil
	})
}

// metaAccess is where an address points in the object, as access does
// for the walker on the AST.
func metaAccess(u Use) access {
	if u.Part == ThroughAccessor && u.Accessor != nil {
		var name string
		if fn := reconcilepath.CalleeFunc(&u.Accessor.Call); fn != nil {
			name = fn.Name()
		}
		a := map[string]Area{"GetLabels": Labels, "GetAnnotations": Annotations, "GetOwnerReferences": Owners, "GetFinalizers": Finalizers, "GetManagedFields": ManagedFields}[name]
		if a != 0 {
			return access{kind: metaField, area: a, field: "metadata"}
		}
		return access{kind: otherField, field: name + "()"}
	}
	fields, stop := FieldPath(u.Addr)
	meta := isObjectMeta(stop.Type())
	for len(fields) > 0 && crmodel.IsObjectMeta(fields[0].Type()) {
		fields, meta = fields[1:], true
	}
	switch {
	case len(fields) == 0 && meta:
		return access{kind: wholeMeta}
	case len(fields) == 0:
		return access{kind: wholeObject}
	case crmodel.IsNamed(fields[0].Type(), crmodel.MetaV1Path, "TypeMeta"):
		return access{kind: typeMeta}
	case meta:
		f := fields[0].Name()
		a := map[string]Area{"Labels": Labels, "Annotations": Annotations, "OwnerReferences": Owners, "Finalizers": Finalizers, "ManagedFields": ManagedFields}[f]
		return access{kind: metaField, area: a, field: "metadata." + lowerFirst(f)}
	}
	return access{kind: otherField, field: fields[0].Name()}
}

// isObjectMeta reports whether t is ObjectMeta, or a pointer to it or to
// such a pointer (a variable holding one).
func isObjectMeta(t types.Type) bool {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok && crmodel.IsObjectMeta(p.Elem()) {
		return true
	}
	return crmodel.IsObjectMeta(t)
}

func (r metadataRule) Rate(u Use) Effect {
	var e Effect
	acc := metaAccess(u)
	pos := u.Instr.Pos()
	switch u.Kind {
	case Stored, MapStored, Cleared:
		return write(acc, objName(u.Obj), pos)
	case TooDeep:
		e.block(pos, "the object is handed on too deep to follow")
	default:
		e.block(pos, fmt.Sprintf("%s is handed to %s, whose changes to it cannot be told", describe(acc, objName(u.Obj)), u.Name))
	}
	return e
}

// Call rates the calls the walker on the AST knows; the package's own
// functions are left to the Follower, which looks into them.
func (r metadataRule) Call(u Use) (Effect, bool) {
	var e Effect
	common := u.Instr.(ssa.CallInstruction).Common()
	if fn := common.StaticCallee(); fn != nil && r.follows(fn) {
		return e, false
	}
	acc := metaAccess(u)
	pos := u.Instr.Pos()
	fn := u.Callee
	if fn == nil {
		// ctrl.SetControllerReference is a variable holding
		// controllerutil's function.
		if g, ok := common.Value.(*ssa.UnOp); ok {
			if v, ok := g.X.(*ssa.Global); ok && v.Pkg != nil && crmodel.IsPath(v.Pkg.Pkg.Path(), rootPath) {
				if k, ok := controllerutilFuncs[v.Name()]; ok {
					return known(acc, k.idx, k.area, u.Arg, pos, describe(acc, objName(u.Obj))), true
				}
			}
		}
		e.block(pos, fmt.Sprintf("%s is handed to a function value, whose changes to it cannot be told", describe(acc, objName(u.Obj))))
		return e, true
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if u.Arg == 0 {
			return r.method(acc, u, fn, sig, pos), true
		}
		u.Arg-- // the index among the parameters
	}
	return r.arg(acc, u, fn, common, pos), true
}

// method rates a method called on what acc reaches, as walker.method
// outside status mode.
func (r metadataRule) method(acc access, u Use, fn *types.Func, sig *types.Signature, pos token.Pos) Effect {
	var e Effect
	name := fn.Name()
	switch {
	case fn.Pkg() != nil && crmodel.IsPath(fn.Pkg().Path(), crmodel.MetaV1Path) && (acc.kind == wholeObject || acc.kind == wholeMeta):
		// A getter: what is done to its result is a use of its own.
		return setter(name, pos, true)
	case name == "DeepCopy" || name == "DeepCopyObject" || name == "DeepCopyInto" || name == "GetObjectKind":
		return e
	case acc.kind == metaField && acc.area != 0:
		e.mayChange(acc.area)
		return e
	case acc.kind == typeMeta:
		return e
	case sig.Params().Len() == 0 && sig.Results().Len() > 0:
		return e // a getter
	}
	e.block(pos, describe(acc, objName(u.Obj))+"."+name+" may change it")
	return e
}

// arg rates what acc reaches handed to fn as argument u.Arg, as
// walker.arg outside status mode.
func (r metadataRule) arg(acc access, u Use, fn *types.Func, common *ssa.CallCommon, pos token.Pos) Effect {
	var e Effect
	i := u.Arg
	var pkgPath string
	if fn.Pkg() != nil {
		pkgPath = crmodel.Unvendor(fn.Pkg().Path())
	}
	isFunc := fn.Type().(*types.Signature).Recv() == nil
	var recv types.Type
	if !isFunc {
		recv = common.Value.Type()
		if !common.IsInvoke() && len(common.Args) > 0 {
			recv = common.Args[0].Type()
		}
	}
	switch {
	case isFunc && pkgPath == controllerutilPath:
		if k, ok := controllerutilFuncs[fn.Name()]; ok {
			return known(acc, k.idx, k.area, i, pos, describe(acc, objName(u.Obj)))
		}
		switch fn.Name() {
		case "ContainsFinalizer", "HasControllerReference", "HasOwnerReference":
			return e
		case "RemoveOwnerReference", "RemoveControllerReference":
			if i == 1 {
				e.block(pos, replacesOwners)
			}
			return e
		}
	case isFunc && pkgPath == crmodel.MetaV1Path:
		switch fn.Name() {
		case "SetMetaDataLabel":
			return known(acc, 0, Labels, i, pos, describe(acc, objName(u.Obj)))
		case "SetMetaDataAnnotation":
			return known(acc, 0, Annotations, i, pos, describe(acc, objName(u.Obj)))
		}
		return e
	case isFunc && pkgPath == apiMetaPath && (strings.HasPrefix(fn.Name(), "Set") || strings.HasPrefix(fn.Name(), "Remove")):
		return write(acc, objName(u.Obj), pos)
	case isFunc && pkgPath == crmodel.ClientPath:
		return e
	case isFunc && pkgPath == "maps":
		if i == 0 && (fn.Name() == "Copy" || fn.Name() == "DeleteFunc") {
			return write(acc, objName(u.Obj), pos)
		}
		return e
	case (fn.Name() == "Delete" || fn.Name() == "DeleteAllOf") && r.m.ClassifyMethod(fn, recv) == crmodel.ObjectWrite:
		return e
	case pkgPath == crmodel.ClientPath || r.m.ClassifyMethod(fn, recv) != crmodel.NotWrite || fn.Name() == "Get" && r.m.IsGet(fn, recv):
		e.block(pos, describe(acc, objName(u.Obj))+" is read or written through the client again")
		return e
	}
	if acc.kind == typeMeta || readOnlyPkgs[pkgPath] {
		return e
	}
	if pt := paramType(fn, nil, i); pt != nil && readOnlyInterface(pt) {
		return e
	}
	if acc.kind == metaField && acc.area != 0 && acc.area != Owners {
		e.mayChange(acc.area)
		return e
	}
	e.block(pos, fmt.Sprintf("%s is handed to %s, whose changes to it cannot be told", describe(acc, objName(u.Obj)), fn.Name()))
	return e
}

func (metadataRule) Merge(a, b Effect) Effect {
	a.Merge(b)
	return a
}

// Body is what a function does on any of its paths.
func (metadataRule) Body(_ *ssa.Function, blocks []Effect) Effect {
	var e Effect
	for _, b := range blocks {
		e.Merge(b)
	}
	return e
}

// objName names the variable an object is held in.
func objName(v ssa.Value) string {
	if a, ok := v.(*ssa.Alloc); ok && a.Comment != "" {
		return a.Comment
	}
	return v.Name()
}
