package objectupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/statuslint/statuslint/internal/crmodel"
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
type ParamChanges struct {
	Index int // the parameter's index; -1 for the receiver
	// Map is set for a map parameter, whose changes are to whatever map
	// the caller hands over (Changed and Maybe then use labelsArea for
	// "written" and "perhaps written").
	Map     bool
	Changed uint8  // areas changed (labels, annotations, owner references, finalizers)
	Maybe   uint8  // areas handed on to code that may change them
	Blocked string // why other changes, or unseen ones, may happen; empty if none
}

func (*ChangesParams) AFact() {}

func (f *ChangesParams) String() string {
	var parts []string
	for _, p := range f.Params {
		what := "changes its " + area(p.Changed).String()
		if p.Changed == 0 {
			what = "only reads it"
		}
		if p.Maybe != 0 {
			what += ", hands on its " + area(p.Maybe).String()
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
	for fn, fd := range c.decls {
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
			root := access{kind: wholeObject}
			if isMap {
				root = access{kind: metaField, area: labelsArea, field: "the map"}
			}
			s := c.summary(fn, fd, idx, root, 0)
			fact.Params = append(fact.Params, ParamChanges{Index: idx, Map: isMap, Changed: uint8(s.changed), Maybe: uint8(s.maybe), Blocked: s.blocked})
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

// applyImported turns a callee's fact about the parameter acc is handed
// to into the effect on the object.
func (w *walker) applyImported(acc access, p ParamChanges, name string, pos ast.Node) effect {
	var e effect
	untouched := p.Changed == 0 && p.Maybe == 0 && p.Blocked == ""
	switch {
	case untouched:
		return e // only read
	case acc.kind == metaField && acc.area != 0:
		if p.Blocked != "" {
			e.block(pos.Pos(), fmt.Sprintf("%s is handed to %s: %s", describe(acc, w.v), name, p.Blocked))
			return e
		}
		if p.Map && p.Changed != 0 {
			e.changed = acc.area
			if acc.area == ownersArea {
				e = effect{}
				e.block(pos.Pos(), replacesOwners)
			}
			return e
		}
		e.mayChange(acc.area)
		return e
	case acc.kind == wholeObject || acc.kind == wholeMeta:
		if p.Map {
			break
		}
		if p.Blocked != "" {
			e.block(pos.Pos(), fmt.Sprintf("%s (in %s)", p.Blocked, name))
			return e
		}
		e.changed, e.maybe = area(p.Changed), area(p.Maybe)
		return e
	}
	e.block(pos.Pos(), fmt.Sprintf("%s is handed to %s, which may change it", describe(acc, w.v), name))
	return e
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
	st := structOf(t)
	if st == nil {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if crmodel.IsNamed(st.Field(i).Type(), crmodel.MetaV1Path, "ObjectMeta") {
			return true
		}
	}
	return false
}
