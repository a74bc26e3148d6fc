package statuswrites

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// ident names an object whose status is written, as one function sees it:
// the value at an access path (a base value and the fields and loads taken
// from it), or, when key is set, the object loaded by the key at that path.
// Two writes with the same ident write the same object.
type ident struct {
	base ssa.Value // Parameter, FreeVar, Global, Alloc, Call, Phi, ...
	sel  string    // ".3" for field 3, "*" for a load, in order
	key  bool
}

// hasPrefix reports whether the selectors sel start with prefix, at a
// selector boundary (".1" is no prefix of ".12").
func hasPrefix(sel, prefix string) bool {
	if !strings.HasPrefix(sel, prefix) {
		return false
	}
	rest := sel[len(prefix):]
	return rest == "" || rest[0] == '.' || rest[0] == '*'
}

// getKeys maps the objects a function loads with the client's Get to what
// they are: the object loaded by that key, or, for a key made by
// client.ObjectKeyFromObject(x), the object x itself. An object loaded with
// two different keys in the function is left as it is.
func (c *checker) getKeys(fn *ssa.Function) map[ident]ident {
	out := make(map[ident]ident)
	ambiguous := make(map[ident]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !c.isGet(call) {
				continue
			}
			args := call.Call.Args
			if !call.Call.IsInvoke() {
				args = args[1:] // the receiver
			}
			if len(args) < 3 {
				continue
			}
			// Both through the variables that hold one value all along,
			// as resolve looks them up.
			obj := c.resolveCaptures(identAt(args[2], "", false))
			var key ident
			if x := c.keyOfObject(args[1]); x != nil {
				key = c.resolveCaptures(identAt(x, "", false))
				if key == obj {
					continue // refreshed by its own key: still itself
				}
			} else {
				key = c.resolveCaptures(identAt(args[1], "", true))
			}
			if prev, dup := out[obj]; dup && prev != key {
				ambiguous[obj] = true
			}
			out[obj] = key
		}
	}
	for obj := range ambiguous {
		delete(out, obj)
	}
	return out
}

// isGet reports whether call is a controller-runtime client Get, recognised
// by type (client.Reader's Get, on any receiver implementing it).
func (c *checker) isGet(call *ssa.Call) bool {
	syn := c.res.CallExpr(call.Pos())
	if syn == nil {
		return false
	}
	fn, _ := crmodel.MethodCall(c.pass.TypesInfo, syn)
	return fn != nil && fn.Name() == "Get" && c.res.Model.LoadedObject(c.pass.TypesInfo, syn) != nil
}

// keyOfObject returns x when key is client.ObjectKeyFromObject(x).
func (c *checker) keyOfObject(key ssa.Value) ssa.Value {
	if ex, ok := key.(*ssa.Extract); ok && ex.Index == 0 {
		key = ex.Tuple // the old ObjectKeyFromObject also returned an error
	}
	call, ok := key.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || len(call.Call.Args) != 1 {
		return nil
	}
	obj, _ := callee.Object().(*types.Func)
	if c.res.Model.ClientFunc(obj) != "ObjectKeyFromObject" {
		return nil
	}
	return call.Call.Args[0]
}

// resolve returns the ident of the object at path (b, sel) in fn: the key
// it was loaded by, when the function loads it with Get.
func (c *checker) resolve(fn *ssa.Function, id ident) ident {
	keys := c.info(fn).keys
	id = c.resolveWith(keys, id)
	if !id.key && id.sel == "" {
		// A new object named as another, not loaded by Get: the patch
		// of a server-side apply is the object it is named as (see
		// patches.go).
		if src, ok := c.namedAs(id.base); ok {
			id = c.resolveWith(keys, src)
		}
	}
	return id
}

// resolveCaptures returns the ident of the value at id, through the
// variables that hold one value all along (see spilled) but not Get's
// keys: the same pointer, or the same key.
func (c *checker) resolveCaptures(id ident) ident {
	return c.resolveWith(nil, id)
}

func (c *checker) resolveWith(keys map[ident]ident, id ident) ident {
	for depth := 0; depth < 8; depth++ {
		if v, ok := spilled(id); ok {
			// A variable that holds one value all along (a parameter
			// a closure captures, a struct parameter whose fields are
			// selected): its loads are the value stored, for a key too.
			id = v
			continue
		}
		if id.key {
			break
		}
		k, ok := keys[id]
		if !ok {
			break
		}
		id = k
	}
	return id
}

// spilled returns the ident of the value id loads from the variable at
// its base, when the variable holds one value all along: how SSA keeps a
// parameter or local that a closure captures, or a struct parameter whose
// fields are selected (req.NamespacedName loads field 0 of the variable
// req is stored in). The fields selected up to the first load are then
// fields of the value stored: (t0, ".0*"), *&t0.NamespacedName, is
// (req, ".0").
func spilled(id ident) (ident, bool) {
	alloc, ok := id.base.(*ssa.Alloc)
	if !ok {
		return id, false
	}
	i := strings.IndexByte(id.sel, '*')
	if i < 0 {
		return id, false // the variable's memory, not a value read from it
	}
	v := readOnlyValue(alloc)
	if v == nil {
		return id, false
	}
	b, sel := valueflow.AccessPath(v, nil)
	if strings.HasSuffix(sel, "*") {
		// The value stored is loaded itself (*p): id's fields are those
		// of *p, loaded as id loads them, as p.Name is written.
		return ident{base: b, sel: sel[:len(sel)-1] + id.sel, key: id.key}, true
	}
	return ident{base: b, sel: sel + id.sel[:i] + id.sel[i+1:], key: id.key}, true
}

// readOnlyValue returns the value stored in a variable stored exactly
// once, where it is made, and otherwise only read: loaded, its fields
// loaded, and captured by function literals that only read it too. A
// variable assigned again, assigned through a field, or whose address is
// passed to a call (which may change it) holds no one value: nil.
func readOnlyValue(a *ssa.Alloc) ssa.Value {
	store, ok := soleStore(a, func(r ssa.Instruction) bool { return readOnlyUse(a, r, 0) })
	if !ok || store == nil || store.Block() != a.Block() {
		return nil // stored elsewhere than where it is made: on some paths, or late
	}
	for _, instr := range a.Block().Instrs {
		if instr == store {
			return store.Val
		}
		if slices.Contains(*a.Referrers(), instr) {
			return nil // read before it is stored
		}
	}
	return nil
}

// soleStore returns the one store to the variable a (nil when there is
// none), with ok false when a is assigned twice or has a use, other than
// a store to it, that use does not accept.
func soleStore(a *ssa.Alloc, use func(ssa.Instruction) bool) (store *ssa.Store, ok bool) {
	for _, r := range *a.Referrers() {
		if st, isStore := r.(*ssa.Store); isStore && st.Addr == a {
			if store != nil {
				return nil, false // assigned again
			}
			store = st
		} else if !use(r) {
			return nil, false
		}
	}
	return store, true
}

// readOnlyUse reports whether instr, a use of the address addr, only
// reads the memory there: a load, a field's address used only so, a debug
// reference, or a function literal capturing addr whose free variable is
// used only so.
func readOnlyUse(addr ssa.Value, instr ssa.Instruction, depth int) bool {
	if depth > 8 {
		return false
	}
	only := func(v ssa.Value) bool {
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		for _, r := range *refs {
			if !readOnlyUse(v, r, depth+1) {
				return false
			}
		}
		return true
	}
	switch x := instr.(type) {
	case *ssa.UnOp:
		return x.Op == token.MUL
	case *ssa.DebugRef:
		return true
	case *ssa.FieldAddr:
		return only(x)
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		if fn == nil {
			return false
		}
		for i, b := range x.Bindings {
			if b == addr && (i >= len(fn.FreeVars) || !only(fn.FreeVars[i])) {
				return false
			}
		}
		return true
	}
	return false
}

// identOf returns the ident of the object value v in fn.
func (c *checker) identOf(fn *ssa.Function, v ssa.Value) ident {
	return c.resolve(fn, identAt(v, "", false))
}

// identAt returns the ident of the object at the selectors sel past the
// value v (its access path, extended), or with key of the object loaded by
// the key there: before captures and Get's keys are followed.
func identAt(v ssa.Value, sel string, key bool) ident {
	b, s := valueflow.AccessPath(v, nil)
	return ident{base: b, sel: s + sel, key: key}
}

// exprName is how messages name an object argument: its source text
// without & and parentheses.
func exprName(e ast.Expr) string {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	s := types.ExprString(e)
	if len(s) > 40 {
		return ""
	}
	return s
}

// typeName names an object by its type when no expression does.
func typeName(v ssa.Value) string {
	if v == nil {
		return "the object"
	}
	if n := crmodel.NamedOf(v.Type()); n != nil {
		return "the " + n.Obj().Name()
	}
	return "the object"
}
