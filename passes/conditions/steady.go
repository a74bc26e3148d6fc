package conditions

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/steady"
)

// changingValue says why v, stored into field of obj's status, differs
// from one reconcile to the next ("the current time", "a count kept in the
// field", "a random value"), or "" when it repeats in the steady state
// (internal/steady says which values do).
func (c *checker) changingValue(v ssa.Value, obj ssa.Value, field string) string {
	q := steady.Query{InPkg: c.res.IsSource, Arguments: c.res.AllArguments}
	if field != "" {
		q.Field = func(addr ssa.Value) bool {
			return objchange.ObjectOf(addr) == obj && objchange.FieldName(addr) == field
		}
	}
	switch steady.Changing(v, q) {
	case steady.Clock:
		return "the current time"
	case steady.Counter:
		return "a count kept in the field itself"
	case steady.Appended:
		return "a value appended to the field itself"
	case steady.Random:
		return "a random value"
	}
	return ""
}

// steadySource says, for the message, where v, a value that repeats in
// the steady state, comes from: "computed from the spec", "copied from
// another object", "set to a constant".
func steadySource(v ssa.Value, obj ssa.Value) string {
	var from []string
	add := func(s string) {
		if !slices.Contains(from, s) {
			from = append(from, s)
		}
	}
	computed := false
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || depth > steady.MaxDepth || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			add("a constant")
			return
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if src := partOf(x.X, obj); src != "" {
					add(src)
					return
				}
			} else {
				computed = true
			}
		case *ssa.Field:
			if src := partOf(x, obj); src != "" {
				add(src)
				return
			}
		case *ssa.Call, *ssa.BinOp, *ssa.Convert:
			computed = true
		case *ssa.Parameter, *ssa.FreeVar:
			add("a value handed in")
			return
		}
		var ops []*ssa.Value
		if instr, ok := v.(ssa.Instruction); ok {
			ops = instr.Operands(ops)
		}
		for _, op := range ops {
			if op != nil && *op != nil {
				if _, isFn := (*op).(*ssa.Function); !isFn {
					walk(*op, depth+1)
				}
			}
		}
	}
	walk(v, 0)
	if len(from) == 0 {
		return "computed from local values"
	}
	if len(from) == 1 && from[0] == "a constant" && !computed {
		return "set to " + constText(v)
	}
	verb := "copied from "
	if computed {
		verb = "computed from "
	}
	return verb + strings.Join(from, " and ")
}

// constText names a constant for the message: its value when short.
func constText(v ssa.Value) string {
	c, ok := v.(*ssa.Const)
	if ok && c.Value == nil {
		return "nil"
	}
	if ok && c.Value.Kind() != constant.Unknown {
		if s := c.Value.ExactString(); len(s) <= 24 {
			return s
		}
	}
	return "a constant"
}

// partOf names the part of an object that addr, or a field value, is read
// from: the spec, metadata or status of obj, or another object.
func partOf(addr ssa.Value, obj ssa.Value) string {
	o := objchange.ObjectOf(addr)
	if o == nil {
		return ""
	}
	top, _ := objchange.OuterField(addr)
	if o != obj {
		if hasStatus(o.Type()) {
			return "another object"
		}
		return ""
	}
	switch top {
	case "Spec":
		return "the spec"
	case "ObjectMeta", "TypeMeta", "Generation", "Labels", "Annotations", "Name", "Namespace":
		return "the metadata"
	case "Status":
		return "the loaded status"
	}
	return ""
}

// hasStatus reports whether t, or what it points to, is a struct with a
// Status field: an API object.
func hasStatus(t types.Type) bool {
	st := crmodel.StructOf(t)
	if st == nil {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "Status" {
			return true
		}
	}
	return false
}
