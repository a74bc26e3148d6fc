package objchange

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// The status question, on SSA: may anything a function does between two
// points change an object's status? statusupdate asks it before it moves
// a snapshot after the last reload of the object, internal/fixes before
// it takes a copy of the object as loaded: a change there would be in
// the snapshot and left out of the patch. So every use the Follower
// cannot see through is a reason, with a reference into the status kept
// elsewhere (Escaped); client reads and writes are reloads, which leave
// the object as the API server has it, and changes of the metadata or
// the spec do not count (the status subresource ignores them).

// StatusChange returns why the instructions of fn positioned from start
// to end, in the blocks from which target can still be reached, may
// change the status of obj, and where ("" when nothing can). name names
// obj in the reasons. Function literals made before end count wherever
// they are: they may be called in between. target is the statement or
// call the question is for; when it is nil, or SSA has no instruction in
// it, every block counts.
func StatusChange(res *reconcilepath.Result, fn *ssa.Function, obj ssa.Value, name string, start, end token.Pos, target ast.Node) (string, token.Pos) {
	rule := statusRule{root: obj, name: name}
	// The package's functions, and the instances of its generic ones.
	inPkg := func(fn *ssa.Function) bool {
		return fn != nil && (res.IsSource(fn) || fn.Origin() != nil && res.IsSource(fn.Origin()))
	}
	callees := func(call ssa.CallInstruction) []*ssa.Function {
		if ce := call.Common().StaticCallee(); inPkg(ce) {
			return []*ssa.Function{ce}
		}
		return nil
	}
	f := NewFollower[statusReason](rule, inPkg, callees)
	var m statusReason
	for _, b := range blocksReaching(fn, target) {
		pos := token.NoPos
		for _, instr := range b.Instrs {
			if p := instrPos(instr); p.IsValid() {
				pos = p
			} else if !pos.IsValid() {
				pos = nextPos(b, instr)
			}
			_, isClosure := instr.(*ssa.MakeClosure)
			if pos < end && (start <= pos || isClosure) {
				m = rule.Merge(m, f.Instr(rule, instr, obj, 0))
			}
		}
	}
	return m.why, m.at
}

// nextPos is the position of the first instruction of b after instr that
// has one: an instruction without a position belongs with it.
func nextPos(b *ssa.BasicBlock, instr ssa.Instruction) token.Pos {
	after := false
	for _, x := range b.Instrs {
		if x == instr {
			after = true
		} else if p := instrPos(x); after && p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// instrPos is instr's position; a function literal's closure, which SSA
// makes without one, is where the literal is.
func instrPos(instr ssa.Instruction) token.Pos {
	if mc, ok := instr.(*ssa.MakeClosure); ok && !mc.Pos().IsValid() {
		return mc.Fn.Pos()
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
		why = desc + " is stored elsewhere, whose changes are not followed"
		if u.Name == "returned" {
			why = desc + " is returned, and what the caller does to it is not followed"
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
