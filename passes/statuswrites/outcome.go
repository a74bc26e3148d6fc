package statuswrites

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// A helper such as
//
//	func (r *R) waitForDeps(ctx context.Context, job *v1.Job) (bool, ctrl.Result, error) {
//		if !depsReady(job) {
//			return false, ctrl.Result{RequeueAfter: time.Minute}, r.patchStatus(ctx, job, "waiting")
//		}
//		return true, ctrl.Result{}, nil
//	}
//
// writes the status only on the paths that tell its caller to stop, and
// the caller does: "if ok, res, err := r.waitForDeps(ctx, &job); !ok
// { return res, err }" (or, for a helper returning a *ctrl.Result that is
// not nil where it wrote, "if res != nil { return *res, err }"). Counting that write on the paths after the if, as
// a first write before the reconcile's later ones, was a false positive on
// a real operator. So a function's summary records, for each object it
// writes, what its results say on every path on which it wrote: the value
// of a bool result, whether a reconcile.Result result is zero (its
// IsZero), or whether a pointer result is nil. Where the caller's if asks that question of the call's result
// and gets the other answer, the call wrote nothing.

// Answer is what one of a function's results says on every path on which
// the function wrote an object's status.
type Answer struct {
	Result int  // the result's index
	Value  bool // a bool result's value, a reconcile.Result's IsZero(), or whether a pointer is nil
}

func (a Answer) String() string {
	return fmt.Sprintf("only when result %d answers %t", a.Result, a.Value)
}

// answers returns what the results of a return say, where that is known:
// bool constants, and reconcile.Results that are zero or are composite
// literals with a non-zero constant field.
func (c *checker) answers(fn *ssa.Function, ret *ssa.Return) []Answer {
	res := fn.Signature.Results()
	if len(ret.Results) != res.Len() {
		return nil
	}
	var out []Answer
	for i, v := range ret.Results {
		t := res.At(i).Type()
		if crmodel.IsBool(t) {
			if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool {
				out = append(out, Answer{i, constant.BoolVal(k.Value)})
			}
			continue
		}
		if c.res.Model.IsReconcileResult(t) {
			if zero, ok := resultIsZero(v, 0); ok {
				out = append(out, Answer{i, zero})
			}
			continue
		}
		if _, ok := t.Underlying().(*types.Pointer); ok {
			if isNil, ok := pointerIsNil(v, 0); ok {
				out = append(out, Answer{i, isNil})
			}
		}
	}
	return out
}

// forwarded returns what the results of ret say about the object id,
// whose count on the path is e, where they are a call's results handed on
// (return sync(fr, cm), as pulp-operator's ReconcileObject returns what
// updateObject does): the callee's answers for the object, when every
// write of it on the path is that call's. A write before the call, or the
// call made again in a loop, leaves the results saying nothing about it.
func (c *checker) forwarded(fn *ssa.Function, ret *ssa.Return, id ident, e entry) []Answer {
	var out []Answer
	for i, v := range ret.Results {
		call, j, ok := resultOf(v)
		if !ok {
			continue
		}
		for _, ct := range c.contribsOf(fn, call) {
			if ct.id != id || ct.ev != e.first || e.n > ct.n {
				continue
			}
			for _, a := range ct.when {
				if a.Result == j {
					out = append(out, Answer{i, a.Value})
				}
			}
		}
	}
	return out
}

// resultIsZero tells whether a reconcile.Result value is zero: the zero
// constant, a composite literal (zero unless a field is set to a non-zero
// constant; unknown if a field is set to anything else), or a phi of those
// that agree.
func resultIsZero(v ssa.Value, depth int) (zero, ok bool) {
	if depth > 4 {
		return false, false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return v.Value == nil, v.Value == nil
	case *ssa.Phi:
		return agree(v.Edges, func(e ssa.Value) (bool, bool) { return resultIsZero(e, depth+1) })
	case *ssa.UnOp:
		a, isAlloc := v.X.(*ssa.Alloc)
		if v.Op != token.MUL || !isAlloc || a.Comment != "complit" || a.Block() != v.Block() {
			return false, false
		}
		return literalIsZero(a)
	}
	return false, false
}

// pointerIsNil tells whether a pointer value is nil: the nil constant, a
// new variable (&T{...} or new(T)), the result of a function that returns
// one of those on every path, or a phi of those that agree.
func pointerIsNil(v ssa.Value, depth int) (isNil, ok bool) {
	if depth > 4 {
		return false, false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil(), v.IsNil()
	case *ssa.Alloc:
		return false, true
	case *ssa.Call, *ssa.Extract:
		// What a function of the package returns on every path
		// (return r.markAndWait(ctx, obj), which returns &ctrl.Result{...}).
		call, i, ok := resultOf(v)
		if !ok {
			return false, false
		}
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil {
			return false, false
		}
		return agree(valueflow.Results(callee, i), func(r ssa.Value) (bool, bool) { return pointerIsNil(r, depth+1) })
	case *ssa.Phi:
		return agree(v.Edges, func(e ssa.Value) (bool, bool) { return pointerIsNil(e, depth+1) })
	}
	return false, false
}

// agree returns the answer f gives for every one of vals (the edges of a
// phi, the results a function returns), if they all give one and agree.
func agree(vals []ssa.Value, f func(ssa.Value) (bool, bool)) (answer, ok bool) {
	for i, e := range vals {
		a, ok := f(e)
		if !ok || (i > 0 && a != answer) {
			return false, false
		}
		answer = a
	}
	return answer, len(vals) > 0
}

// literalIsZero tells whether a composite literal's fields are all zero:
// its stores, in its own block, set each field once.
func literalIsZero(a *ssa.Alloc) (zero, ok bool) {
	set, unknown := false, false
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
		case *ssa.FieldAddr:
			for _, rr := range *r.Referrers() {
				st, ok := rr.(*ssa.Store)
				if !ok || st.Addr != r || st.Block() != a.Block() {
					return false, false
				}
				if k, ok := st.Val.(*ssa.Const); ok {
					if k.Value != nil && !isZeroConst(k.Value) {
						set = true
					}
				} else {
					unknown = true
				}
			}
		default:
			return false, false
		}
	}
	if set {
		return false, true
	}
	return true, !unknown
}

func isZeroConst(v constant.Value) bool {
	switch v.Kind() {
	case constant.Bool:
		return !constant.BoolVal(v)
	case constant.Int, constant.Float:
		return constant.Sign(v) == 0
	case constant.String:
		return constant.StringVal(v) == ""
	}
	return false
}

// commonAnswers keeps the answers a and b share: what the results say on
// every path that wrote.
func commonAnswers(a, b []Answer) []Answer {
	var out []Answer
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
			}
		}
	}
	return out
}

// contradicts reports whether a call that writes only when its results
// say when has result i answering value: it wrote nothing then.
func contradicts(when []Answer, i int, value bool) bool {
	for _, a := range when {
		if a.Result == i && a.Value != value {
			return true
		}
	}
	return false
}

// answered returns the call and result index an if's condition value k
// asks about: a bool result of the call, or IsZero of a reconcile.Result
// result (through the variable the method's pointer receiver needs).
func (c *checker) answered(k ssa.Value) (*ssa.Call, int, bool) {
	if !crmodel.IsBool(k.Type()) {
		return nil, 0, false
	}
	isZero, ok := k.(*ssa.Call)
	if !ok || !c.isResultIsZero(isZero) {
		return resultOf(k)
	}
	v := isZero.Call.Args[0]
	if a, ok := v.(*ssa.Alloc); ok {
		v = storedOnce(a)
	}
	if v == nil {
		return nil, 0, false
	}
	return resultOf(v)
}

// isResultIsZero reports whether call calls reconcile.Result's IsZero.
func (c *checker) isResultIsZero(call *ssa.Call) bool {
	m := call.Call.StaticCallee()
	if m == nil || m.Name() != "IsZero" || m.Signature.Recv() == nil || len(call.Call.Args) != 1 {
		return false
	}
	recv := m.Signature.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return c.res.Model.IsReconcileResult(recv)
}

// resultOf returns the call whose result v is, and the result's index.
func resultOf(v ssa.Value) (*ssa.Call, int, bool) {
	switch v := v.(type) {
	case *ssa.Call:
		if _, tuple := v.Type().(*types.Tuple); !tuple {
			return v, 0, true
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return call, v.Index, true
		}
	}
	return nil, 0, false
}

// storedOnce returns the one value stored in a local variable whose address
// is only stored to and passed on, or nil.
func storedOnce(a *ssa.Alloc) ssa.Value {
	if st, ok := soleStore(a, func(ssa.Instruction) bool { return true }); ok && st != nil {
		return st.Val
	}
	return nil
}
