package watches

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// StatusReads is a fact: the object kinds (package path and type name)
// whose status some code reads, directly or through what it calls, or
// hands to code the pass cannot read. A function's fact covers what a call
// of it reads; a package's covers all its functions, for the calls the
// pass cannot resolve to one (an interface method the package declares).
// A builder in another package consults them for the reconcilers and
// helpers that live here.
type StatusReads struct {
	Kinds []string
}

func (*StatusReads) AFact() {}

func (f *StatusReads) String() string {
	if len(f.Kinds) == 0 {
		return "reads no status"
	}
	return "reads status of " + strings.Join(f.Kinds, ", ")
}

func newStatusReads(kinds map[string]bool) *StatusReads {
	f := &StatusReads{}
	for k := range kinds {
		f.Kinds = append(f.Kinds, k)
	}
	slices.Sort(f.Kinds)
	return f
}

// exportFacts records what the package's production functions read, in a
// package that imports controller-runtime's client or reconcile package
// directly: the vet-mode skip (internal/vetskip) answers for the others
// without running the pass, so no fact is theirs under any driver, and a
// call into such a package counts as unknown (scanCall).
func (c *checker) exportFacts() {
	if !slices.ContainsFunc(c.pass.Pkg.Imports(), func(p *types.Package) bool { return reconcilepath.Matters(p.Path()) }) {
		return
	}
	// Only exported functions can be called from elsewhere, and a
	// function of a package with a fact and none of its own reads nothing.
	for fn, kinds := range c.funcReads() {
		if fn.Exported() && len(kinds) > 0 {
			c.pass.ExportObjectFact(fn, newStatusReads(kinds))
		}
	}
	c.pass.ExportPackageFact(newStatusReads(c.packageReads()))
}

// funcReads returns what a call of each production function of the
// package reads: its own code, and that of the package's functions it
// calls, to a fixed point. A call of an interface method the package
// declares counts as a call of every method of the package with its name.
func (c *checker) funcReads() map[*types.Func]map[string]bool {
	if c.fnReads != nil {
		return c.fnReads
	}
	c.fnReads = make(map[*types.Func]map[string]bool)
	calls := make(map[*types.Func][]*types.Func)
	byName := make(map[string][]*types.Func)
	var order []*types.Func
	for _, decl := range c.productionFuncs() {
		fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil {
			continue
		}
		order = append(order, fn)
		if decl.Recv != nil {
			byName[fn.Name()] = append(byName[fn.Name()], fn)
		}
		kinds := make(map[string]bool)
		c.scan(decl, kinds, func(callee *types.Func) { calls[fn] = append(calls[fn], callee) })
		c.fnReads[fn] = kinds
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range order {
			for _, callee := range calls[fn] {
				targets := []*types.Func{callee}
				if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
					targets = byName[callee.Name()]
				}
				for _, t := range targets {
					for k := range c.fnReads[t] {
						if !c.fnReads[fn][k] {
							c.fnReads[fn][k] = true
							changed = true
						}
					}
				}
			}
		}
	}
	return c.fnReads
}

// packageReads returns the kinds whose status any production function of
// the package reads, or an implementation of one of its interfaces that
// its imports declare: the scope used when a builder's reconciler cannot be
// resolved, and the package's fact.
func (c *checker) packageReads() map[string]bool {
	if c.pkgReads == nil {
		c.pkgReads = make(map[string]bool)
		for _, kinds := range c.funcReads() {
			maps.Copy(c.pkgReads, kinds)
		}
		scope := c.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				continue // generic: types.Implements is not defined for it
			}
			if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
				for m := range iface.Methods() {
					c.addImplReads(m, c.pkgReads)
				}
			}
		}
	}
	return c.pkgReads
}

// addImplReads adds to into what the implementations of m, an interface
// method, that the package's direct imports declare read, by their facts:
// the methods named as m of their types that implement m's interface (one
// that reads nothing has no fact). A factory's package hands out its
// imports' steps as its own interface (kserve's ingress reconcilers), so
// a call through that interface runs them. Only direct imports count:
// their facts reach every driver alike. The safe packages' interfaces
// (controller-runtime's client) are not asked: their calls return before,
// as their implementations are those packages' own.
func (c *checker) addImplReads(m *types.Func, into map[string]bool) {
	if c.impls == nil {
		c.impls = make(map[string][]implementation)
		direct := make(map[*types.Package]bool)
		for _, p := range c.pass.Pkg.Imports() {
			direct[p] = true
		}
		for _, of := range c.pass.AllObjectFacts() {
			fn, _ := of.Object.(*types.Func)
			fact, _ := of.Fact.(*StatusReads)
			if fn == nil || fact == nil || !direct[fn.Pkg()] {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) || sig.RecvTypeParams().Len() > 0 {
				continue
			}
			c.impls[fn.Name()] = append(c.impls[fn.Name()], implementation{sig.Recv().Type(), fact.Kinds})
		}
	}
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if n, ok := types.Unalias(sig.Recv().Type()).(*types.Named); iface == nil || ok && n.TypeParams().Len() > 0 && n.TypeArgs().Len() == 0 {
		return // not an interface, or a generic one not instantiated
	}
	for _, im := range c.impls[m.Name()] {
		if types.Implements(im.recv, iface) {
			for _, k := range im.kinds {
				into[k] = true
			}
		}
	}
}

// implementation is a method of another package's type, with what a call
// of it reads.
type implementation struct {
	recv  types.Type
	kinds []string
}

// safePackages are the packages whose functions, handed an object, do not
// act on its status: the API machinery, controller-runtime, client-go,
// logging. Standard library packages count as safe too (isSafe).
var safePackages = []string{
	"k8s.io/api/",
	"k8s.io/apimachinery/",
	"k8s.io/client-go/",
	"k8s.io/klog",
	"k8s.io/utils/",
	"sigs.k8s.io/controller-runtime",
	"github.com/go-logr/",
}

// isDeepCopy reports whether fn is an API type's generated deep copy
// method, which copies the status and acts on nothing.
func isDeepCopy(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false
	}
	switch fn.Name() {
	case "DeepCopy", "DeepCopyInto", "DeepCopyObject":
		return true
	}
	return false
}

func isSafe(path string) bool {
	path = crmodel.Unvendor(path)
	if crmodel.IsStdPath(path) {
		return true
	}
	for _, p := range safePackages {
		if strings.HasPrefix(path, p) || path == strings.TrimSuffix(p, "/") {
			return true
		}
	}
	return false
}

// addCalleeReads adds to into what a call of fn, a function of another
// package, reads by the facts of that package: the function's own fact
// (none when it reads nothing), or the package's for an interface method
// the package declares (its implementation is not known). It returns
// false, adding nothing, when the package has no facts.
func (c *checker) addCalleeReads(fn *types.Func, into map[string]bool) bool {
	var fact StatusReads
	if fn.Pkg() == nil || !c.pass.ImportPackageFact(fn.Pkg(), &fact) {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		fact = StatusReads{}
		c.pass.ImportObjectFact(fn.Origin(), &fact)
	}
	for _, k := range fact.Kinds {
		into[k] = true
	}
	return true
}

// scan adds to into the kinds whose status node's code reads:
//   - a selection of the Status field of an object;
//   - a call of a function of another package: what its fact says it
//     reads, or, for a function without one (an interface method), what
//     its package's fact says any of its functions reads;
//   - an object handed to a function the pass cannot read (another
//     package without facts, outside safePackages; a function value):
//     its kind.
//
// Calls of the package's own functions are handed to local, when it is
// not nil.
func (c *checker) scan(node ast.Node, into map[string]bool, local func(*types.Func)) {
	info := c.pass.TypesInfo
	// A status assigned to (child.Status.Replicas = n) is written, not
	// read: the code keeps that status itself and needs no event of it.
	// So are the conditions meta.SetStatusCondition and
	// RemoveStatusCondition are handed.
	written := make(map[*ast.SelectorExpr]bool)
	markWritten := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				written[x] = true
				e = x.X
				continue
			case *ast.IndexExpr:
				e = x.X
				continue
			case *ast.UnaryExpr:
				if x.Op == token.AND {
					e = x.X
					continue
				}
			}
			return
		}
	}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN {
				for _, lhs := range n.Lhs {
					markWritten(lhs)
				}
			}
		case *ast.CallExpr:
			switch crmodel.ClassifyConditionFunc(crmodel.CalledFunc(info, n)) {
			case crmodel.SetCondition, crmodel.RemoveCondition:
				if len(n.Args) > 0 {
					markWritten(n.Args[0])
				}
			}
		}
		return true
	})
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if written[n] {
				return true
			}
			// An object's Status field.
			sel := info.Selections[n]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Obj().Name() != "Status" {
				return true
			}
			if k := objectType(sel.Recv()); k != nil {
				into[kindKey(k)] = true
			}
		case *ast.CallExpr:
			c.scanCall(n, into, local)
		}
		return true
	})
}

func (c *checker) scanCall(call *ast.CallExpr, into map[string]bool, local func(*types.Func)) {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return
	case *types.Func:
		pkg := callee.Pkg()
		if pkg == nil {
			return
		}
		// An interface method runs whatever implementation the value
		// holds, which may be another package's, set in a field from
		// outside: the objects handed to it count as read too, beyond
		// what the facts say (controller-runtime's and the API
		// machinery's interfaces excepted).
		sig, _ := callee.Type().(*types.Signature)
		dynamic := sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
		if pkg == c.pass.Pkg {
			if local != nil {
				local(callee.Origin())
			}
			if !dynamic {
				return
			}
			c.addImplReads(callee, into)
		} else {
			if isSafe(pkg.Path()) || isDeepCopy(callee) {
				return
			}
			if dynamic {
				c.addImplReads(callee, into)
			}
			if c.addCalleeReads(callee, into) && !dynamic {
				return
			}
		}
	case *types.Var:
		// A package-level variable holding a function of a safe package
		// (ctrl.SetControllerReference, ctrl.NewControllerManagedBy).
		if callee.Pkg() != nil && callee.Parent() == callee.Pkg().Scope() && isSafe(callee.Pkg().Path()) {
			return
		}
	default:
		// A function literal called where it is written is scanned with
		// its caller.
		if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
			return
		}
	}
	// Code the pass cannot read: the objects handed to it count as read.
	for _, arg := range call.Args {
		addObjects(info.TypeOf(arg), into)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil {
			addObjects(s.Recv(), into)
		}
	}
}
