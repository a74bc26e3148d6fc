package statuswrites

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
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

// pathOf returns the access path of v: the value it is derived from by
// conversions, field selections and loads, and the selectors taken.
func pathOf(v ssa.Value) (ssa.Value, string) {
	var sels []string
	for depth := 0; depth < 32; depth++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.TypeAssert:
			if !x.CommaOk {
				v = x.X
				continue
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				sels = append(sels, "*")
				v = x.X
				continue
			}
		case *ssa.FieldAddr:
			sels = append(sels, "."+strconv.Itoa(x.Field))
			v = x.X
			continue
		case *ssa.Field:
			sels = append(sels, "."+strconv.Itoa(x.Field))
			v = x.X
			continue
		}
		break
	}
	var b strings.Builder
	for i := len(sels) - 1; i >= 0; i-- {
		b.WriteString(sels[i])
	}
	return v, b.String()
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
			ob, os := pathOf(args[2])
			obj := ident{base: ob, sel: os}
			var key ident
			if x := c.keyOfObject(args[1]); x != nil {
				xb, xs := pathOf(x)
				key = ident{base: xb, sel: xs}
				if key == obj {
					continue // refreshed by its own key: still itself
				}
			} else {
				kb, ks := pathOf(args[1])
				key = ident{base: kb, sel: ks, key: true}
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
	return c.resolveWith(c.info(fn).keys, id)
}

// resolveCaptures returns the ident of the value at id, through the
// variables closures capture but not Get's keys: the same pointer.
func (c *checker) resolveCaptures(id ident) ident {
	return c.resolveWith(nil, id)
}

func (c *checker) resolveWith(keys map[ident]ident, id ident) ident {
	for depth := 0; depth < 4 && !id.key; depth++ {
		if v := capturedValue(id); v != nil {
			// A variable a closure captures, stored once: the closure's
			// load of it is the value stored (a parameter, say).
			b, sel := pathOf(v)
			id = ident{base: b, sel: sel + strings.TrimPrefix(id.sel, "*")}
			continue
		}
		k, ok := keys[id]
		if !ok {
			break
		}
		id = k
	}
	return id
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// capturedValue returns the value stored in id's base when the base is a
// variable stored exactly once and id starts with a load of it: how SSA
// keeps a parameter or local that a closure captures.
func capturedValue(id ident) ssa.Value {
	alloc, ok := id.base.(*ssa.Alloc)
	if !ok || !strings.HasPrefix(id.sel, "*") {
		return nil
	}
	if p, ok := alloc.Type().Underlying().(*types.Pointer); !ok || !isPointer(p.Elem()) {
		return nil // a struct variable is the object itself, not a pointer to it
	}
	var stored ssa.Value
	for _, r := range *alloc.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != alloc {
			continue
		}
		if stored != nil {
			return nil // assigned again
		}
		stored = st.Val
	}
	return stored
}

// identOf returns the ident of the object value v in fn.
func (c *checker) identOf(fn *ssa.Function, v ssa.Value) ident {
	b, s := pathOf(v)
	return c.resolve(fn, ident{base: b, sel: s})
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
