package conditions

// The package-wide indexes of one run: the functions, what is stored
// where, the call sites of each function, and the objects behind values.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crash"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// checker holds the package-wide indexes of one run.
type checker struct {
	pass  *analysis.Pass
	res   *reconcilepath.Result
	guard *crash.Guard       // the panics recovered from, reported once
	loads *fixes.ObjectLoads // statusupdate's loads, for threading (objectLoads)

	funcs   []*ssa.Function // the package's functions with bodies, closures included
	inPkg   map[*ssa.Function]bool
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
		inPkg:   make(map[*ssa.Function]bool),
		sites:   make(map[*ssa.Function][]site),
		writes:  make(map[*ssa.Function][]*reconcilepath.Write),
		summ:    make(map[*ssa.Function]map[ssa.Value]bool),
		retsChg: make(map[*ssa.Function]int),

		regionMemo: make(map[regionKey]map[*ssa.BasicBlock]*region),
		eventMemo:  make(map[*ssa.Function][]event),
		snapshots:  fixes.NewSnapshots(),
	}
	for _, sf := range res.SourceFuncs() {
		if sf.Fn.Blocks != nil && !c.inPkg[sf.Fn] {
			c.inPkg[sf.Fn] = true
			c.funcs = append(c.funcs, sf.Fn)
		}
	}
	// The calls are reach's, indexed when it scanned the SSA; this pass
	// follows them through function values. The stores are reach's too,
	// by the variables they reach through closures (Result.StoresTo).
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
	c.follow = objchange.NewFollower[mutation](mutationRule{c, ""}, func(fn *ssa.Function) bool { return c.inPkg[fn] }, c.calledFuncs)
	return c
}

// storedAt returns the values stored at an address (an allocation, a
// global or a free variable bound to one): reach's stores to the
// variables it denotes.
func (c *checker) storedAt(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, st := range c.res.StoresTo(addr) {
		out = append(out, st.Val)
	}
	return out
}

// callees returns the package functions a call may invoke: a static
// callee, a closure, or the functions a variable holding a func value was
// assigned. Interface method calls are not followed.
func (c *checker) callees(call ssa.CallInstruction) []callee {
	common := call.Common()
	if common == nil || common.IsInvoke() {
		return nil
	}
	return c.funcValues(common.Value, 0)
}

func (c *checker) funcValues(v ssa.Value, depth int) []callee {
	if depth > maxDepth {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Function:
		if o := v.Origin(); o != nil {
			v = o
		}
		if c.inPkg[v] {
			return []callee{{fn: v}}
		}
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok && c.inPkg[fn] {
			return []callee{{fn: fn, mc: v}}
		}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			var out []callee
			for _, s := range c.storedAt(v.X) {
				out = append(out, c.funcValues(s, depth+1)...)
			}
			return out
		}
	case *ssa.Phi:
		var out []callee
		for _, e := range v.Edges {
			out = append(out, c.funcValues(e, depth+1)...)
		}
		return out
	case *ssa.ChangeType:
		return c.funcValues(v.X, depth+1)
	}
	return nil
}

// root returns the value that identifies the object behind v: the
// variable, allocation, parameter or call result that a field path,
// conversion or load of a pointer variable starts from.
func root(v ssa.Value) ssa.Value {
	for i := 0; i < 64 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.Call:
			// An accessor of the object's conditions stands for the object.
			recv := conditionsAccessor(x)
			if recv == nil {
				return v
			}
			v = recv
		case *ssa.UnOp:
			// A load of a pointer variable (one captured by a closure, or
			// whose address is taken) stands for the variable.
			if x.Op != token.MUL {
				return v
			}
			if _, isPtr := x.Type().Underlying().(*types.Pointer); !isPtr {
				return v
			}
			switch x.X.(type) {
			case *ssa.Alloc, *ssa.FreeVar, *ssa.Global:
				v = x.X
			default:
				return v
			}
		default:
			return v
		}
	}
	return v
}
