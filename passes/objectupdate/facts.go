package objectupdate

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
)

// ChangesParams is the fact attached to an exported function (or method)
// of a package where the shared analysis built SSA: what it does to each
// parameter that can hold an object or a metadata map. A caller in another
// package counts a call as those changes (a helper that sets a hash label
// on the object it is handed, a hash of its data that only reads it)
// instead of as a hand-over whose effect cannot be seen.
type ChangesParams struct {
	Params []ParamChanges
}

// ParamChanges is what a function does to one parameter.
type ParamChanges = objchange.ParamChanges

func (*ChangesParams) AFact() {}

func (f *ChangesParams) String() string {
	var parts []string
	for _, p := range f.Params {
		what := "changes its " + objchange.Area(p.Changed).String()
		if p.Changed == 0 {
			what = "only reads it"
		}
		if p.Maybe != 0 {
			what += ", hands on its " + objchange.Area(p.Maybe).String()
		}
		if p.Map {
			what = "writes the map"
			if p.Changed == 0 {
				what = "reads the map"
			}
		}
		if p.Blocked != "" {
			what = p.Blocked
		}
		parts = append(parts, fmt.Sprintf("param %d: %s", p.Index, what))
	}
	return "changes " + strings.Join(parts, "; ")
}

// exportFacts attaches a ChangesParams fact to each exported function of
// the package with a parameter that can hold an object or a map.
func (c *checker) exportFacts() {
	for fn, fd := range c.Decls() {
		if !fn.Exported() || fn.Origin() != fn {
			continue
		}
		sig, ok := fn.Type().(*types.Signature)
		if !ok {
			continue
		}
		if recv := sig.Recv(); recv != nil {
			if n := namedOf(recv.Type()); n == nil || !n.Obj().Exported() {
				continue // a method of an unexported type: not called by name from outside
			}
		}
		var fact ChangesParams
		add := func(idx int, t types.Type) {
			if !canHoldObject(t) {
				return
			}
			_, isMap := t.Underlying().(*types.Map)
			s := c.Summary(fn, fd, idx, isMap)
			fact.Params = append(fact.Params, ParamChanges{Index: idx, Map: isMap, Changed: uint8(s.Changed), Maybe: uint8(s.Maybe), Blocked: s.Blocked})
		}
		if sig.Recv() != nil && fd.Recv != nil {
			add(-1, sig.Recv().Type())
		}
		for i := 0; i < sig.Params().Len(); i++ {
			add(i, sig.Params().At(i).Type())
		}
		if len(fact.Params) > 0 {
			c.pass.ExportObjectFact(fn, &fact)
		}
	}
}

// imported returns what another package's function does to its parameter
// idx (-1: the receiver), from its fact.
func (c *checker) imported(fn *types.Func, idx int) (ParamChanges, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return ParamChanges{}, false
	}
	var fact ChangesParams
	if !c.pass.ImportObjectFact(fn.Origin(), &fact) {
		return ParamChanges{}, false
	}
	for _, p := range fact.Params {
		if p.Index == idx {
			return p, true
		}
	}
	return ParamChanges{}, false
}

// namedOf returns the named type t is or points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// canHoldObject reports whether a parameter of type t can be handed an
// object or one of its metadata maps: a map, the empty interface, an
// interface with an object's methods (client.Object, metav1.Object,
// runtime.Object), or a struct (or pointer to one) with an ObjectMeta
// field. A reconciler's receiver, a context or options are not.
func canHoldObject(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Map:
		return true
	case *types.Interface:
		if u.NumMethods() == 0 {
			return true
		}
		for i := 0; i < u.NumMethods(); i++ {
			switch u.Method(i).Name() {
			case "GetLabels", "DeepCopyObject":
				return true
			}
		}
		return false
	}
	return crmodel.HasObjectMeta(t)
}
