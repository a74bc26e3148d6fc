package reconcilepath

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// findWrites records every status write of the package.
func (a *analyzer) findWrites() {
	seen := make(map[string]bool) // instances repeat their origin's writes
	// A method value of a status write, kept (in a field, a variable, a
	// parameter) and called later, is reported at the calls made through
	// it; one whose calls are not all found, where it is made.
	called := a.methodValueCalls()
	for _, fn := range a.funcs {
		for _, call := range a.res.callsIn[fn] {
			writes := a.classify(fn, call)
			if ws, ok := called.byCall[call]; ok {
				writes = append(writes, ws...)
			}
			for _, w := range writes {
				if w.MethodValue && w.Call == nil && called.made[w.made] {
					continue
				}
				key := w.Verb + "@" + a.pass.Fset.Position(w.Node.Pos()).String()
				if w.Node == nil || seen[key] {
					continue
				}
				seen[key] = true
				a.res.Writes = append(a.res.Writes, w)
			}
		}
	}
	sort.Slice(a.res.Writes, func(i, j int) bool { return a.res.Writes[i].Node.Pos() < a.res.Writes[j].Node.Pos() })
}

// classify returns the status writes a call makes: none, one, or for a
// write inside a method-value wrapper one per place the method value is made.
func (a *analyzer) classify(fn *ssa.Function, call ssa.CallInstruction) []*Write {
	common := call.Common()
	method, recvT, recv, args := methodCall(common)
	callee := common.StaticCallee()
	if method == nil {
		if callee != nil {
			return a.externalWrite(fn, call, callee)
		}
		return nil
	}
	if a.m.ClassifyMethod(method, recvT) != crmodel.SubResourceWrite {
		if callee != nil {
			return a.externalWrite(fn, call, callee)
		}
		if common.IsInvoke() {
			return a.constructedWrites(fn, call)
		}
		return nil
	}
	if !a.m.Legacy {
		if sub, known := a.res.Subresource(recv); !known || sub != "status" {
			if !known && method.Name() == "Update" {
				a.writerParamWrite(fn, call, recv)
			}
			return nil
		}
	}
	w := &Write{Instr: call, Fn: fn, Verb: method.Name()}
	if len(args) > 1 {
		w.Object = args[1]
	}
	if fn.Synthetic != "" {
		// A method value such as u := r.Status().Update: report where the
		// method value is made.
		var out []*Write
		for _, mc := range a.res.Closures(fn) {
			cp := *w
			cp.Fn = mc.Parent()
			cp.MethodValue = true
			cp.Object = nil
			cp.Node = a.nodeAt(mc.Pos())
			cp.made = mc
			out = append(out, &cp)
		}
		return out
	}
	a.locate(w, call)
	return []*Write{w}
}

// methodCall returns the method a call calls, its receiver's type (the
// interface, or the method's declared receiver) and value, and the other
// arguments: for a call through an interface or a static call of a
// method; method is nil for any other call.
func methodCall(common *ssa.CallCommon) (method *types.Func, recvT types.Type, recv ssa.Value, args []ssa.Value) {
	if common.IsInvoke() {
		return common.Method, common.Value.Type(), common.Value, common.Args
	}
	if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(common.Args) > 0 {
		if obj, ok := callee.Object().(*types.Func); ok {
			return obj, callee.Signature.Recv().Type(), common.Args[0], common.Args[1:]
		}
	}
	return nil, nil, nil, nil
}

// methodValueWrites says, for the package's calls of function values,
// which call status writes through a method value (byCall), and which
// method values every call of was so found (made).
type methodValueWrites struct {
	byCall map[ssa.CallInstruction][]*Write
	made   map[*ssa.MakeClosure]bool
}

// methodValueCalls finds the calls of function values that can only be
// method values of a status write (u := r.Status().Update, kept in a
// field by a constructor, say), and makes each such call a write, at the
// call. A method value is then reported at its calls alone when every
// value it can flow to that is called was traced here; a call of a value
// with any other origin is not a write.
func (a *analyzer) methodValueCalls() methodValueWrites {
	out := methodValueWrites{byCall: make(map[ssa.CallInstruction][]*Write), made: make(map[*ssa.MakeClosure]bool)}
	for _, fn := range a.funcs {
		for _, call := range a.res.callsIn[fn] {
			common := call.Common()
			if common.IsInvoke() || common.StaticCallee() != nil {
				continue
			}
			origins, ok := a.closureOrigins(common.Value)
			if !ok || len(origins) == 0 {
				continue
			}
			var verb string
			for _, mc := range origins {
				wrapper, _ := mc.Fn.(*ssa.Function)
				v := a.wrapperWriteVerb(wrapper)
				if v == "" || (verb != "" && v != verb) {
					verb = ""
					break
				}
				verb = v
			}
			if verb == "" {
				continue
			}
			w := &Write{Instr: call, Fn: fn, Verb: verb, MethodValue: true}
			if len(common.Args) > 1 {
				w.Object = common.Args[1]
			}
			a.locate(w, call)
			if w.Node == nil {
				continue
			}
			out.byCall[call] = append(out.byCall[call], w)
			for _, mc := range origins {
				out.made[mc] = true
			}
		}
	}
	return out
}

// wrapperWriteVerb returns the verb of the status write a method-value
// wrapper makes, or "".
func (a *analyzer) wrapperWriteVerb(wrapper *ssa.Function) string {
	if wrapper == nil || wrapper.Synthetic == "" {
		return ""
	}
	for _, b := range wrapper.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				for _, w := range a.classify(wrapper, call) {
					if w.External == nil {
						return w.Verb
					}
				}
			}
		}
	}
	return ""
}

// closureOrigins traces a function value back to the closures it can be
// (see origins); ok is false when an origin is anything else.
func (a *analyzer) closureOrigins(v ssa.Value) (closures []*ssa.MakeClosure, ok bool) {
	origins, ok := a.res.Origins(v, valueflow.Rule{})
	if !ok {
		return nil, false
	}
	for _, o := range origins {
		mc, ok := o.(*ssa.MakeClosure)
		if !ok {
			return nil, false
		}
		closures = append(closures, mc)
	}
	return closures, true
}

// locate finds the syntax of a call instruction.
func (a *analyzer) locate(w *Write, call ssa.CallInstruction) {
	switch call.(type) {
	case *ssa.Defer:
		w.Deferred = true
		w.Call = a.stmtCall[call.Pos()]
	case *ssa.Go:
		w.Go = true
		w.Call = a.stmtCall[call.Pos()]
	default:
		w.Call = a.res.calls[call.Pos()]
	}
	if w.Call != nil {
		w.Node = w.Call
	}
}

// nodeAt returns the method value expression whose selected name is at
// pos (where SSA places a method value's MakeClosure).
func (a *analyzer) nodeAt(pos token.Pos) ast.Node {
	if sel, ok := a.res.selAt[pos]; ok {
		return sel
	}
	return nil
}

// externalWrite reports a call of another package's function that carries
// a WritesStatus fact.
func (a *analyzer) externalWrite(fn *ssa.Function, call ssa.CallInstruction, callee *ssa.Function) []*Write {
	if callee.Origin() != nil {
		callee = callee.Origin()
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == a.pass.Pkg {
		return nil
	}
	fact := new(WritesStatus)
	if !a.pass.ImportObjectFact(obj, fact) {
		return nil
	}
	if i := fact.WriterArg - 1; i >= 0 {
		// A status write only when the call hands the status writer.
		args := call.Common().Args
		if i >= len(args) {
			return nil
		}
		if sub, known := a.res.Subresource(args[i]); !known || sub != "status" {
			return nil
		}
	}
	w := &Write{Instr: call, Fn: fn, Verb: "Update", External: fact, ExternalName: DisplayName(callee, a.pass.Pkg), ExternalFunc: obj}
	a.locate(w, call)
	if w.Node == nil {
		return nil
	}
	return []*Write{w}
}

// writerParamWrite records an Update through recv when recv is a writer
// parameter of an exported function, which only other packages call: they
// can tell whether they hand it the status writer.
func (a *analyzer) writerParamWrite(fn *ssa.Function, call ssa.CallInstruction, recv ssa.Value) {
	p, ok := valueflow.Unconvert(recv).(*ssa.Parameter)
	if !ok || fn.Parent() != nil || fn.Synthetic != "" || len(a.res.Callers(fn)) > 0 {
		return
	}
	if obj, ok := fn.Object().(*types.Func); !ok || !obj.Exported() || obj.Pkg() != a.pass.Pkg {
		return
	}
	w := &Write{Instr: call, Fn: fn, Verb: "Update", writerArg: valueflow.ParamIndex(p) + 1}
	a.locate(w, call)
	if w.Node != nil {
		a.writerParamWrites = append(a.writerParamWrites, w)
	}
}

// constructedWrites returns the writes of a call through an interface
// whose value comes, on some path, from another package's function with a
// Constructs fact: the method of the type it constructs, when that method
// carries a WritesStatus fact (a reconciler's conditions.Updater field,
// set to conditions.NewClusterPolicyUpdater(...) in SetupWithManager). One
// write per write reached, each at the call.
func (a *analyzer) constructedWrites(fn *ssa.Function, call ssa.CallInstruction) []*Write {
	common := call.Common()
	if !a.importsWriters() || libraryMethod(common.Method) {
		return nil
	}
	origins, _ := a.res.Origins(common.Value, valueflow.Rule{})
	var out []*Write
	seen := make(map[string]bool)
	for _, o := range origins {
		made, ok := o.(*ssa.Call)
		if !ok || made.Common().StaticCallee() == nil {
			continue
		}
		ctor, ok := made.Common().StaticCallee().Object().(*types.Func)
		c := new(Constructs)
		if !ok || ctor.Pkg() == nil || ctor.Pkg() == a.pass.Pkg || !a.pass.ImportObjectFact(ctor, c) {
			continue
		}
		tn, ok := ctor.Pkg().Scope().Lookup(c.Type).(*types.TypeName)
		if !ok {
			continue
		}
		t := tn.Type()
		if c.Pointer {
			t = types.NewPointer(t)
		}
		sel := a.res.SSA.Prog.MethodSets.MethodSet(t).Lookup(common.Method.Pkg(), common.Method.Name())
		if sel == nil {
			continue
		}
		m := sel.Obj().(*types.Func)
		fact := new(WritesStatus)
		if !a.pass.ImportObjectFact(m, fact) || seen[fact.WriteKey()] {
			continue
		}
		seen[fact.WriteKey()] = true
		w := &Write{Instr: call, Fn: fn, Verb: "Update", External: fact, ExternalName: methodName(m.Type().(*types.Signature).Recv().Type(), m.Name(), a.pass.Pkg), ExternalFunc: m}
		if a.locate(w, call); w.Node != nil {
			out = append(out, w)
		}
	}
	return out
}

// libraryMethod reports whether m is a method of an interface of the
// standard library, the Kubernetes libraries or controller-runtime (the
// client's own calls, the most frequent by far), whose implementations
// no constructor of an operator's package hands out.
func libraryMethod(m *types.Func) bool {
	if m.Pkg() == nil {
		return true
	}
	path := crmodel.Unvendor(m.Pkg().Path())
	return crmodel.IsStdPath(path) || strings.HasPrefix(path, "k8s.io/") || strings.HasPrefix(path, "sigs.k8s.io/controller-runtime")
}

// importsWriters reports whether a direct import has status writers
// (hasWriters): only then can a call through an interface reach one.
func (a *analyzer) importsWriters() bool {
	if a.writerImports == nil {
		v := false
		for _, imp := range a.pass.Pkg.Imports() {
			if a.pass.ImportPackageFact(imp, new(hasWriters)) {
				v = true
				break
			}
		}
		a.writerImports = &v
	}
	return *a.writerImports
}

// Subresource traces a subresource writer value back to where it was made
// (see origins) and returns the subresource it writes: "status" for
// Status(), the constant of SubResource(name). known is false when any
// origin is not a Status() or SubResource(constant) call, or cannot be
// seen.
func (r *Result) Subresource(v ssa.Value) (sub string, known bool) {
	origins, ok := r.Origins(v, valueflow.Rule{})
	if !ok || len(origins) == 0 {
		return "", false
	}
	for i, o := range origins {
		call, ok := o.(*ssa.Call)
		if !ok {
			return "", false
		}
		s, ok := r.writerSource(call.Common())
		if !ok || (i > 0 && s != sub) {
			return "", false
		}
		sub = s
	}
	return sub, true
}

// writerSource classifies a call that may make a subresource writer.
func (r *Result) writerSource(common *ssa.CallCommon) (string, bool) {
	method, recvT, _, args := methodCall(common)
	sub, known, ok := r.Model.WriterSource(method, recvT, func(i int) constant.Value {
		if i < len(args) {
			if c, ok := args[i].(*ssa.Const); ok {
				return c.Value
			}
		}
		return nil
	})
	return sub, ok && known
}

// position returns "file.go:line" for pos, the file relative to its
// package directory: enough to find it, no machine paths.
func position(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}
