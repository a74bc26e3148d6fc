package watches

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/statuslint/statuslint/internal/crmodel"
)

const (
	builderPath   = "sigs.k8s.io/controller-runtime/pkg/builder"
	handlerPath   = "sigs.k8s.io/controller-runtime/pkg/handler"
	sourcePath    = "sigs.k8s.io/controller-runtime/pkg/source"
	predicatePath = "sigs.k8s.io/controller-runtime/pkg/predicate"
)

// A controller is one builder, from ControllerManagedBy to Complete or
// Build, as one function writes it: a chain of calls, or a local variable
// the chain is kept in and continued from.
type controller struct {
	file *ast.File
	// watches are its For, Owns and Watches calls, in source order.
	watches []*watch
	// filtered is set when WithEventFilter applies a predicate to every
	// watch.
	filtered bool
	// reconciler is the argument of Complete or Build.
	reconciler ast.Expr
}

// A watch is one For, Owns or Watches call.
type watch struct {
	call   *ast.CallExpr
	method string // For, Owns, Watches or WatchesMetadata
	kind   *types.Named
	// filtered is set when an option may filter the events (a
	// predicate, or an option the pass cannot read).
	filtered bool
	// owner is set for Owns, and for Watches with an
	// EnqueueRequestForOwner handler: the events go to the owner.
	owner bool
}

// pos is where a finding about the watch goes: at the method's name, not
// at the start of the chain it ends.
func (w *watch) pos() token.Pos {
	if sel, ok := ast.Unparen(w.call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Pos()
	}
	return w.call.Pos()
}

// builderCall returns the name of the builder method call invokes, or "".
func (c *checker) builderCall(call *ast.CallExpr) string {
	fn, recv := crmodel.MethodCall(c.pass.TypesInfo, call)
	if fn == nil || !isBuilder(recv) {
		return ""
	}
	return fn.Name()
}

// isBuilder reports whether t is controller-runtime's *builder.Builder or
// *builder.TypedBuilder[...].
func isBuilder(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return crmodel.IsNamed(t, builderPath, "Builder") || crmodel.IsNamed(t, builderPath, "TypedBuilder")
}

// builderGroup is the builder calls of one controller: the outermost
// call of each chain that continues it.
type builderGroup struct {
	chains []*ast.CallExpr
	open   bool // the builder is handed elsewhere or comes from elsewhere
}

// controllers returns the builders file sets up completely in sight: each
// chain or local variable that reaches Complete or Build, whose builder
// is not handed elsewhere, where more watches or filters might be added.
func (c *checker) controllers(file *ast.File) []*controller {
	info := c.pass.TypesInfo
	groups := make(map[any]*builderGroup)
	var order []any
	group := func(key any) *builderGroup {
		g := groups[key]
		if g == nil {
			g = &builderGroup{}
			groups[key] = g
			order = append(order, key)
		}
		return g
	}
	// Calls that are the receiver of another builder call are inside a
	// chain; the chain is taken from its outermost call.
	inner := make(map[*ast.CallExpr]bool)
	// The identifiers that are the receiver of a builder call or the
	// target of an assignment: a variable used anywhere else escapes.
	kept := make(map[*ast.Ident]bool)
	// The variable each chain is assigned to; the variables holding a
	// builder that are also assigned something else (a builder another
	// function made), whose builder is then not seen whole.
	assignedTo := make(map[*ast.CallExpr]*types.Var)
	elsewhere := make(map[*types.Var]bool)
	assign := func(lhs, rhs ast.Expr) {
		id, isIdent := lhs.(*ast.Ident)
		if !isIdent {
			return
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !isBuilder(v.Type()) {
			return
		}
		call, isCall := ast.Unparen(rhs).(*ast.CallExpr)
		if isCall && (c.builderCall(call) != "" || c.isNewBuilder(call)) {
			assignedTo[call] = v
		} else {
			elsewhere[v] = true
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if c.builderCall(n) == "" {
				return true
			}
			switch recv := ast.Unparen(receiver(n)).(type) {
			case *ast.CallExpr:
				inner[recv] = true
			case *ast.Ident:
				kept[recv] = true
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id, isIdent := lhs.(*ast.Ident); isIdent {
					kept[id] = true
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				assign(lhs, rhs)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				kept[id] = true
				if i < len(n.Values) {
					assign(id, n.Values[i])
				}
			}
		}
		return true
	})
	// A variable's builder is seen whole when it starts from a new builder
	// in sight.
	seeded := make(map[*types.Var]bool)
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || inner[call] {
			return true
		}
		isCall := c.builderCall(call) != ""
		if !isCall && !c.isNewBuilder(call) {
			return true
		}
		// The root of the chain: the first call, or the variable it
		// continues.
		_, root := c.chain(call)
		var key any = root
		open := true
		switch r := ast.Unparen(root).(type) {
		case *ast.CallExpr:
			if !c.isNewBuilder(r) {
				return true // a builder from another function
			}
			open = false
		case *ast.Ident:
			if v, _ := info.ObjectOf(r).(*types.Var); v != nil && isLocal(v) {
				key, open = v, false
			}
		}
		// b := ctrl.NewControllerManagedBy(mgr).For(...): the builder
		// goes on as b.
		if v := assignedTo[call]; v != nil && isLocal(v) && key != any(v) {
			if _, own := key.(*ast.CallExpr); own {
				key = v
				seeded[v] = true
			} else {
				open = true
			}
		}
		g := group(key)
		g.open = g.open || open
		if isCall {
			g.chains = append(g.chains, call)
		}
		return true
	})
	var out []*controller
	for _, key := range order {
		g := groups[key]
		if v, ok := key.(*types.Var); ok && (!seeded[v] || elsewhere[v] || escapes(file, info, kept, v)) {
			g.open = true
		}
		if g.open {
			continue
		}
		ctl := &controller{file: file}
		for _, ch := range g.chains {
			c.collect(ch, ctl)
		}
		if ctl.reconciler == nil {
			continue // not built here
		}
		out = append(out, ctl)
	}
	return out
}

// isLocal reports whether v is a local variable of a function, not a
// parameter, a result or a package-level variable: a builder in it is
// seen whole by the function.
func isLocal(v *types.Var) bool {
	if v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	return v.Kind() == types.LocalVar
}

// isNewBuilder reports whether call starts a builder: controller-runtime's
// builder.ControllerManagedBy (or its typed form), or ctrl.NewControllerManagedBy,
// a variable holding it.
func (c *checker) isNewBuilder(call *ast.CallExpr) bool {
	if c.builderCall(call) != "" || !isBuilder(c.pass.TypesInfo.TypeOf(call)) {
		return false
	}
	obj := typeutil.Callee(c.pass.TypesInfo, call)
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	switch obj.Name() {
	case "ControllerManagedBy", "TypedControllerManagedBy":
		return crmodel.IsPath(obj.Pkg().Path(), builderPath)
	case "NewControllerManagedBy":
		return crmodel.IsPath(obj.Pkg().Path(), crmodel.RootPath)
	}
	return false
}

// escapes reports whether file uses v other than through the identifiers
// kept: the receivers of builder calls and the targets of assignments.
func escapes(file *ast.File, info *types.Info, kept map[*ast.Ident]bool, v *types.Var) bool {
	escaped := false
	ast.Inspect(file, func(n ast.Node) bool {
		if id, isIdent := n.(*ast.Ident); isIdent && !kept[id] && info.Uses[id] == v {
			escaped = true
		}
		return !escaped
	})
	return escaped
}

// receiver is the receiver expression of a builder call.
func receiver(call *ast.CallExpr) ast.Expr {
	return ast.Unparen(call.Fun).(*ast.SelectorExpr).X
}

// chain returns the builder calls of the chain e ends, from its last call
// to its first, and the expression the chain starts from: e itself when e
// is no builder call.
func (c *checker) chain(e ast.Expr) (calls []*ast.CallExpr, root ast.Expr) {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || c.builderCall(call) == "" {
			return calls, e
		}
		calls = append(calls, call)
		e = receiver(call)
	}
}

// collect adds the watches, filters and reconciler of one chain to ctl,
// walking it from its first call.
func (c *checker) collect(chain *ast.CallExpr, ctl *controller) {
	calls, _ := c.chain(chain)
	info := c.pass.TypesInfo
	for i := len(calls) - 1; i >= 0; i-- {
		call := calls[i]
		name := c.builderCall(call)
		switch name {
		case "For", "Owns", "Watches", "WatchesMetadata":
			if len(call.Args) == 0 {
				continue
			}
			w := &watch{call: call, method: name, owner: name == "Owns"}
			w.kind = objectType(info.TypeOf(call.Args[0]))
			if w.kind == nil && name == "Watches" {
				w.kind = c.sourceKind(call.Args[0])
			}
			opts := call.Args[1:]
			if name == "Watches" || name == "WatchesMetadata" {
				if len(call.Args) < 2 {
					continue
				}
				w.owner = c.enqueuesOwner(call.Args[1])
				opts = call.Args[2:]
			}
			w.filtered = call.Ellipsis.IsValid()
			for _, o := range opts {
				if !c.isOnlyMetadata(o) && !c.keepsStatusUpdates(o) {
					w.filtered = true
				}
			}
			ctl.watches = append(ctl.watches, w)
		case "WithEventFilter":
			ctl.filtered = true
		case "Complete", "Build":
			if len(call.Args) == 1 {
				ctl.reconciler = call.Args[0]
			}
		}
	}
}

// enqueuesOwner reports whether a Watches handler is
// handler.EnqueueRequestForOwner's (or its typed form's), or, before
// controller-runtime v0.15, a &handler.EnqueueRequestForOwner{...}.
func (c *checker) enqueuesOwner(h ast.Expr) bool {
	switch h := ast.Unparen(h).(type) {
	case *ast.CallExpr:
		fn := crmodel.CalledFunc(c.pass.TypesInfo, h)
		return fn != nil && fn.Pkg() != nil && crmodel.IsPath(fn.Pkg().Path(), handlerPath) &&
			(fn.Name() == "EnqueueRequestForOwner" || fn.Name() == "TypedEnqueueRequestForOwner")
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(h.X).(*ast.CompositeLit)
		return ok && h.Op == token.AND && crmodel.IsNamed(c.pass.TypesInfo.TypeOf(lit), handlerPath, "EnqueueRequestForOwner")
	}
	return false
}

// sourceKind returns the kind a &source.Kind{Type: &X{}} watches, the
// first argument of Watches before controller-runtime v0.15; nil for
// anything else.
func (c *checker) sourceKind(e ast.Expr) *types.Named {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || !crmodel.IsNamed(c.pass.TypesInfo.TypeOf(lit), sourcePath, "Kind") {
		return nil
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if id, isIdent := kv.Key.(*ast.Ident); ok && isIdent && id.Name == "Type" {
			return objectType(c.pass.TypesInfo.TypeOf(kv.Value))
		}
	}
	return nil
}

// keepsStatusUpdates reports whether an option is
// builder.WithPredicates of predicates that pass every update that changes
// something: ResourceVersionChangedPredicate, which drops only resyncs.
func (c *checker) keepsStatusUpdates(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return false
	}
	fn := crmodel.CalledFunc(c.pass.TypesInfo, call)
	if fn == nil || fn.Name() != "WithPredicates" || fn.Pkg() == nil || !crmodel.IsPath(fn.Pkg().Path(), builderPath) {
		return false
	}
	for _, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.CompositeLit)
		if !ok {
			return false
		}
		t := c.pass.TypesInfo.TypeOf(lit)
		if !crmodel.IsNamed(t, predicatePath, "ResourceVersionChangedPredicate") && !crmodel.IsNamed(t, predicatePath, "TypedResourceVersionChangedPredicate") {
			return false
		}
	}
	return true
}

// isOnlyMetadata reports whether an option is builder.OnlyMetadata, which
// filters nothing.
func (c *checker) isOnlyMetadata(e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	return ok && v.Name() == "OnlyMetadata" && v.Pkg() != nil && crmodel.IsPath(v.Pkg().Path(), builderPath)
}
