package reconcilepath

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// This file is the part of the index that passes tracing where a value
// comes from read (fieldmanager's clients and managers): the SSA call of a
// call expression, the stores to each field, local and global with their
// instructions (a store's position says which file made it), and each
// declared function's static call sites and whether it is used as a value.

// Build returns the index of a package that the analyzer did not build SSA
// for (its Result has no SSA: the package imports neither the client nor
// the reconcile package, nor a package with status writers), for a pass
// that found something to trace there all the same, such as a write
// through a wrapper package's client. It finds no writes and no roots, and
// exports no facts.
func Build(pass *analysis.Pass, m *crmodel.Model) *Result {
	res := build(pass, m, ProductionFiles(pass))
	res.buildTestsLater(pass, func() *Result { return build(pass, m, pass.Files) })
	return res
}

func build(pass *analysis.Pass, m *crmodel.Model, files []*ast.File) *Result {
	res := &Result{Model: m, Files: files, SSA: buildSSA(pass, files)}
	a := &analyzer{pass: pass, m: m, res: res}
	a.index()
	return res
}

// CallInstr returns the SSA call of a call expression of the package
// (calls, defers, go statements), in the function's own body rather than
// a generic instance's; nil for conversions, calls SSA does not make
// (constant expressions, unreachable code) and calls outside the package's
// functions.
func (r *Result) CallInstr(call *ast.CallExpr) ssa.CallInstruction {
	if r == nil || call == nil {
		return nil
	}
	return r.instrAt[call.Lparen]
}

// SelectorAt returns the package's selector expression whose selected name
// is at pos. A field selection SSA makes implicitly (through an embedded
// field) is placed at the start of the selector expression, an explicit
// one at the selected name: this tells them apart.
func (r *Result) SelectorAt(pos token.Pos) *ast.SelectorExpr {
	if r == nil {
		return nil
	}
	return r.selAt[pos]
}

// DirectCalls returns the package's static calls of the declared function
// or method fn (of its generic instances too), outside generic instances'
// bodies and SSA's wrappers: one per call expression. Calls through
// interfaces and through function values are not among them.
func (r *Result) DirectCalls(fn *types.Func) []ssa.CallInstruction {
	if r == nil || fn == nil {
		return nil
	}
	return r.direct[fn.Origin()]
}

// Escapes reports whether the package uses fn other than by calling it
// directly: as a function value, a method value or a method expression,
// so that its calls cannot all be seen.
func (r *Result) Escapes(fn *types.Func) bool {
	return r != nil && fn != nil && r.escapes[fn.Origin()]
}

// AllCalls returns the calls of fn, a function the package declares, when
// the package's calls are all its calls: it is unexported (other packages
// cannot call it, and the package's tests are not in the SSA) and never
// used as a value. ok is false otherwise, and when nothing calls it.
func (r *Result) AllCalls(fn *ssa.Function) (calls []ssa.CallInstruction, ok bool) {
	if r == nil || fn == nil || fn.Parent() != nil || fn.Origin() != nil {
		return nil, false // a closure, or a generic instance
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Exported() || r.Escapes(obj) {
		return nil, false
	}
	calls = r.Callers(fn)
	return calls, len(calls) > 0
}

// AllArguments returns the values passed for p at every call of its
// function, when AllCalls knows them all and p is not a variadic
// parameter.
func (r *Result) AllArguments(p *ssa.Parameter) (args []ssa.Value, ok bool) {
	fn := p.Parent()
	calls, ok := r.AllCalls(fn)
	if !ok || fn.Signature.Variadic() && p == fn.Params[len(fn.Params)-1] {
		return nil, false
	}
	args = r.Arguments(p)
	return args, len(args) == len(calls)
}

// source reports whether calls in fn are the package's source calls: fn
// is written in the package (or is its initializer), not a generic
// instance nor a wrapper SSA made.
func source(fn *ssa.Function) bool {
	if fn.Origin() != nil {
		return false
	}
	return fn.Synthetic == "" || fn.Object() == nil && fn.Name() == "init" && fn.Parent() == nil
}

func (r *Result) indexCall(fn *ssa.Function, call ssa.CallInstruction) {
	if !source(fn) {
		return
	}
	common := call.Common()
	if pos := common.Pos(); pos.IsValid() {
		r.instrAt[pos] = call
	}
	if common.IsInvoke() {
		return
	}
	callee, ok := common.Value.(*ssa.Function)
	if !ok {
		return
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	if obj, ok := callee.Object().(*types.Func); ok && callee.Synthetic == "" {
		r.direct[obj.Origin()] = append(r.direct[obj.Origin()], call)
	}
}

// indexFuncOperand records a function used other than as the callee of a
// static call, and any use of a method value's or method expression's
// wrapper, as escaping.
func (r *Result) indexFuncOperand(instr ssa.Instruction, op *ssa.Value, f *ssa.Function) {
	if fn := instr.Parent(); fn == nil || !source(fn) {
		return
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	obj, ok := f.Object().(*types.Func)
	if !ok {
		return
	}
	if call, ok := instr.(ssa.CallInstruction); ok && f.Synthetic == "" {
		if c := call.Common(); !c.IsInvoke() && op == &c.Value {
			return // called
		}
	}
	r.escapes[obj.Origin()] = true
}
