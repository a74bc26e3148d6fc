package objectupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
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
// the package with a parameter that can hold an object or a map, from
// the SSA of production code; with tests set, to those of test files too,
// from the SSA of every file (an external test package's Update is
// checked only then).
func (c *checker) exportFacts(res *reconcilepath.Result, tests bool) {
	for _, file := range c.pass.Files {
		view := res
		if ignore.IsTestFile(c.pass.Fset, file.Pos()) {
			if !tests {
				continue
			}
			view = nil // built only when a test file exports such a function
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := c.info.Defs[fd.Name].(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			if fact, ok := c.changesParams(fn, fd, view, res); ok {
				c.pass.ExportObjectFact(fn, fact)
			}
		}
	}
}

// changesParams is fn's fact, from view's SSA (res.Tests() when view is
// nil); ok is false when fn has no parameter it would describe.
func (c *checker) changesParams(fn *types.Func, fd *ast.FuncDecl, view, res *reconcilepath.Result) (*ChangesParams, bool) {
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil {
		if n := crmodel.NamedOf(recv.Type()); n == nil || !n.Obj().Exported() {
			return nil, false // a method of an unexported type: not called by name from outside
		}
	}
	var idxs []int
	if sig.Recv() != nil && fd.Recv != nil && canHoldObject(sig.Recv().Type()) {
		idxs = append(idxs, -1)
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if canHoldObject(sig.Params().At(i).Type()) {
			idxs = append(idxs, i)
		}
	}
	if len(idxs) == 0 {
		return nil, false
	}
	if view == nil {
		view = res.Tests()
	}
	sfn := view.Func(fd)
	if sfn == nil {
		return nil, false
	}
	var fact ChangesParams
	for _, idx := range idxs {
		i := idx
		if sig.Recv() != nil {
			i++ // SSA's parameters start with the receiver
		}
		if i >= len(sfn.Params) {
			continue
		}
		_, isMap := sfn.Params[i].Type().Underlying().(*types.Map)
		s := c.metadataOf(view).Param(sfn, sfn.Params[i])
		fact.Params = append(fact.Params, ParamChanges{Index: idx, Map: isMap, Changed: uint8(s.Changed), Maybe: uint8(s.Maybe), Blocked: s.Blocked})
	}
	return &fact, len(fact.Params) > 0
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
