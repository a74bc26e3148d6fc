package conditions

// What tells changed from unchanged: the condition type a call names,
// the values that carry SetStatusCondition's result (through variables,
// phis, helpers and stores), and the helpers that return it.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// conditionType returns the constant condition type a SetStatusCondition
// call (its new condition's Type field) or a condition check (its
// conditionType argument) names, or "" when it is not a constant.
func (c *checker) conditionType(pos token.Pos, kind crmodel.ConditionFunc) string {
	arg := c.typeArg(pos, kind)
	if arg == nil {
		return ""
	}
	if tv, ok := c.pass.TypesInfo.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}

// typeArg returns the expression that gives the condition type of the
// condition helper call at pos: the Type of the literal SetStatusCondition
// is handed, or the type argument of the others; nil when there is none.
func (c *checker) typeArg(pos token.Pos, kind crmodel.ConditionFunc) ast.Expr {
	call := c.res.CallExpr(pos)
	if call == nil || len(call.Args) < 2 {
		return nil
	}
	arg := ast.Unparen(call.Args[1])
	if kind != crmodel.SetCondition {
		return arg
	}
	lit, ok := arg.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Type" {
				return kv.Value
			}
		}
	}
	return nil
}

// dependsOnChange reports whether v depends on whether the conditions or
// the status changed: on a SetStatusCondition or RemoveStatusCondition
// result, an equality comparison (reflect.DeepEqual,
// equality.Semantic.DeepEqual, cmp.Equal, ...), or a condition check
// (IsStatusConditionPresentAndEqual, FindStatusCondition, ...) of ctype
// ("" matches any type). It follows variables, closures' free variables,
// parameters (through the package's call sites), the results of the
// package's own functions, the results of other functions given such a
// value (ptr.Deref(meta.FindStatusCondition(...), ...)), and flags: bool
// variables set to true only where such a value decided (see flagPhi);
// flags false leaves flag variables out (they are decided by guard
// regions, which are computed from dependsOnChange). The trace's origins
// are the values that show a change: any one is enough.
func (c *checker) dependsOnChange(v ssa.Value, ctype string, flags bool) bool {
	follow := func(next ...ssa.Value) valueflow.Step {
		return valueflow.Step{Kind: valueflow.Follow, Next: next}
	}
	drop := valueflow.Step{Kind: valueflow.Dropped}
	change := valueflow.Step{Kind: valueflow.IsOrigin}
	origins, _ := c.res.Origins(v, valueflow.Rule{MaxDepth: maxDepth, Step: func(v ssa.Value) valueflow.Step {
		switch v := v.(type) {
		case *ssa.Call:
			if c.isChangeSource(v, ctype) {
				return change
			}
			ces := c.callees(v)
			for _, ce := range ces {
				if c.returnsChange(ce.fn) {
					return change
				}
			}
			if len(ces) == 0 && c.passesThrough(v) {
				common := v.Common()
				if common.IsInvoke() {
					return follow(append([]ssa.Value{common.Value}, common.Args...)...)
				}
				return follow(common.Args...)
			}
		case *ssa.Extract:
			if call, ok := v.Tuple.(*ssa.Call); ok && crmodel.IsError(v.Type()) && len(c.callees(call)) == 0 {
				return drop // the error of another package's function
			}
			return follow(v.Tuple)
		case *ssa.Phi:
			if flags && c.flagPhi(v, ctype) {
				return change
			}
			return follow(v.Edges...)
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return follow(v.X)
			}
			switch addr := v.X.(type) {
			case *ssa.FieldAddr:
				return follow(addr.X)
			case *ssa.IndexAddr:
				return follow(addr.X)
			}
			if flags && c.flagStored(v.X, ctype) {
				return change
			}
			return follow(valueflow.StoredValues(c.res.Stores(v.X))...)
		case *ssa.Alloc:
			// A variable whose address is taken: the values stored there.
			return follow(valueflow.StoredValues(c.res.Stores(v))...)
		case *ssa.BinOp:
			return follow(v.X, v.Y)
		case *ssa.Field:
			return follow(v.X)
		case *ssa.FieldAddr:
			return follow(v.X)
		case *ssa.Convert:
			return follow(v.X)
		case *ssa.ChangeType:
			return follow(v.X)
		case *ssa.MakeInterface:
			return follow(v.X)
		case *ssa.TypeAssert:
			return follow(v.X)
		case *ssa.Parameter:
			idx := valueflow.ParamIndex(v)
			var args []ssa.Value
			for _, s := range c.sites[v.Parent()] {
				if common := s.call.Common(); idx >= 0 && idx < len(common.Args) {
					args = append(args, common.Args[idx])
				}
			}
			return follow(args...)
		case *ssa.FreeVar:
			return follow(c.res.Bindings(v)...)
		}
		return drop
	}})
	return len(origins) > 0
}

// passesThrough reports whether a call of a function that is not the
// package's own carries the dependency of its arguments to its result:
// it returns something, and it is neither a condition function nor an
// equality function (those are decided by isChangeSource). What an opaque
// function such as ptr.Deref or a DeepCopy method returns is assumed to
// come from its arguments; an error it returns is not (see Extract).
func (c *checker) passesThrough(call *ssa.Call) bool {
	common := call.Common()
	if fn := common.StaticCallee(); fn != nil {
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if fn.Pkg != nil && fn.Pkg == c.res.SSA {
			return false // the package's own function: see returnsChange
		}
	}
	if obj := reconcilepath.CalleeFunc(common); obj != nil {
		if crmodel.ClassifyConditionFunc(obj) != crmodel.NotConditionFunc || crmodel.IsEqualityFunc(obj) {
			return false
		}
	}
	switch t := call.Type().(type) {
	case *types.Tuple:
		return t.Len() > 0
	default:
		return !crmodel.IsError(t)
	}
}

// flagPhi reports whether phi is a flag that depends on a change: a bool
// merged from the constants false and true only (through nested merges),
// where every block the value true comes from is reached only through a
// guard region (for ctype) one of whose exits cannot reach it, and the
// merge can be reached without passing any of them, so the flag can stay
// false. As in
//
//	needsUpdate := false
//	if cur := meta.FindStatusCondition(...); cur == nil || ... {
//		needsUpdate = true
//	}
//	if needsUpdate { ... }
func (c *checker) flagPhi(phi *ssa.Phi, ctype string) bool {
	fn := phi.Parent()
	if fn == nil || len(fn.Blocks) == 0 || !crmodel.IsBool(phi.Type()) {
		return false
	}
	var sources []*ssa.BasicBlock
	seen := make(map[*ssa.Phi]bool)
	var collect func(p *ssa.Phi, depth int) bool
	collect = func(p *ssa.Phi, depth int) bool {
		if seen[p] {
			return true
		}
		if depth > maxDepth || len(p.Edges) != len(p.Block().Preds) {
			return false
		}
		seen[p] = true
		for i, e := range p.Edges {
			switch e := e.(type) {
			case *ssa.Const:
				if e.Value == nil || e.Value.Kind() != constant.Bool {
					return false
				}
				if constant.BoolVal(e.Value) {
					sources = append(sources, p.Block().Preds[i])
				}
			case *ssa.Phi:
				if !collect(e, depth+1) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !collect(phi, 0) || len(sources) == 0 {
		return false
	}
	if !reachable(fn.Blocks[0], phi.Block(), func(x *ssa.BasicBlock) bool { return slices.Contains(sources, x) }) {
		return false // true on every path: the flag decides nothing
	}
	base := c.regions(fn, ctype, false)
	for _, b := range sources {
		if !guardsBlock(fn, base, b) {
			return false
		}
	}
	return true
}

// flagStored is flagPhi for a flag variable that a closure captures: every
// store to it is of false or true, some are of each, and each store of true
// is in a block that a guard region of its function decides.
func (c *checker) flagStored(addr ssa.Value, ctype string) bool {
	if p, ok := addr.Type().Underlying().(*types.Pointer); !ok || !crmodel.IsBool(p.Elem()) {
		return false
	}
	for _, v := range c.res.Variables(addr) {
		if _, global := v.(*ssa.Global); global {
			return false
		}
	}
	falses, trues := false, false
	for _, st := range c.res.Stores(addr) {
		k, ok := st.Val.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.Bool {
			return false
		}
		if !constant.BoolVal(k.Value) {
			falses = true
			continue
		}
		fn := st.Parent()
		if fn == nil || len(fn.Blocks) == 0 || !guardsBlock(fn, c.regions(fn, ctype, false), st.Block()) {
			return false
		}
		trues = true
	}
	return falses && trues
}

// guardsBlock reports whether one of the guard regions decides whether b
// runs: every path from fn's entry to b passes the region, and one of its
// exits cannot reach b.
func guardsBlock(fn *ssa.Function, regions map[*ssa.BasicBlock]*region, b *ssa.BasicBlock) bool {
	seen := make(map[*region]bool)
	for _, r := range regions {
		if seen[r] || r.blocks[b] {
			continue
		}
		seen[r] = true
		if r.reaches(fn.Blocks[0], b, nil) {
			continue
		}
		if r.splits(b, nil) {
			return true
		}
	}
	return false
}

// conditionsAccessor returns the receiver of a call of a method that
// returns a pointer to the receiver's conditions
// (func (in *HelmRelease) GetStatusConditions() *[]metav1.Condition): a
// statically called method without other parameters whose result is
// *[]metav1.Condition. A method of this package must return the address
// of a field under the receiver's Status; one of another package, whose
// body is not built, is taken by its signature.
func conditionsAccessor(call *ssa.Call) ssa.Value {
	common := call.Common()
	if common.IsInvoke() || len(common.Args) != 1 {
		return nil
	}
	fn := common.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !isConditionsPtr(fn.Signature.Results()) {
		return nil
	}
	if fn.Blocks != nil {
		if fn.Synthetic != "" || len(fn.Params) != 1 {
			return nil
		}
		n := 0
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ret, ok := instr.(*ssa.Return)
				if !ok {
					continue
				}
				n++
				if len(ret.Results) != 1 || !underStatus(ret.Results[0]) || root(ret.Results[0]) != fn.Params[0] {
					return nil
				}
			}
		}
		if n == 0 {
			return nil
		}
	}
	return common.Args[0]
}

// isConditionsPtr reports whether a result list is one *[]metav1.Condition.
func isConditionsPtr(res *types.Tuple) bool {
	if res == nil || res.Len() != 1 {
		return false
	}
	p, ok := res.At(0).Type().(*types.Pointer)
	return ok && isConditionSlice(p.Elem())
}

// alwaysChanges reports whether set runs only where the object has no
// conditions at all, inside if len(w.Status.Conditions) == 0 (or == nil,
// or the else of != 0 and > 0), as kubebuilder's scaffold sets its first
// condition: such a set always reports a change, so whatever writes follow
// write that change.
func alwaysChanges(set ssa.Instruction, obj ssa.Value, ctype string) bool {
	b := set.Block()
	for x := b.Idom(); x != nil; x = x.Idom() {
		ifi := endIf(x)
		if ifi == nil {
			continue
		}
		empty, ok := emptinessTest(ifi.Cond, obj)
		if !ok {
			empty, ok = absenceTest(ifi.Cond, obj, ctype)
		}
		if !ok {
			continue
		}
		branch := x.Succs[1]
		if empty {
			branch = x.Succs[0]
		}
		if branch.Dominates(b) && len(branch.Preds) == 1 {
			return true
		}
	}
	return false
}

// absenceTest reports whether cond tests that obj's conditions have none
// of type ctype, meta.FindStatusCondition(conds, ctype) == nil (pulp-
// operator's first Finished-Execution condition), and if so whether true
// means absent: a set of that type under it always adds the condition.
func absenceTest(cond ssa.Value, obj ssa.Value, ctype string) (absent, ok bool) {
	v, op := nilCompared(cond)
	call, isCall := v.(*ssa.Call)
	if !isCall || ctype == "" {
		return false, false
	}
	common := call.Common()
	fn := reconcilepath.CalleeFunc(common)
	if fn == nil || fn.Name() != "FindStatusCondition" || crmodel.ClassifyConditionFunc(fn) != crmodel.CheckCondition || len(common.Args) != 2 {
		return false, false
	}
	t, isT := common.Args[1].(*ssa.Const)
	if !isT || t.Value == nil || t.Value.Kind() != constant.String || constant.StringVal(t.Value) != ctype {
		return false, false
	}
	if !isConditionSlice(common.Args[0].Type()) || objchange.ObjectOf(common.Args[0]) != obj {
		return false, false
	}
	return op == token.EQL, true
}

// emptinessTest reports whether cond tests that obj's conditions are
// empty, and if so whether true means empty.
func emptinessTest(cond ssa.Value, obj ssa.Value) (empty, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin {
		return false, false
	}
	x, y := bin.X, bin.Y
	c, isConst := y.(*ssa.Const)
	if !isConst {
		return false, false
	}
	conds := x
	if call, isCall := x.(*ssa.Call); isCall {
		b, isB := call.Common().Value.(*ssa.Builtin)
		if !isB || b.Name() != "len" || len(call.Common().Args) != 1 || c.IsNil() || c.Int64() != 0 {
			return false, false
		}
		conds = call.Common().Args[0]
	} else if !c.IsNil() {
		return false, false
	}
	if !isConditionSlice(conds.Type()) || objchange.ObjectOf(conds) != obj {
		return false, false
	}
	switch bin.Op {
	case token.EQL:
		return true, true
	case token.NEQ, token.GTR:
		return false, true
	}
	return false, false
}

// isConditionSlice reports whether t is []metav1.Condition.
func isConditionSlice(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	return ok && crmodel.IsNamed(sl.Elem(), crmodel.MetaV1Path, "Condition")
}

// isChangeSource reports whether call tells changed from unchanged.
func (c *checker) isChangeSource(call *ssa.Call, ctype string) bool {
	fn := reconcilepath.CalleeFunc(call.Common())
	if fn == nil {
		return false
	}
	switch k := crmodel.ClassifyConditionFunc(fn); k {
	case crmodel.SetCondition, crmodel.RemoveCondition:
		return crmodel.ReportsChange(fn)
	case crmodel.CheckCondition:
		if ctype == "" {
			return true
		}
		t := c.conditionType(call.Pos(), k)
		return t == "" || t == ctype
	}
	return crmodel.IsEqualityFunc(fn) && !neverEqual(call)
}

// neverEqual reports whether call, a comparison, is of two values of
// different types handed in as interfaces: reflect.DeepEqual and
// equality.Semantic.DeepEqual then always report a difference, as in
// DeepEqual(cq.Status, oldStatus) with oldStatus := cq.Status.DeepCopy(),
// so the if guards nothing and the write goes out on every pass.
func neverEqual(call *ssa.Call) bool {
	args := call.Common().Args
	if len(args) < 2 {
		return false
	}
	x, okx := args[len(args)-2].(*ssa.MakeInterface)
	y, oky := args[len(args)-1].(*ssa.MakeInterface)
	return okx && oky && !types.Identical(x.X.Type(), y.X.Type())
}

// returnsChange reports whether one of fn's results depends on a change.
func (c *checker) returnsChange(fn *ssa.Function) bool {
	switch c.retsChg[fn] {
	case 1, 3:
		return false
	case 2:
		return true
	}
	c.retsChg[fn] = 1
	yes := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok {
				for _, r := range ret.Results {
					if !yes && c.dependsOnChange(r, "", true) {
						yes = true
					}
				}
			}
		}
	}
	if yes {
		c.retsChg[fn] = 2
	} else {
		c.retsChg[fn] = 3
	}
	return yes
}
