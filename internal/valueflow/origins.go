package valueflow

import (
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A Rule steers a trace (Origins) with a pass's own knowledge. The zero
// Rule follows the standard steps only.
type Rule struct {
	// Step, when set, is asked for every value the trace reaches before
	// the standard steps are taken.
	Step func(v ssa.Value) Step
	// MaxDepth bounds the steps from the traced value to an origin
	// (default 12); a longer chain is an origin that cannot be seen.
	MaxDepth int
}

// A Step is a Rule's answer for one value.
type Step struct {
	Kind Kind
	// Next are the values v comes from, for Follow: all of them are
	// traced, and none is an origin that cannot be seen.
	Next []ssa.Value
}

// Kind says what a trace does with a value.
type Kind int

const (
	// Standard leaves the value to the standard steps.
	Standard Kind = iota
	// IsOrigin makes the value an origin.
	IsOrigin
	// Unseen makes the value an origin that cannot be seen: the trace
	// is not complete.
	Unseen
	// Follow traces Step.Next instead; with no Next, the value is unseen.
	Follow
	// Dropped ends the trace of the value with no origin, as a cycle
	// does: the other alternatives decide.
	Dropped
)

// Origins returns the values v can come from, in the package: following
// conversions (Unconvert), phis, loads of what the package stores at an
// address (a field, a local, a package variable, through closures'
// captures), closures' free variables to their bindings and parameters
// to the arguments of the package's own calls, to values of any other
// kind, each rule's Step first. complete is false when some origin cannot
// be seen (a load of something the package never stores, a parameter of
// a function it never calls, a chain longer than the rule's depth, or a
// value the rule calls Unseen); the origins that could be seen are
// returned all the same. A cycle adds no origin.
func (ix *Index) Origins(v ssa.Value, rule Rule) (origins []ssa.Value, complete bool) {
	t := trace{ix: ix, rule: rule, seen: make(map[ssa.Value]bool), complete: true}
	if t.rule.MaxDepth == 0 {
		t.rule.MaxDepth = 12
	}
	t.walk(v, 0)
	return t.out, t.complete
}

type trace struct {
	ix       *Index
	rule     Rule
	seen     map[ssa.Value]bool
	out      []ssa.Value
	complete bool
}

func (t *trace) walk(v ssa.Value, depth int) {
	if depth > t.rule.MaxDepth || v == nil {
		t.complete = false
		return
	}
	if t.seen[v] {
		return // a cycle adds no other origin
	}
	t.seen[v] = true
	step := Step{}
	if t.rule.Step != nil {
		step = t.rule.Step(v)
	}
	if step.Kind == Standard {
		step = t.standard(v)
	}
	switch step.Kind {
	case IsOrigin:
		t.out = append(t.out, v)
	case Unseen:
		t.complete = false
	case Follow:
		if len(step.Next) == 0 {
			t.complete = false
		}
		for _, x := range step.Next {
			t.walk(x, depth+1)
		}
	}
}

// standard is the step every trace takes unless its rule says otherwise.
func (t *trace) standard(v ssa.Value) Step {
	if x := Unconvert(v); x != v {
		return Step{Kind: Follow, Next: []ssa.Value{x}}
	}
	switch v := v.(type) {
	case *ssa.Phi:
		return Step{Kind: Follow, Next: v.Edges}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return Step{Kind: Follow, Next: StoredValues(t.ix.Stores(v.X))}
		}
	case *ssa.FreeVar:
		return Step{Kind: Follow, Next: t.ix.Bindings(v)}
	case *ssa.Parameter:
		return Step{Kind: Follow, Next: t.ix.Arguments(v)}
	}
	return Step{Kind: IsOrigin}
}

// Unconvert returns the value v converts, the one conversion stripper of
// the passes: through interface conversions (to an interface, between
// interfaces, and a type assertion that panics rather than report
// failure) and conversions between types of the same underlying type,
// none of which changes the value a pass follows.
func Unconvert(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.TypeAssert:
			if x.CommaOk {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
}

// AccessPath returns the value v is derived from by conversions
// (Unconvert), field selections and loads, and the selectors taken from
// it to v: ".3" for field 3, "*" for a load, in order. loads says which
// loads are steps of the path; nil takes every one.
func AccessPath(v ssa.Value, loads func(*ssa.UnOp) bool) (base ssa.Value, path string) {
	var sels []string
	for depth := 0; depth < 64; depth++ {
		if x := Unconvert(v); x != v {
			v = x
			continue
		}
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.MUL && (loads == nil || loads(x)) {
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
