package objchange

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Questions about a region of a function, on SSA: may anything it does
// between two points change an object, or its status?
//
// The status question: statusupdate asks it before it moves a snapshot
// after the last reload of the object, internal/fixes before it takes a
// copy of the object as loaded: a change there would be in the snapshot
// and left out of the patch. So every use the Follower cannot see through
// is a reason, with a reference into the status kept elsewhere (Escaped);
// client reads and writes are reloads, which leave the object as the API
// server has it, and changes of the metadata or the spec do not count
// (the status subresource ignores them).
//
// The unchanged question: internal/fixes asks it before it reuses a copy
// the code keeps (original := obj.DeepCopy()) as the base of a patch,
// which must still be the object as loaded. Any change of any part counts
// there, a reload too, and so does every use the Follower cannot see
// through.

// StatusChange returns why the instructions of fn positioned from start
// to end, in the blocks from which target can still be reached, may
// change the status of obj, and where ("" when nothing can). name names
// obj in the reasons. Function literals made before end count wherever
// they are: they may be called in between. target is the statement or
// call the question is for; when it is nil, or SSA has no instruction in
// it, every block counts.
func StatusChange(res *reconcilepath.Result, fn *ssa.Function, obj ssa.Value, name string, start, end token.Pos, target ast.Node) (string, token.Pos) {
	rule := statusRule{root: obj, name: name}
	m := region(packageFollower[statusReason](res, rule), rule, fn, obj, start, end, target, nil)
	return m.why, m.at
}

// Unchanged reports whether nothing fn does from start to end, on the
// way to target (as for StatusChange), may change obj, in any part.
func Unchanged(res *reconcilepath.Result, fn *ssa.Function, obj ssa.Value, start, end token.Pos, target ast.Node) bool {
	f := packageFollower[bool](res, changeRule{})
	f.EveryPart = true
	return !region(f, changeRule{}, fn, obj, start, end, target, nil)
}

// ParamUnchanged reports whether fn, a function of the package, leaves
// the object it gets as p as it was, in every part, and hands it to no
// code that may change it or keep it (returning it included).
func ParamUnchanged(res *reconcilepath.Result, fn *ssa.Function, p *ssa.Parameter) bool {
	f := packageFollower[bool](res, changeRule{})
	f.EveryPart = true
	return !f.In(fn, p, 1) // one hand-over deep: a return of p is one
}

// packageFollower returns a Follower of the package of res by rule: its
// functions, and the instances of its generic ones, are followed into.
func packageFollower[M any](res *reconcilepath.Result, rule Rule[M]) *Follower[M] {
	inPkg := func(fn *ssa.Function) bool {
		return fn != nil && (res.IsSource(fn) || fn.Origin() != nil && res.IsSource(fn.Origin()))
	}
	callees := func(call ssa.CallInstruction) []*ssa.Function {
		if ce := call.Common().StaticCallee(); inPkg(ce) {
			return []*ssa.Function{ce}
		}
		return nil
	}
	return NewFollower(rule, inPkg, callees)
}

// region rates by rule what the instructions of fn positioned from start
// to end, in the blocks from which target can be reached, do to obj
// (see StatusChange), but those leave reports (nil: none).
func region[M any](f *Follower[M], rule Rule[M], fn *ssa.Function, obj ssa.Value, start, end token.Pos, target ast.Node, leave func(ssa.Instruction, token.Pos) bool) M {
	var m M
	for _, b := range blocksReaching(fn, target) {
		for i, pos := range blockPositions(b) {
			_, isClosure := b.Instrs[i].(*ssa.MakeClosure)
			if pos < end && (start <= pos || isClosure) && (leave == nil || !leave(b.Instrs[i], pos)) {
				m = rule.Merge(m, f.Instr(rule, b.Instrs[i], obj, 0))
			}
		}
	}
	return m
}

// blockPositions returns where each instruction of b is: its own
// position, or, for one without (instrPos), that of the last instruction
// before it that has one, or else of the first after it.
func blockPositions(b *ssa.BasicBlock) []token.Pos {
	out := make([]token.Pos, len(b.Instrs))
	next := token.NoPos
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if p := instrPos(b.Instrs[i]); p.IsValid() {
			next = p
		}
		out[i] = next
	}
	last := token.NoPos
	for i, instr := range b.Instrs {
		if p := instrPos(instr); p.IsValid() {
			last = p
		}
		if last.IsValid() {
			out[i] = last
		}
	}
	return out
}

// instrPos is instr's position; a function literal's closure, which SSA
// makes without one, is where the literal is; a phi, which has the
// position of its variable's declaration, has none (it is where its
// block is).
func instrPos(instr ssa.Instruction) token.Pos {
	switch instr := instr.(type) {
	case *ssa.MakeClosure:
		if !instr.Pos().IsValid() {
			return instr.Fn.Pos()
		}
	case *ssa.Phi:
		return token.NoPos
	}
	return instr.Pos()
}

// blocksReaching returns fn's blocks, in order, from which the first
// instruction positioned in target can be reached, that one's included:
// the others end before it (an "add the finalizer, update and return"
// branch). Without such an instruction, every block.
func blocksReaching(fn *ssa.Function, target ast.Node) []*ssa.BasicBlock {
	var at *ssa.BasicBlock
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if p := instrPos(instr); at == nil && target != nil && target.Pos() <= p && p < target.End() {
				at = b
			}
		}
	}
	if at == nil {
		return fn.Blocks
	}
	seen := map[*ssa.BasicBlock]bool{at: true}
	for stack := []*ssa.BasicBlock{at}; len(stack) > 0; {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	var out []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if seen[b] {
			out = append(out, b)
		}
	}
	return out
}

// statusReason is why a status may change, and where; the zero value
// says it may not.
type statusReason struct {
	why string
	at  token.Pos
}

// statusRule rates uses for the status question. root is the object
// asked about, named name; in the functions it is handed to, it is named
// by their parameters.
type statusRule struct {
	root ssa.Value
	name string
}

func (r statusRule) Rate(u Use) statusReason {
	desc := r.nameOf(u.Obj)
	if field := PartName(u.Addr); field != "" {
		desc += "." + field
	}
	var why string
	switch u.Kind {
	case Stored, MapStored, Cleared:
		why = changedPart(u)
	case TooDeep:
		why = "the object is handed on too deep to follow"
	case Escaped:
		switch u.Name {
		case "returned":
			why = desc + " is returned, and what the caller does to it is not followed"
		case "joined":
			why = desc + " is held with other values in a variable, whose changes are not followed"
		default:
			why = desc + " is stored elsewhere, whose changes are not followed"
		}
	default:
		if u.Callee != nil && u.Arg == 0 && u.Callee.Type().(*types.Signature).Recv() != nil {
			why = desc + "." + u.Name + " may change it"
		} else {
			why = desc + " is handed to " + u.Name + ", whose changes to it cannot be told"
		}
	}
	return statusReason{why, u.Instr.Pos()}
}

// changedPart is the reason for a change of the status at u.Addr: the
// object's field it goes through, or the accessor it is reached by.
func changedPart(u Use) string {
	if u.Part == ThroughAccessor {
		if callee := u.Accessor.Call.StaticCallee(); callee != nil {
			return callee.Name() + "() is changed"
		}
		return u.Accessor.Call.Method.Name() + "() is changed"
	}
	if field := PartName(u.Addr); field != "" {
		return field + " is changed"
	}
	return "the object is assigned as a whole"
}

// Call takes apimachinery's condition setters and removers, and the maps
// package's writers, as changes of what they are handed first.
func (r statusRule) Call(u Use) (statusReason, bool) {
	if u.Callee == nil || u.Callee.Pkg() == nil || u.Arg != 0 {
		return statusReason{}, false
	}
	switch path := crmodel.Unvendor(u.Callee.Pkg().Path()); {
	case path == apiMetaPath && !readsArgs(u.Callee),
		path == "maps" && (u.Callee.Name() == "Copy" || u.Callee.Name() == "DeleteFunc"):
		u.Part, u.Accessor = StatusPart(u.Addr)
		return statusReason{changedPart(u), u.Instr.Pos()}, true
	}
	return statusReason{}, false
}

func (statusRule) Merge(a, b statusReason) statusReason {
	if a.why != "" {
		return a
	}
	return b
}

// Body names the function a reason was found in, unless it is a function
// literal, which reads as part of the function that makes it.
func (r statusRule) Body(fn *ssa.Function, blocks []statusReason) statusReason {
	var m statusReason
	for _, b := range blocks {
		m = r.Merge(m, b)
	}
	if m.why != "" && fn.Parent() == nil {
		name := fn.Name()
		if fn.Origin() != nil {
			name = fn.Origin().Name() // an instance: its generic function
		}
		m.why += " (in " + name + ")"
	}
	return m
}

// nameOf names obj for a reason: the object asked about by its name, a
// parameter or captured variable by its own.
func (r statusRule) nameOf(obj ssa.Value) string {
	switch obj := obj.(type) {
	case *ssa.Parameter:
		if obj != r.root {
			return obj.Name()
		}
	case *ssa.FreeVar:
		if obj != r.root {
			return obj.Name()
		}
	}
	return r.name
}

// changeRule rates every use of the object as a change (true), but for
// controller-runtime's functions and methods that only read it.
type changeRule struct{}

func (changeRule) Rate(Use) bool { return true }

// Call takes controller-runtime's calls: its client's methods load or
// write the object (a write decodes the server's answer into it), its
// helpers that add, remove or set change their object argument; the
// others (ObjectKeyFromObject, MergeFrom, ContainsFinalizer, Delete, an
// owner handed to SetControllerReference) read it.
func (changeRule) Call(u Use) (bool, bool) {
	if u.Callee == nil || u.Callee.Pkg() == nil || !crmodel.InControllerRuntime(u.Callee.Pkg().Path()) {
		return false, false
	}
	name := u.Callee.Name()
	switch {
	case name == "Delete" || name == "DeleteAllOf":
		return false, true
	case u.Callee.Type().(*types.Signature).Recv() != nil:
		return true, true
	}
	// The object a helper changes is its first argument, but for the
	// owner reference helpers' (owner, object, ...).
	object := 0
	if strings.HasSuffix(name, "Reference") {
		object = 1
	}
	for _, prefix := range []string{"Add", "Remove", "Set", "Create", "Update", "Patch"} {
		if strings.HasPrefix(name, prefix) {
			return u.Arg == object, true
		}
	}
	return false, true
}

func (changeRule) Merge(a, b bool) bool { return a || b }

func (changeRule) Body(_ *ssa.Function, blocks []bool) bool {
	return slices.Contains(blocks, true)
}

// ManagedFieldsChange returns whether what fn does from start to end, on
// the way to target, changes obj's managed fields, and why it may change
// anything else of obj ("" when nothing else), and where: fieldmanager's question
// whether a merge patch sends managed fields alone. A reload or a write
// of obj through the client, or a use the Follower cannot see through,
// is another change.
func ManagedFieldsChange(res *reconcilepath.Result, fn *ssa.Function, obj ssa.Value, name string, start, end token.Pos, target ast.Node) (managed bool, other string, at token.Pos) {
	rule := managedRule{statusRule{root: obj, name: name}}
	f := packageFollower[managedChange](res, rule)
	f.EveryPart = true
	m := region(f, rule, fn, obj, start, end, target, nil)
	return m.managed, m.other.why, m.other.at
}

// managedChange is what a region does to an object for ManagedFieldsChange.
type managedChange struct {
	managed bool
	other   statusReason
}

// managedRule rates uses for ManagedFieldsChange: the changes of the
// managed fields (through ObjectMeta's field, SetManagedFields, or the
// list GetManagedFields returns), and any other, named as statusRule
// names it.
type managedRule struct{ names statusRule }

func (r managedRule) Rate(u Use) managedChange {
	if (u.Kind == Stored || u.Kind == MapStored || u.Kind == Cleared) && managedFields(u) {
		return managedChange{managed: true}
	}
	return managedChange{other: r.names.Rate(u)}
}

// managedFields reports whether u changes the managed fields.
func managedFields(u Use) bool {
	if u.Part == ThroughAccessor {
		callee := u.Accessor.Call.StaticCallee()
		return callee != nil && callee.Name() == "GetManagedFields" ||
			u.Accessor.Call.IsInvoke() && u.Accessor.Call.Method.Name() == "GetManagedFields"
	}
	_, named, _ := outerField(u.Addr)
	if named == nil {
		return false
	}
	recv := named.recv
	if p, ok := recv.Underlying().(*types.Pointer); ok {
		recv = p.Elem()
	}
	return crmodel.IsNamed(recv, crmodel.MetaV1Path, "ObjectMeta") && crmodel.StructOf(recv).Field(named.idx).Name() == "ManagedFields"
}

// Call takes SetManagedFields as a change of the managed fields, and
// controller-runtime's calls as changeRule takes them.
func (r managedRule) Call(u Use) (managedChange, bool) {
	if u.Callee != nil && u.Callee.Name() == "SetManagedFields" && u.Arg == 0 && u.Callee.Pkg() != nil &&
		crmodel.Unvendor(u.Callee.Pkg().Path()) == crmodel.MetaV1Path {
		return managedChange{managed: true}, true
	}
	if changed, ok := (changeRule{}).Call(u); ok {
		if changed {
			return managedChange{other: statusReason{r.names.nameOf(u.Obj) + " is changed by " + u.Callee.Name(), u.Instr.Pos()}}, true
		}
		return managedChange{}, true
	}
	return managedChange{}, false
}

func (r managedRule) Merge(a, b managedChange) managedChange {
	return managedChange{managed: a.managed || b.managed, other: r.names.Merge(a.other, b.other)}
}

func (r managedRule) Body(fn *ssa.Function, blocks []managedChange) managedChange {
	var m managedChange
	others := make([]statusReason, len(blocks))
	for i, b := range blocks {
		m.managed = m.managed || b.managed
		others[i] = b.other
	}
	m.other = r.names.Body(fn, others)
	return m
}

// LoopEnd returns where a region of body from start to end, which holds
// at (a call, or a statement), really ends: at the end of the outermost
// loop of body that holds at but not start, whose next pass runs the rest
// of it first; else at end.
func LoopEnd(body *ast.BlockStmt, start, at, end token.Pos) token.Pos {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= at && at < n.End() && !(n.Pos() <= start && start <= n.End()) && n.End() > end {
				end = n.End()
			}
		}
		return n == nil || n.Pos() <= at && at < n.End() // only the nodes that hold at
	})
	return end
}
