package conditions

// The package-wide indexes of one run: the functions, what is stored
// where, the call sites of each function, and the objects behind values.

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crash"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// checker holds the package-wide indexes of one run.
type checker struct {
	pass  *analysis.Pass
	res   *reconcilepath.Result
	guard *crash.Guard       // the panics recovered from, reported once
	loads *fixes.ObjectLoads // statusupdate's loads, for threading (objectLoads)

	funcs   []*ssa.Function                          // the package's functions with bodies, closures included
	sites   map[*ssa.Function][]site                 // callers of each package function
	writes  map[*ssa.Function][]*reconcilepath.Write // status writes by enclosing function
	summ    map[*ssa.Function]map[ssa.Value]bool
	retsChg map[*ssa.Function]int // 1 computing, 2 yes, 3 no

	regionMemo map[regionKey]map[*ssa.BasicBlock]*region
	eventMemo  map[*ssa.Function][]event
	follow     *objchange.Follower[mutation] // the other changes of a written object's status (mutations.go)

	snapshots *fixes.Snapshots // the names of the copies the fixes thread through helpers
}

// site is a call of a package function: by name, or of a closure.
type site struct {
	caller *ssa.Function
	call   ssa.CallInstruction
	mc     *ssa.MakeClosure // the closure called, when known
}

// callee is a function a call may invoke, with the closure it was made by.
type callee struct {
	fn *ssa.Function
	mc *ssa.MakeClosure
}

const maxDepth = 12

func newChecker(pass *analysis.Pass, res *reconcilepath.Result) *checker {
	c := &checker{
		pass:    pass,
		res:     res,
		sites:   make(map[*ssa.Function][]site),
		writes:  make(map[*ssa.Function][]*reconcilepath.Write),
		summ:    make(map[*ssa.Function]map[ssa.Value]bool),
		retsChg: make(map[*ssa.Function]int),

		regionMemo: make(map[regionKey]map[*ssa.BasicBlock]*region),
		eventMemo:  make(map[*ssa.Function][]event),
		snapshots:  fixes.NewSnapshots(),
	}
	for _, sf := range res.SourceFuncs() {
		if res.IsSource(sf.Fn) {
			c.funcs = append(c.funcs, sf.Fn)
		}
	}
	// The calls are reconcilepath's, indexed when it scanned the SSA; this
	// pass follows them through function values, with the stores of
	// internal/valueflow's index (Result.Stores).
	for _, fn := range c.funcs {
		for _, call := range res.CallsIn(fn) {
			for _, ce := range c.callees(call) {
				c.sites[ce.fn] = append(c.sites[ce.fn], site{caller: fn, call: call, mc: ce.mc})
			}
		}
	}
	for _, w := range res.Writes {
		if w.Fn != nil {
			c.writes[w.Fn] = append(c.writes[w.Fn], w)
		}
	}
	c.follow = objchange.NewFollower[mutation](mutationRule{c, ""}, res.IsSource, c.calledFuncs)
	return c
}

// callees returns the package functions a call may invoke: a static
// callee, a closure, or the functions a variable holding a func value was
// assigned. Interface method calls are not followed.
func (c *checker) callees(call ssa.CallInstruction) []callee {
	common := call.Common()
	if common == nil || common.IsInvoke() {
		return nil
	}
	return c.funcValues(common.Value)
}

func (c *checker) funcValues(v ssa.Value) []callee {
	// Only what the package stores and joins: a parameter or a free
	// variable holding a func value is not followed to its callers.
	origins, _ := c.res.Origins(v, valueflow.Rule{MaxDepth: maxDepth, Step: func(v ssa.Value) valueflow.Step {
		switch v.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
			return valueflow.Step{Kind: valueflow.Dropped}
		}
		return valueflow.Step{}
	}})
	var out []callee
	for _, o := range origins {
		switch o := o.(type) {
		case *ssa.Function:
			if f := o.Origin(); f != nil {
				o = f
			}
			if c.res.IsSource(o) {
				out = append(out, callee{fn: o})
			}
		case *ssa.MakeClosure:
			if fn, ok := o.Fn.(*ssa.Function); ok && c.res.IsSource(fn) {
				out = append(out, callee{fn: fn, mc: o})
			}
		}
	}
	return out
}

// root returns the value that identifies the object behind v: the
// variable, allocation, parameter or call result that a field path,
// conversion or load of a pointer variable starts from; an accessor of
// the object's conditions stands for the object.
func root(v ssa.Value) ssa.Value {
	for i := 0; i < 64 && v != nil; i++ {
		base, _ := valueflow.AccessPath(v, pointerVariableLoad)
		call, ok := base.(*ssa.Call)
		if !ok {
			return base
		}
		recv := conditionsAccessor(call)
		if recv == nil {
			return base
		}
		v = recv
	}
	return v
}

// pointerVariableLoad reports whether a load stands for the variable it
// loads: a load of a pointer variable (one captured by a closure, or
// whose address is taken).
func pointerVariableLoad(x *ssa.UnOp) bool {
	if _, isPtr := x.Type().Underlying().(*types.Pointer); !isPtr {
		return false
	}
	switch x.X.(type) {
	case *ssa.Alloc, *ssa.FreeVar, *ssa.Global:
		return true
	}
	return false
}
