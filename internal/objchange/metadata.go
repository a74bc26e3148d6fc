package objchange

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// objectupdate's question on the Follower: what does an Update send
// besides changes to the metadata's labels, annotations, owner references
// and finalizers? Each use is rated by the part of the object it reaches
// (partOf): a change of one of those areas, a read, or a reason the
// Update sends more (a change of the spec, a hand-over whose effect
// cannot be seen). Helpers handed the object are followed; what other
// packages' functions do comes from the pass's facts (ParamChanges).

// Area is a set of the metadata a patch can carry apart: labels,
// annotations, owner references and finalizers.
type Area uint8

// The areas.
const (
	Labels Area = 1 << iota
	Annotations
	Owners
	Finalizers
)

// String names the areas for messages: "labels and owner references".
func (a Area) String() string {
	var parts []string
	for _, x := range []struct {
		a    Area
		name string
	}{{Labels, "labels"}, {Annotations, "annotations"}, {Owners, "owner references"}, {Finalizers, "finalizers"}} {
		if a&x.a != 0 {
			parts = append(parts, x.name)
		}
	}
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Effect is what the uses of an object do to it.
type Effect struct {
	Changed Area
	// Maybe holds the maps handed to code that may or may not write
	// them (another package's function taking obj.Labels): not counted
	// as changes, so that a read alone is not reported as one; the patch
	// carries whatever they did anyway.
	Maybe   Area
	Blocked string    // why the finding is ruled out; empty if it is not
	At      token.Pos // where

	// deep is set when the depth limit cut the following of a helper
	// short: such an answer depends on the depth it was asked at.
	deep bool
}

// mayChange records that a may change the map or list a; finalizers
// count as changed, which rules the finding out.
func (e *Effect) mayChange(a Area) {
	if a == Finalizers {
		e.Changed |= a
	} else {
		e.Maybe |= a
	}
}

// Unchanged reports whether e holds no change, no possible one and no
// reason to rule a fix out: the object is left as it was.
func (e Effect) Unchanged() bool {
	return e.Changed == 0 && e.Maybe == 0 && e.Blocked == ""
}

func (e *Effect) block(pos token.Pos, why string) {
	if e.Blocked == "" {
		e.Blocked, e.At = why, pos
	}
}

// Merge adds what o does: its changes, and its reason to rule the
// finding out unless e has one already.
func (e *Effect) Merge(o Effect) {
	e.Changed |= o.Changed
	e.Maybe |= o.Maybe
	e.deep = e.deep || o.deep
	if o.Blocked != "" {
		e.block(o.At, o.Blocked)
	}
}

// pathKind is what part of the object an expression reaches.
type pathKind int

const (
	wholeObject pathKind = iota // the object itself (or *obj, &obj)
	wholeMeta                   // obj.ObjectMeta
	metaField                   // a field of ObjectMeta: area says which, 0 for the others (name, ...)
	typeMeta                    // apiVersion and kind: not stored
	otherField                  // spec, status, anything else
	wholeList                   // a list of objects: its Items are
	listItems                   // its Items; indexed, an object again
)

// access is an expression that reaches into the object.
type access struct {
	kind  pathKind
	area  Area   // for metaField
	field string // the field reached, for reasons
}

// describe names the part acc reaches of the object named name.
func describe(acc access, name string) string {
	switch acc.kind {
	case wholeObject, wholeList:
		return name
	case wholeMeta:
		return name + ".ObjectMeta"
	case listItems:
		if acc.field != "Items" {
			return name // a slice of objects
		}
		return name + ".Items"
	}
	return name + "." + acc.field
}

// Functions of controller-runtime's controllerutil package and what they
// do to the object argument at the given index. Owner references count only
// as added or updated (SetControllerReference, SetOwnerReference): a
// strategic merge patch merges those by uid; see replacesOwners for the
// others.
var controllerutilFuncs = map[string]struct {
	idx  int
	area Area
}{
	"SetControllerReference": {1, Owners},
	"SetOwnerReference":      {1, Owners},
	"AddFinalizer":           {0, Finalizers},
	"RemoveFinalizer":        {0, Finalizers},
}

// replacesOwners rules out an Update whose owner references may lose an
// entry (RemoveOwnerReference, SetOwnerReferences, an assignment): when
// the last one goes, the strategic merge patch sets the list to null,
// removing the entries other writers added since the read, as it does for
// the last finalizer.
const replacesOwners = "owner references are removed or replaced, which a patch cannot do without dropping other writers' entries"

const (
	controllerutilPath = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	rootPath           = "sigs.k8s.io/controller-runtime"
	apiMetaPath        = "k8s.io/apimachinery/pkg/api/meta"
)

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// ParamChanges is what a function of another package does to one
// parameter, as a pass's fact records it (objectupdate's ChangesParams).
type ParamChanges struct {
	Index int // the parameter's index; -1 for the receiver
	// Map is set for a map parameter, whose changes are to whatever map
	// the caller hands over (Changed and Maybe then use Labels for
	// "written" and "perhaps written").
	Map     bool
	Changed uint8  // areas changed (labels, annotations, owner references, finalizers)
	Maybe   uint8  // areas handed on to code that may change them
	Blocked string // why other changes, or unseen ones, may happen; empty if none
}

// Metadata answers the areas question for one package, memoising what
// its functions do to what they are handed across questions.
type Metadata struct {
	rule *areasRule // its Follower (rule.f) keeps the memo
}

// NewMetadata returns the areas question's answers for the package of
// res; imported says what another package's function does to its
// parameter idx (-1: the receiver), from the asking pass's facts: nil,
// or false, when that is unknown, and the hand-over then rules the
// finding out.
func NewMetadata(res *reconcilepath.Result, imported func(fn *types.Func, idx int) (ParamChanges, bool)) *Metadata {
	r := &areasRule{m: res.Model, imported: imported}
	r.f = packageFollower[Effect](res, r)
	r.f.EveryPart, r.f.Rebinds = true, true
	return &Metadata{rule: r}
}

// Region returns what the instructions of fn positioned from start to
// end, in the blocks from which target can still be reached, do to obj,
// leaving out those leave reports (nil: none): the call the question is
// about, branches that drop the object. name names obj in reasons.
// Function literals made before end count wherever they are.
func (md *Metadata) Region(fn *ssa.Function, obj ssa.Value, name string, start, end token.Pos, target ast.Node, leave func(ssa.Instruction, token.Pos) bool) Effect {
	if obj == nil {
		return Effect{}
	}
	md.rule.names = statusRule{root: obj, name: name}
	return region(md.rule.f, Rule[Effect](md.rule), fn, obj, start, end, target, leave)
}

// Param returns what fn, a function of the package, does on every path
// to what it gets as p: an object, a list of objects, or a map or slice
// (then rated as if it were the labels: Changed and Maybe say Labels for
// "written" and "perhaps written", as ParamChanges.Map does).
//
// It is asked one hand-over deep, as a function the object is handed to
// from a region is: a return of p hands it back to code not followed.
func (md *Metadata) Param(fn *ssa.Function, p ssa.Value) Effect {
	return md.rule.f.In(fn, p, 1)
}

// cutShort reports whether the depth limit cut the following of a helper
// short: such an answer depends on the depth it was asked at, and the
// Follower does not keep it.
func (e Effect) cutShort() bool { return e.deep }

// areasRule rates uses for the areas question.
type areasRule struct {
	m        *crmodel.Model
	imported func(fn *types.Func, idx int) (ParamChanges, bool)
	f        *Follower[Effect]
	// names names the object the current question is about, and in the
	// functions it is handed to, their parameters, as statusRule does.
	names statusRule
}

func (r *areasRule) Rate(u Use) Effect {
	var e Effect
	pos := u.Instr.Pos()
	acc := partOf(u.Addr)
	switch u.Kind {
	case Stored, MapStored, Cleared:
		return write(acc, pos, r.names.nameOf(u.Obj))
	case TooDeep:
		e.block(pos, "the object is handed on too deep to follow")
		e.deep = true
	case Escaped:
		switch {
		case u.Name == "returned":
			e.block(pos, describe(acc, r.names.nameOf(u.Obj))+" is returned, and what the caller does to it is not followed")
		case acc.kind == typeMeta, acc.kind == metaField && u.Name != "joined":
			// apiVersion and kind, or a metadata map or list held
			// elsewhere: metadata still.
		case acc.kind == wholeMeta && !isPointerOrInterface(u.Addr.Type()):
			// A copy of the metadata: its maps are metadata still.
		case acc.kind == metaField && acc.area != 0 && acc.area != Owners:
			// Held with other values in a variable, and perhaps
			// written through it.
			e.mayChange(acc.area)
		default:
			e.block(pos, describe(acc, r.names.nameOf(u.Obj))+" is stored elsewhere, whose changes are not followed")
		}
	default:
		e.block(pos, fmt.Sprintf("%s is handed to %s, whose changes to it cannot be told", describe(acc, r.names.nameOf(u.Obj)), u.Name))
	}
	return e
}

// write is an assignment to (or through) a part of the object.
func write(acc access, pos token.Pos, name string) Effect {
	var e Effect
	switch acc.kind {
	case metaField:
		switch acc.area {
		case 0:
			e.block(pos, acc.field+" is assigned")
		case Owners:
			// Entries may be removed: see replacesOwners.
			e.block(pos, replacesOwners)
		default:
			e.Changed = acc.area
		}
	case typeMeta:
		// apiVersion and kind are not stored: no change to send.
	case wholeObject, wholeList:
		e.block(pos, name+" is assigned as a whole")
	case wholeMeta:
		e.block(pos, "its metadata is assigned as a whole")
	default:
		e.block(pos, acc.field+" is changed")
	}
	return e
}

// Call rates the calls the question knows: controller-runtime's and
// apimachinery's metadata helpers, the client, the maps package, the
// functions other packages' facts describe, and the package's helpers
// handed a metadata map or list (whose answer, given for the map, is
// turned into the area's).
func (r *areasRule) Call(u Use) (Effect, bool) {
	var e Effect
	pos := u.Instr.Pos()
	acc := partOf(u.Addr)
	common := u.Instr.(ssa.CallInstruction).Common()
	fn := u.Callee
	if fn == nil {
		// ctrl.SetControllerReference is a variable holding
		// controllerutil's function.
		if load, ok := common.Value.(*ssa.UnOp); ok {
			if g, ok := load.X.(*ssa.Global); ok && g.Pkg != nil && crmodel.IsPath(g.Pkg.Pkg.Path(), rootPath) {
				if k, ok := controllerutilFuncs[g.Name()]; ok {
					return known(acc, k.idx, k.area, u.Arg, pos, r.names.nameOf(u.Obj)), true
				}
			}
		}
		return e, false
	}
	sig, _ := fn.Type().(*types.Signature)
	method := sig != nil && sig.Recv() != nil
	idx := u.Arg // the parameter's index; -1 for the receiver
	if method {
		idx--
	}
	var pkgPath string
	if fn.Pkg() != nil {
		pkgPath = crmodel.Unvendor(fn.Pkg().Path())
	}
	recvT := reconcilepath.CallRecvType(common)
	switch {
	case !method && pkgPath == controllerutilPath:
		if k, ok := controllerutilFuncs[fn.Name()]; ok {
			return known(acc, k.idx, k.area, u.Arg, pos, r.names.nameOf(u.Obj)), true
		}
		switch fn.Name() {
		case "ContainsFinalizer", "HasControllerReference", "HasOwnerReference":
			return e, true
		case "RemoveOwnerReference", "RemoveControllerReference":
			if u.Arg == 1 {
				e.block(pos, replacesOwners)
			}
			return e, true
		}
	case !method && pkgPath == crmodel.MetaV1Path:
		switch fn.Name() {
		case "SetMetaDataLabel":
			return known(acc, 0, Labels, u.Arg, pos, r.names.nameOf(u.Obj)), true
		case "SetMetaDataAnnotation":
			return known(acc, 0, Annotations, u.Arg, pos, r.names.nameOf(u.Obj)), true
		}
		return e, true // HasLabel, IsControlledBy, GetControllerOf, NewControllerRef: reads
	case !method && pkgPath == apiMetaPath && (strings.HasPrefix(fn.Name(), "Set") || strings.HasPrefix(fn.Name(), "Remove")):
		// meta.SetStatusCondition(&obj.Status.Conditions, ...)
		return write(acc, pos, r.names.nameOf(u.Obj)), true
	case !method && pkgPath == crmodel.ClientPath:
		return e, true // client.ObjectKeyFromObject
	case !method && pkgPath == "maps":
		if u.Arg == 0 && (fn.Name() == "Copy" || fn.Name() == "DeleteFunc") {
			return write(acc, pos, r.names.nameOf(u.Obj)), true // maps.Copy(obj.Labels, extra)
		}
		return e, true
	case method && (fn.Name() == "Delete" || fn.Name() == "DeleteAllOf") && r.m.ClassifyMethod(fn, recvT) == crmodel.ObjectWrite:
		return e, true // deleted, not changed: the paths that delete seldom reach the Update
	case pkgPath == crmodel.ClientPath || method && r.m.ClassifyMethod(fn, recvT) != crmodel.NotWrite || method && r.m.IsGet(fn, recvT):
		// Written or read again through the client on the way: the copy
		// to patch from, and what the Update sends, are another story.
		e.block(pos, describe(acc, r.names.nameOf(u.Obj))+" is read or written through the client again")
		return e, true
	}
	if acc.kind == typeMeta {
		return e, true
	}
	if method && u.Arg == 0 {
		return r.receiver(u, acc, fn, sig, pkgPath)
	}
	if p, ok := r.imported0(fn, idx); ok {
		return applyImported(acc, p, r.names.nameOf(u.Obj), fn.Name(), pos), true
	}
	if readsArgs(fn) {
		// What it returns may be what it was handed
		// (meta.FindStatusCondition's pointer into the conditions):
		// ObjectOf follows that as the same part.
		return e, true
	}
	if pt := paramAt(sig, idx); pt != nil && ObjectInterface(pt, false) {
		return e, true // runtime.Object: event recorders, loggers
	}
	if ces := r.f.callees(u.Instr.(ssa.CallInstruction)); len(ces) > 0 {
		switch acc.kind {
		case wholeObject, wholeMeta, wholeList, listItems:
			return e, false // followed by the Follower, as the object
		case metaField:
			if acc.area != 0 {
				return r.handedPart(u, acc, ces), true
			}
		}
	}
	if acc.kind == metaField && acc.area != 0 && acc.area != Owners {
		// Whatever the callee does with a metadata map or list changes
		// that at most.
		e.mayChange(acc.area)
		return e, true
	}
	e.block(pos, fmt.Sprintf("%s is handed to %s, whose changes to it cannot be told", describe(acc, r.names.nameOf(u.Obj)), fn.Name()))
	return e, true
}

// receiver rates a method called on a part of the object.
func (r *areasRule) receiver(u Use, acc access, fn *types.Func, sig *types.Signature, pkgPath string) (Effect, bool) {
	var e Effect
	pos := u.Instr.Pos()
	name := fn.Name()
	switch {
	case pkgPath == crmodel.MetaV1Path && (acc.kind == wholeObject || acc.kind == wholeMeta):
		// ObjectMeta's accessors, or metav1.Object's.
		switch name {
		case "SetLabels":
			e.Changed = Labels
		case "SetAnnotations":
			e.Changed = Annotations
		case "SetOwnerReferences":
			e.block(pos, replacesOwners)
		case "SetFinalizers":
			e.Changed = Finalizers
		default:
			if strings.HasPrefix(name, "Set") {
				e.block(pos, name+" changes other metadata")
			}
			// The getters' results are followed as the object (ObjectOf).
		}
		return e, true
	case name == "DeepCopy" || name == "DeepCopyObject" || name == "DeepCopyInto" || name == "GetObjectKind":
		return e, true // copies; GetObjectKind is the type's apiVersion and kind
	case acc.kind == metaField && acc.area != 0:
		if !OnlyReads(fn) {
			e.mayChange(acc.area) // a method of a metadata map type: that at most
		}
		return e, true // labels.Set(obj.Labels).Has(k)
	case sig.Params().Len() == 0 && sig.Results().Len() > 0:
		return e, true // a getter: a result that refers into the object is followed as it (ObjectOf)
	}
	if ces := r.f.callees(u.Instr.(ssa.CallInstruction)); len(ces) > 0 && acc.kind == wholeObject {
		return e, false // followed by the Follower
	}
	if p, ok := r.imported0(fn, -1); ok {
		return applyImported(acc, p, r.names.nameOf(u.Obj), name, pos), true
	}
	if _, isPtr := sig.Recv().Type().Underlying().(*types.Pointer); !isPtr && !mutable(sig.Recv().Type()) {
		return e, true // a value receiver without references: a copy
	}
	e.block(pos, describe(acc, r.names.nameOf(u.Obj))+"."+name+" may change it")
	return e, true
}

// handedPart rates the package's helpers handed a metadata map or list:
// what each does to the map, as that area's change.
func (r *areasRule) handedPart(u Use, acc access, ces []*ssa.Function) Effect {
	var e Effect
	for _, ce := range ces {
		if u.Depth >= MaxDepth || u.Arg >= len(ce.Params) {
			e.block(u.Instr.Pos(), "the object is handed on too deep to follow")
			e.deep = true
			return e
		}
		in := r.f.In(ce, ce.Params[u.Arg], u.Depth+1)
		if in.Blocked != "" {
			e.block(in.At, in.Blocked)
		}
		switch {
		case in.Changed != 0 && acc.area == Owners:
			e.block(u.Instr.Pos(), replacesOwners)
		case in.Changed != 0:
			e.Changed |= acc.area
		case in.Maybe != 0:
			e.mayChange(acc.area)
		}
	}
	return e
}

// imported0 is the pass's fact for another package's function.
func (r *areasRule) imported0(fn *types.Func, idx int) (ParamChanges, bool) {
	if r.imported == nil || fn == nil {
		return ParamChanges{}, false
	}
	return r.imported(fn.Origin(), idx)
}

func (r *areasRule) Merge(a, b Effect) Effect {
	a.Merge(b)
	return a
}

// Body names the function a reason was found in, unless it is a
// function literal, which reads as part of the function that makes it.
func (r *areasRule) Body(fn *ssa.Function, blocks []Effect) Effect {
	var e Effect
	for _, b := range blocks {
		e.Merge(b)
	}
	if e.Blocked != "" && fn.Parent() == nil {
		name := fn.Name()
		if fn.Origin() != nil {
			name = fn.Origin().Name()
		}
		e.Blocked += " (in " + name + ")"
	}
	return e
}

// known applies a recognised helper: argument objIdx of the call changes
// area; the others are read.
func known(acc access, objIdx int, a Area, i int, pos token.Pos, name string) Effect {
	var e Effect
	if i != objIdx {
		return e // the owner of an owner reference, a key: read
	}
	switch acc.kind {
	case wholeObject, wholeMeta:
		e.Changed = a
	default:
		e.block(pos, describe(acc, name)+" is handed to a metadata helper")
	}
	return e
}

// paramAt returns the type of parameter i of sig (a variadic one's
// element past the last).
func paramAt(sig *types.Signature, i int) types.Type {
	if sig == nil || i < 0 {
		return nil
	}
	n := sig.Params().Len()
	if n == 0 {
		return nil
	}
	if sig.Variadic() && i >= n-1 {
		if s, ok := sig.Params().At(n - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	}
	if i >= n {
		return nil
	}
	return sig.Params().At(i).Type()
}

// step is one selection on the way from an object to a part of it.
type step struct {
	recv     types.Type // a field's struct, or a pointer to it
	field    *types.Var
	index    bool   // an element of a slice or array
	accessor string // a method whose result points into the receiver
}

// partOf says what part of an object addr reaches: the selections from
// the object ObjectOf maps it to (or the value the walk back stops at),
// read from the kind of that value's type.
func partOf(addr ssa.Value) access {
	var steps []step
	for i := 0; i < 64 && addr != nil; i++ {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			if st := crmodel.StructOf(x.X.Type()); st != nil && x.Field < st.NumFields() {
				steps = append(steps, step{recv: x.X.Type(), field: st.Field(x.Field)})
			}
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
				steps = append(steps, step{recv: x.X.Type(), field: st.Field(x.Field)})
			}
		case *ssa.IndexAddr, *ssa.Index:
			steps = append(steps, step{index: true})
		case *ssa.UnOp:
			if x.Op == token.MUL {
				addr = x.X
				continue
			}
		case *ssa.Call:
			if recv := AccessorReceiver(x); recv != nil {
				var name string
				if callee := x.Call.StaticCallee(); callee != nil {
					name = callee.Name()
				} else if x.Call.IsInvoke() {
					name = x.Call.Method.Name()
				}
				steps = append(steps, step{accessor: name})
				addr = recv
				continue
			}
		}
		in := stepBack(addr)
		if in == nil {
			break
		}
		addr = in
	}
	slices.Reverse(steps)
	acc := kindOf(addr.Type())
	for _, s := range steps {
		acc = acc.then(s)
	}
	return acc
}

// kindOf is what a value of type t holds, as the root of an access: an
// object (or an interface holding one), its metadata, a list of objects
// or their slice, or a map or slice handed to a helper, rated as the
// labels (Metadata.Param).
func kindOf(t types.Type) access {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch {
	case crmodel.IsNamed(t, crmodel.MetaV1Path, "ObjectMeta"):
		return access{kind: wholeMeta}
	case crmodel.IsNamed(t, crmodel.MetaV1Path, "TypeMeta"):
		return access{kind: typeMeta}
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		return access{kind: metaField, area: Labels, field: "the map"}
	case *types.Slice:
		if crmodel.HasObjectMeta(u.Elem()) {
			return access{kind: listItems, field: "the items"}
		}
		return access{kind: metaField, area: Labels, field: "the list"}
	case *types.Struct:
		if !crmodel.HasObjectMeta(t) && itemsField(u) {
			return access{kind: wholeList}
		}
	}
	return access{kind: wholeObject}
}

// itemsField reports whether st has a field Items, a slice of objects.
func itemsField(st *types.Struct) bool {
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == "Items" {
			s, ok := f.Type().Underlying().(*types.Slice)
			return ok && crmodel.HasObjectMeta(s.Elem())
		}
	}
	return false
}

// then moves an access one selection further in.
func (acc access) then(s step) access {
	switch acc.kind {
	case metaField, typeMeta, otherField:
		return acc // decided by an outer selection
	case wholeList:
		if s.field == nil {
			return access{kind: otherField, field: "the list"}
		}
		if _, ok := s.field.Type().Underlying().(*types.Slice); ok && s.field.Name() == "Items" {
			return access{kind: listItems, field: "Items"}
		}
		return access{kind: otherField, field: s.field.Name()}
	case listItems:
		if s.index {
			return access{kind: wholeObject}
		}
		return access{kind: otherField, field: acc.field}
	}
	// The object, or its metadata.
	switch {
	case s.accessor != "":
		if a, ok := metaGetters[s.accessor]; ok {
			return access{kind: metaField, area: a, field: "metadata"}
		}
		if acc.kind == wholeMeta || s.accessor == "GetManagedFields" {
			return access{kind: metaField, field: "metadata." + lowerFirst(strings.TrimPrefix(s.accessor, "Get"))}
		}
		return access{kind: otherField, field: s.accessor + "()"}
	case s.field == nil:
		return acc // an element of an array of objects
	case crmodel.IsNamed(s.field.Type(), crmodel.MetaV1Path, "ObjectMeta"):
		return access{kind: wholeMeta}
	case crmodel.IsNamed(s.field.Type(), crmodel.MetaV1Path, "TypeMeta"):
		return access{kind: typeMeta}
	}
	recv := s.recv
	if p, ok := recv.Underlying().(*types.Pointer); ok {
		recv = p.Elem()
	}
	switch {
	case crmodel.IsNamed(recv, crmodel.MetaV1Path, "ObjectMeta"):
		a := access{kind: metaField, field: "metadata." + lowerFirst(s.field.Name())}
		a.area = metaFields[s.field.Name()]
		return a
	case crmodel.IsNamed(recv, crmodel.MetaV1Path, "TypeMeta"):
		return access{kind: typeMeta}
	}
	return access{kind: otherField, field: s.field.Name()}
}

// The metadata areas by ObjectMeta's field, and by metav1.Object's getter.
var (
	metaFields  = map[string]Area{"Labels": Labels, "Annotations": Annotations, "OwnerReferences": Owners, "Finalizers": Finalizers}
	metaGetters = map[string]Area{"GetLabels": Labels, "GetAnnotations": Annotations, "GetOwnerReferences": Owners, "GetFinalizers": Finalizers}
)

// applyImported turns a callee's fact about the parameter acc is handed
// to into the effect on the object; name names the object, fn the callee.
func applyImported(acc access, p ParamChanges, name, fn string, pos token.Pos) Effect {
	var e Effect
	switch {
	case p.Changed == 0 && p.Maybe == 0 && p.Blocked == "":
		return e // only read
	case acc.kind == metaField && acc.area != 0:
		if p.Blocked != "" {
			e.block(pos, fmt.Sprintf("%s is handed to %s: %s", describe(acc, name), fn, p.Blocked))
			return e
		}
		if p.Map && p.Changed != 0 {
			if acc.area == Owners {
				e.block(pos, replacesOwners)
			} else {
				e.Changed = acc.area
			}
			return e
		}
		e.mayChange(acc.area)
		return e
	case (acc.kind == wholeObject || acc.kind == wholeMeta) && !p.Map:
		if p.Blocked != "" {
			e.block(pos, fmt.Sprintf("%s (in %s)", p.Blocked, fn))
			return e
		}
		e.Changed, e.Maybe = Area(p.Changed), Area(p.Maybe)
		return e
	}
	e.block(pos, fmt.Sprintf("%s is handed to %s, which may change it", describe(acc, name), fn))
	return e
}

// VarObject returns the object the variable v of fn holds, as ObjectOf
// names it, where SSA keeps v in one place: a parameter, or a local kept in
// memory (its address taken, or captured by a literal). Nil for a local
// SSA keeps in registers: each value it is given is its own.
func VarObject(fn *ssa.Function, v *types.Var) ssa.Value {
	for _, p := range fn.Params {
		if p.Object() == v {
			return ObjectOf(p)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok && a.Pos() == v.Pos() && a.Comment == v.Name() {
				return ObjectOf(a)
			}
		}
	}
	return nil
}
