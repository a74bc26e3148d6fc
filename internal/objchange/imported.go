package objchange

import (
	"fmt"
	"go/ast"
	"go/types"
)

// ParamChanges is what a function of another package does to one
// parameter, as a pass's fact records it (objectupdate's ChangesParams).
type ParamChanges struct {
	Index int // the parameter's index; -1 for the receiver
	// Map is set for a map parameter, whose changes are to whatever map
	// the caller hands over (Changed and Maybe then use Labels for
	// "written" and "perhaps written").
	Map     bool
	Changed uint8  // areas changed (labels, annotations, owner references, finalizers)
	Maybe   uint8  // areas handed on to code that may change them
	Blocked string // why other changes, or unseen ones, may happen; empty if none
}

// imported returns what another package's function does to its parameter
// idx (-1: the receiver), when the asking pass knows it.
func (c *Checker) imported(fn *types.Func, idx int) (ParamChanges, bool) {
	if c.opts.Imported == nil {
		return ParamChanges{}, false
	}
	return c.opts.Imported(fn, idx)
}

// applyImported turns a callee's fact about the parameter acc is handed
// to into the effect on the object.
func (w *walker) applyImported(acc access, p ParamChanges, name string, pos ast.Node) Effect {
	var e Effect
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
			e.Changed = acc.area
			if acc.area == Owners {
				e = Effect{}
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
		e.Changed, e.Maybe = Area(p.Changed), Area(p.Maybe)
		return e
	}
	e.block(pos.Pos(), fmt.Sprintf("%s is handed to %s, which may change it", describe(acc, w.v), name))
	return e
}
