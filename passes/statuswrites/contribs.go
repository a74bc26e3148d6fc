package statuswrites

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// contribsOf returns what a call of fn writes: a status write of one
// object, or what the callee's summary (or, for another package's
// function, its fact) says it writes, mapped to fn's objects through the
// arguments. A function literal passed to a call (retry.RetryOnConflict's
// and the like) counts as called once: a conflict retry writes once when
// it succeeds. A call in a goroutine is not on the path.
func (c *checker) contribsOf(fn *ssa.Function, call ssa.CallInstruction) []contrib {
	if _, isGo := call.(*ssa.Go); isGo {
		return nil // counted where it is waited for, if it is (see joined.go)
	}
	return c.callContribs(fn, call)
}

// callContribs returns what call writes when it runs, a go statement's
// call too.
func (c *checker) callContribs(fn *ssa.Function, call ssa.CallInstruction) []contrib {
	fi := c.info(fn)
	if cs, ok := fi.contribs[call]; ok {
		return cs
	}
	fi.contribs[call] = nil
	cs := c.computeContribs(fn, call)
	cs = append(cs, c.elementContribs(fn, call, cs)...)
	fi.contribs[call] = cs
	return cs
}

func (c *checker) computeContribs(fn *ssa.Function, call ssa.CallInstruction) []contrib {
	if w := c.writeAt(fn, call); w != nil {
		name := ""
		if w.Call != nil && len(w.Call.Args) > 1 {
			name = exprName(w.Call.Args[1])
		}
		if name == "" {
			name = typeName(w.Object)
		}
		return []contrib{{id: c.identOf(fn, w.Object), n: 1, sent: w.Verb == "Update", ev: &event{node: w.Node, name: name, raw: c.resolveCaptures(identAt(w.Object, "", false))}}}
	}
	common := call.Common()
	node := c.callNode(call)
	var out []contrib
	callee, args, bindings := c.calleeOf(call)
	if callee != nil {
		if c.local(callee) {
			cs := c.mapSummary(fn, call, node, callee, c.analyze(callee), args, bindings)
			if g := c.guardOf(callee, c.guardParams(callee), args); g != nil {
				for i := range cs {
					cs[i].guard = g
				}
			}
			out = append(out, cs...)
		} else {
			out = append(out, c.mapFact(fn, call, node, callee)...)
		}
	}
	for _, arg := range common.Args {
		f, bindings := funcValue(arg)
		if f == nil || f == callee || !c.local(f) {
			continue
		}
		out = append(out, c.mapSummary(fn, call, node, f, c.analyze(f), nil, bindings)...)
	}
	return out
}

// deferredContribs returns what a deferred call writes when it runs, the
// variables in nils holding nil: a deferred function literal that writes
// only when the named error result is not nil writes nothing on the paths
// that return nil.
func (c *checker) deferredContribs(fn *ssa.Function, d *ssa.Defer, nils map[ssa.Value]bool) []contrib {
	mc, ok := d.Call.Value.(*ssa.MakeClosure)
	if !ok || len(nils) == 0 {
		return c.contribsOf(fn, d)
	}
	callee, _ := mc.Fn.(*ssa.Function)
	var nilVars []int
	for i, b := range mc.Bindings {
		if nils[b] {
			nilVars = append(nilVars, i)
		}
	}
	if !c.local(callee) || len(nilVars) == 0 {
		return c.contribsOf(fn, d)
	}
	return c.mapSummary(fn, d, c.callNode(d), callee, c.analyzeAssuming(callee, nilVars), d.Call.Args, mc.Bindings)
}

// calleeOf returns the function a call runs, the values its parameters
// get and its closure's bindings: the static callee, or, for a call of a
// function value, the package's function every value the call can hold
// is, as the value-flow index traces them, bound to the same values. A
// method value kept in a variable is one (moco's reconciler :=
// r.reconcileV1, assigned again on one branch of a switch, and then
// reconciler(ctx, req, cluster), which runs the whole reconcile): its
// method is the callee, its receiver the first argument, as in a static
// call. Values of two functions, or of one bound to two receivers, give
// nil: which runs is not known; so does a closure made in another function.
func (c *checker) calleeOf(call ssa.CallInstruction) (callee *ssa.Function, args, bindings []ssa.Value) {
	common := call.Common()
	if callee, bindings := funcValue(common.Value); callee != nil {
		return callee, common.Args, bindings
	}
	if common.IsInvoke() {
		return nil, nil, nil
	}
	origins, complete := c.res.Origins(common.Value, valueflow.Rule{})
	if !complete || len(origins) == 0 {
		return nil, nil, nil
	}
	var recv ssa.Value
	for i, o := range origins {
		if mc, ok := o.(*ssa.MakeClosure); ok && mc.Parent() != call.Parent() {
			// Made elsewhere (a constructor's, kept in a field):
			// its bindings are another function's values.
			return nil, nil, nil
		}
		f, b := funcValue(o)
		if f == nil {
			return nil, nil, nil
		}
		method, r := valueflow.BoundMethod(f, b)
		if method != nil {
			f, b = f.Prog.FuncValue(method), nil
		}
		if f == nil || i > 0 && (f != callee || r != recv || !slices.Equal(b, bindings)) {
			return nil, nil, nil
		}
		callee, recv, bindings = f, r, b
	}
	if recv == nil {
		return callee, common.Args, bindings
	}
	if len(callee.Params) != len(common.Args)+1 {
		return nil, nil, nil
	}
	return callee, append([]ssa.Value{recv}, common.Args...), nil
}

// funcValue returns the function a function value runs and its closure's
// bindings: a function itself, or a closure made of one; nil for any
// other value.
func funcValue(v ssa.Value) (*ssa.Function, []ssa.Value) {
	switch v := v.(type) {
	case *ssa.Function:
		return v, nil
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f, v.Bindings
	}
	return nil, nil
}

// writeAt returns the status write call makes, if any.
func (c *checker) writeAt(fn *ssa.Function, call ssa.CallInstruction) *reconcilepath.Write {
	if w := c.writes[call]; w != nil {
		return w
	}
	if fn.Origin() != nil {
		// reach records a generic function's writes once, at its origin
		// or at one instance.
		if w := c.byPos[call.Pos()]; w != nil {
			return w
		}
	}
	return nil
}

// local reports whether f is the package's own code, with a body.
func (c *checker) local(f *ssa.Function) bool {
	return f != nil && f.Blocks != nil && f.Pkg == c.res.SSA
}

// callNode returns the syntax of a call, or of a deferred call.
func (c *checker) callNode(call ssa.CallInstruction) ast.Node {
	var ce *ast.CallExpr
	switch call.(type) {
	case *ssa.Defer, *ssa.Go:
		ce = c.deferAndGo[call.Pos()]
	default:
		ce = c.res.CallExpr(call.Pos())
	}
	if ce == nil {
		return nil
	}
	return ce
}

// argName returns the source text of the argument for SSA argument i of a
// call, the receiver of a static method call being argument 0.
func (c *checker) argName(call ssa.CallInstruction, i int) string {
	ce, _ := c.callNode(call).(*ast.CallExpr)
	if ce == nil {
		return ""
	}
	common := call.Common()
	if callee, _, _ := c.calleeOf(call); callee != nil && callee.Signature.Recv() != nil && !common.IsInvoke() {
		if i == 0 {
			if common.StaticCallee() == nil {
				return "" // a method value's receiver, bound where it was made
			}
			if sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr); ok {
				return exprName(sel.X)
			}
			return ""
		}
		i--
	}
	if ce.Ellipsis.IsValid() || i >= len(ce.Args) {
		return ""
	}
	return exprName(ce.Args[i])
}

// mapSummary maps what callee writes to fn's objects: its parameters to
// args, its free variables to bindings.
func (c *checker) mapSummary(fn *ssa.Function, call ssa.CallInstruction, node ast.Node, callee *ssa.Function, r *result, args, bindings []ssa.Value) []contrib {
	var out []contrib
	for _, id := range sortedIdents(r.summary) {
		se := r.summary[id]
		name := se.name
		var b ssa.Value
		switch base := id.base.(type) {
		case *ssa.Parameter:
			i := paramIndex(callee, base)
			if i < 0 || i >= len(args) {
				continue
			}
			b = args[i]
			if !id.key && id.sel == "" {
				if n := c.argName(call, i); n != "" {
					name = n
				}
			}
		case *ssa.FreeVar:
			i := valueflow.FreeVarIndex(base)
			if i < 0 || i >= len(bindings) {
				continue
			}
			b = bindings[i]
		case *ssa.Global:
			b = base
		}
		if b == nil {
			continue
		}
		var raw ident
		if !id.key {
			raw = c.resolveCaptures(identAt(b, id.sel, false))
		}
		out = append(out, contrib{id: c.resolve(fn, identAt(b, id.sel, id.key)), n: se.n,
			ev: &event{node: node, through: se.through, at: se.at, name: name, raw: raw}, when: se.when})
	}
	return out
}

// mapFact maps what another package's function writes, from its fact.
func (c *checker) mapFact(fn *ssa.Function, call ssa.CallInstruction, node ast.Node, callee *ssa.Function) []contrib {
	if callee.Origin() != nil {
		callee = callee.Origin()
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
		return nil
	}
	fact := new(WritesStatusOf)
	if !c.pass.ImportObjectFact(obj, fact) {
		return nil
	}
	args := call.Common().Args
	var out []contrib
	for _, o := range fact.Objects {
		if o.Param < 0 || o.Param >= len(args) || o.Count < 1 {
			continue
		}
		name := o.Name
		if !o.Key && o.Path == "" {
			if n := c.argName(call, o.Param); n != "" {
				name = n
			}
		}
		through := []step{{name: reconcilepath.DisplayName(callee, c.pass.Pkg)}}
		if len(o.Chain) > 1 {
			for _, s := range o.Chain[1:] {
				through = append(through, step{name: s})
			}
		}
		var raw ident
		if !o.Key {
			raw = c.resolveCaptures(identAt(args[o.Param], o.Path, false))
		}
		out = append(out, contrib{id: c.resolve(fn, identAt(args[o.Param], o.Path, o.Key)), n: uint8(min(o.Count, 2)),
			ev:    &event{node: node, through: through, at: o.At, name: name, raw: raw},
			guard: c.guardOf(callee, o.Guard, args), when: o.When})
	}
	return out
}

// elementContribs returns what the writes cs of an element of a container
// the function builds write of the objects put in it: once each for the
// loop, as often as every path puts it in, and marked as written twice by
// the loop when some path puts it in twice (see elements.go).
func (c *checker) elementContribs(fn *ssa.Function, call ssa.CallInstruction, cs []contrib) []contrib {
	var out []contrib
	for _, ct := range cs {
		if ct.ev == nil || ct.ev.node == nil {
			continue
		}
		cont, rest, ok := elementOf(ct.id)
		if !ok {
			continue
		}
		may, must := c.additions(fn, cont, call.Block())
		if len(may) == 0 {
			continue
		}
		copies := !isRef(elemType(cont.Type()))
		contName := c.containerName(fn, ct.ev.node, cont)
		mayBy, mustBy := group(may), group(must)
		for _, id := range orderOf(may) {
			adds := mayBy[id]
			if id.key && rest != "" {
				continue
			}
			obj := c.resolve(fn, ident{base: id.base, sel: id.sel + rest, key: id.key})
			info := &elemInfo{cont: contName, twice: len(adds) >= 2, copy: copies}
			for _, a := range adds {
				info.adds = append(info.adds, a.pos)
				info.names = append(info.names, a.name)
			}
			if info.twice && adds[0].raw != adds[1].raw {
				info.copy = true // two values of the object, loaded apart
			}
			ev := *ct.ev
			ev.elem = info
			ev.name = adds[0].name
			ev.raw = ident{}
			if !copies && adds[0].raw.base != nil && !adds[0].raw.key {
				ev.raw = ident{base: adds[0].raw.base, sel: adds[0].raw.sel + rest}
			}
			n := min(int(ct.n)*len(mustBy[id]), 7)
			out = append(out, contrib{id: obj, n: uint8(n), ev: &ev, guard: ct.guard, when: ct.when, dup: info.twice})
		}
	}
	return out
}
