package conditions

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crash"
	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reach"
)

// checker holds the package-wide indexes of one run.
type checker struct {
	pass  *analysis.Pass
	res   *reach.Result
	guard *crash.Guard // the panics recovered from, reported once

	funcs   []*ssa.Function // the package's functions with bodies, closures included
	inPkg   map[*ssa.Function]bool
	stores  map[ssa.Value][]ssa.Value        // alloc or global → values stored there
	storeIn map[ssa.Value][]*ssa.Store       // alloc or global → the stores there
	sites   map[*ssa.Function][]site         // callers of each package function
	writes  map[*ssa.Function][]*reach.Write // status writes by enclosing function
	summ    map[*ssa.Function]map[ssa.Value]bool
	retsChg map[*ssa.Function]int // 1 computing, 2 yes, 3 no

	regionMemo map[regionKey]map[*ssa.BasicBlock]*region
	eventMemo  map[*ssa.Function][]event
	mutMemo    map[mutKey]mutation
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

func newChecker(pass *analysis.Pass, res *reach.Result) *checker {
	c := &checker{
		pass:    pass,
		res:     res,
		inPkg:   make(map[*ssa.Function]bool),
		stores:  make(map[ssa.Value][]ssa.Value),
		storeIn: make(map[ssa.Value][]*ssa.Store),
		sites:   make(map[*ssa.Function][]site),
		writes:  make(map[*ssa.Function][]*reach.Write),
		summ:    make(map[*ssa.Function]map[ssa.Value]bool),
		retsChg: make(map[*ssa.Function]int),

		regionMemo: make(map[regionKey]map[*ssa.BasicBlock]*region),
		eventMemo:  make(map[*ssa.Function][]event),
		mutMemo:    make(map[mutKey]mutation),
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				if fn := res.Func(n); fn != nil && fn.Blocks != nil && !c.inPkg[fn] {
					c.inPkg[fn] = true
					c.funcs = append(c.funcs, fn)
				}
			}
			return true
		})
	}
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					for _, k := range c.addrKeys(instr.Addr, 0) {
						c.stores[k] = append(c.stores[k], instr.Val)
						c.storeIn[k] = append(c.storeIn[k], instr)
					}
				}
			}
		}
	}
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					for _, ce := range c.callees(call) {
						c.sites[ce.fn] = append(c.sites[ce.fn], site{caller: fn, call: call, mc: ce.mc})
					}
				}
			}
		}
	}
	for _, w := range res.Writes {
		if w.Fn != nil {
			c.writes[w.Fn] = append(c.writes[w.Fn], w)
		}
	}
	return c
}

// addrKeys returns the allocations or globals an address denotes: itself,
// or for a closure's free variable the addresses it is bound to.
func (c *checker) addrKeys(addr ssa.Value, depth int) []ssa.Value {
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.Global:
		return []ssa.Value{a}
	case *ssa.FreeVar:
		if depth > maxDepth {
			return nil
		}
		var out []ssa.Value
		for _, b := range c.res.Bindings(a) {
			out = append(out, c.addrKeys(b, depth+1)...)
		}
		return out
	}
	return nil
}

// storedAt returns the values stored at an address (an allocation, a
// global or a free variable bound to one).
func (c *checker) storedAt(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, k := range c.addrKeys(addr, 0) {
		out = append(out, c.stores[k]...)
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

// conditionType returns the constant condition type a SetStatusCondition
// call (its new condition's Type field) or a condition check (its
// conditionType argument) names, or "" when it is not a constant.
func (c *checker) conditionType(pos token.Pos, kind crmodel.ConditionFunc) string {
	call := c.res.CallExpr(pos)
	if call == nil || len(call.Args) < 2 {
		return ""
	}
	arg := ast.Unparen(call.Args[1])
	if kind == crmodel.SetCondition {
		lit, ok := arg.(*ast.CompositeLit)
		if !ok {
			return ""
		}
		arg = nil
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Type" {
					arg = kv.Value
				}
			}
		}
		if arg == nil {
			return ""
		}
	}
	if tv, ok := c.pass.TypesInfo.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
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
// variables set to true only where such a value decided (see flagPhi).
func (c *checker) dependsOnChange(v ssa.Value, ctype string) bool {
	return c.depends(v, ctype, 0, make(map[ssa.Value]bool), true)
}

// depends is dependsOnChange; flags false leaves flag variables out (they
// are decided by guard regions, which are computed from depends).
func (c *checker) depends(v ssa.Value, ctype string, depth int, seen map[ssa.Value]bool, flags bool) bool {
	if v == nil || depth > maxDepth || seen[v] {
		return false
	}
	seen[v] = true
	rec := func(x ssa.Value) bool { return c.depends(x, ctype, depth+1, seen, flags) }
	switch v := v.(type) {
	case *ssa.Call:
		if c.isChangeSource(v, ctype) {
			return true
		}
		ces := c.callees(v)
		for _, ce := range ces {
			if c.returnsChange(ce.fn) {
				return true
			}
		}
		if len(ces) == 0 && c.passesThrough(v) {
			common := v.Common()
			if common.IsInvoke() && rec(common.Value) {
				return true
			}
			for _, a := range common.Args {
				if rec(a) {
					return true
				}
			}
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok && crmodel.IsError(v.Type()) && len(c.callees(call)) == 0 {
			return false // the error of another package's function
		}
		return rec(v.Tuple)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if rec(e) {
				return true
			}
		}
		return flags && c.flagPhi(v, ctype)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			switch addr := v.X.(type) {
			case *ssa.FieldAddr:
				return rec(addr.X)
			case *ssa.IndexAddr:
				return rec(addr.X)
			}
			for _, s := range c.storedAt(v.X) {
				if rec(s) {
					return true
				}
			}
			return flags && c.flagStored(v.X, ctype)
		}
		return rec(v.X)
	case *ssa.Alloc:
		// A variable whose address is taken: the values stored there.
		for _, s := range c.storedAt(v) {
			if rec(s) {
				return true
			}
		}
	case *ssa.BinOp:
		return rec(v.X) || rec(v.Y)
	case *ssa.Field:
		return rec(v.X)
	case *ssa.FieldAddr:
		return rec(v.X)
	case *ssa.Convert:
		return rec(v.X)
	case *ssa.ChangeType:
		return rec(v.X)
	case *ssa.MakeInterface:
		return rec(v.X)
	case *ssa.TypeAssert:
		return rec(v.X)
	case *ssa.Parameter:
		idx := reach.ParamIndex(v)
		for _, s := range c.sites[v.Parent()] {
			common := s.call.Common()
			if idx >= 0 && idx < len(common.Args) && rec(common.Args[idx]) {
				return true
			}
		}
	case *ssa.FreeVar:
		for _, b := range c.res.Bindings(v) {
			if rec(b) {
				return true
			}
		}
	}
	return false
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
	if obj := reach.CalleeFunc(common); obj != nil {
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
	if fn == nil || len(fn.Blocks) == 0 || !isBool(phi.Type()) {
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
	if !reachable(fn.Blocks[0], phi.Block(), sources...) {
		return false // true on every path: the flag decides nothing
	}
	base := c.regionsMode(fn, ctype, false)
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
	if p, ok := addr.Type().Underlying().(*types.Pointer); !ok || !isBool(p.Elem()) {
		return false
	}
	var stores []*ssa.Store
	for _, k := range c.addrKeys(addr, 0) {
		if _, global := k.(*ssa.Global); global {
			return false
		}
		stores = append(stores, c.storeIn[k]...)
	}
	falses, trues := false, false
	for _, st := range stores {
		k, ok := st.Val.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.Bool {
			return false
		}
		if !constant.BoolVal(k.Value) {
			falses = true
			continue
		}
		fn := st.Parent()
		if fn == nil || len(fn.Blocks) == 0 || !guardsBlock(fn, c.regionsMode(fn, ctype, false), st.Block()) {
			return false
		}
		trues = true
	}
	return falses && trues
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
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
		var inside []*ssa.BasicBlock
		for x := range r.blocks {
			inside = append(inside, x)
		}
		if reachable(fn.Blocks[0], b, inside...) {
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
	if !ok {
		return false
	}
	sl, ok := p.Elem().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	return crmodel.IsNamed(sl.Elem(), crmodel.MetaV1Path, "Condition")
}

// isChangeSource reports whether call tells changed from unchanged.
func (c *checker) isChangeSource(call *ssa.Call, ctype string) bool {
	fn := reach.CalleeFunc(call.Common())
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
	return crmodel.IsEqualityFunc(fn)
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
					if !yes && c.dependsOnChange(r, "") {
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

// reachable reports whether block to can be reached from block from
// without passing through any block of avoid (to itself may be in avoid).
func reachable(from, to *ssa.BasicBlock, avoid ...*ssa.BasicBlock) bool {
	seen := make(map[*ssa.BasicBlock]bool)
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		if slices.Contains(avoid, b) {
			continue
		}
		stack = append(stack, b.Succs...)
	}
	return false
}

func indexIn(b *ssa.BasicBlock, instr ssa.Instruction) int {
	return slices.Index(b.Instrs, instr)
}

// region is a group of blocks ending in Ifs whose conditions depend on a
// change, chained as the short-circuit evaluation of one condition
// (a && b, a || b) chains them; its exits are the edges leaving it.
type region struct {
	blocks map[*ssa.BasicBlock]bool
	head   *ssa.BasicBlock
	exits  []*ssa.BasicBlock
}

// regions returns the guard regions of fn for condition type ctype, by
// block.
func (c *checker) regions(fn *ssa.Function, ctype string) map[*ssa.BasicBlock]*region {
	return c.regionsMode(fn, ctype, true)
}

// regionsMode is regions; flags false leaves out ifs that only a flag
// variable makes depend on a change (the regions that decide the flags).
func (c *checker) regionsMode(fn *ssa.Function, ctype string, flags bool) map[*ssa.BasicBlock]*region {
	key := regionKey{fn, ctype, flags}
	if m, ok := c.regionMemo[key]; ok {
		return m
	}
	c.regionMemo[key] = nil // in progress: a recursive request sees no guards
	guard := make(map[*ssa.BasicBlock]bool)
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 && len(b.Succs) == 2 {
			if ifi, ok := b.Instrs[n-1].(*ssa.If); ok && c.depends(ifi.Cond, ctype, 0, make(map[ssa.Value]bool), flags) {
				guard[b] = true
			}
		}
	}
	// A guard block whose only predecessor is a guard block continues
	// that block's condition.
	out := make(map[*ssa.BasicBlock]*region)
	for _, b := range fn.Blocks {
		if !guard[b] || out[b] != nil {
			continue
		}
		head := b
		for steps := 0; steps < len(fn.Blocks) && len(head.Preds) == 1 && guard[head.Preds[0]] && head.Preds[0] != b; steps++ {
			head = head.Preds[0]
		}
		if out[head] != nil {
			out[b] = out[head]
			continue
		}
		r := &region{blocks: make(map[*ssa.BasicBlock]bool), head: head}
		stack := []*ssa.BasicBlock{head}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if r.blocks[x] {
				continue
			}
			r.blocks[x] = true
			out[x] = r
			for _, s := range x.Succs {
				if guard[s] && len(s.Preds) == 1 {
					stack = append(stack, s)
				}
			}
		}
		for x := range r.blocks {
			for _, s := range x.Succs {
				if !r.blocks[s] {
					r.exits = append(r.exits, s)
				}
			}
		}
		sort.Slice(r.exits, func(i, j int) bool { return r.exits[i].Index < r.exits[j].Index })
	}
	c.regionMemo[key] = out
	return out
}

type regionKey struct {
	fn    *ssa.Function
	ctype string
	flags bool
}

// splits reports whether the region's exits divide into some from which
// to is reachable and some from which it is not (not passing through the
// region again, nor through avoid).
func (r *region) splits(to, avoid *ssa.BasicBlock) bool {
	yes, no := false, false
	for _, e := range r.exits {
		if reachableOutside(e, to, r.blocks, avoid) {
			yes = true
		} else {
			no = true
		}
	}
	return yes && no
}

func reachableOutside(from, to *ssa.BasicBlock, inside map[*ssa.BasicBlock]bool, avoid *ssa.BasicBlock) bool {
	var skip []*ssa.BasicBlock
	for b := range inside {
		skip = append(skip, b)
	}
	if avoid != nil {
		skip = append(skip, avoid)
	}
	return reachable(from, to, skip...)
}

// unguarded reports whether target can run after start (nil: the
// function's entry) on a path that no change-dependent guard decides: it
// passes no guard region with exits from which target is reachable and
// exits from which it is not, and no such region before start confines
// start and target to the same exits. A deferred target counts when it is
// registered on the way or before start.
func (c *checker) unguarded(fn *ssa.Function, start, target ssa.Instruction, ctype string) bool {
	if fn == nil || len(fn.Blocks) == 0 || target == nil || target.Block() == nil {
		return false
	}
	sb, si := fn.Blocks[0], -1
	if start != nil {
		if start.Block() == nil {
			return false
		}
		sb, si = start.Block(), indexIn(start.Block(), start)
	}
	tb, ti := target.Block(), indexIn(target.Block(), target)
	regions := c.regions(fn, ctype)
	if start != nil && c.preGuarded(regions, sb, tb) {
		return false
	}
	if _, deferred := target.(*ssa.Defer); deferred && start != nil {
		if tb != sb && tb.Dominates(sb) || tb == sb && ti < si {
			return true
		}
	}
	if tb == sb && ti > si {
		return true
	}
	seen := make(map[*ssa.BasicBlock]bool)
	done := make(map[*region]bool)
	var queue []*ssa.BasicBlock
	follow := func(b *ssa.BasicBlock) {
		r := regions[b]
		if r == nil {
			queue = append(queue, b.Succs...)
			return
		}
		if done[r] {
			return
		}
		done[r] = true
		if r.splits(tb, sb) {
			return // this guard decides whether target runs
		}
		queue = append(queue, r.exits...)
	}
	follow(sb)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == tb {
			if b != sb || ti < si {
				return true
			}
			continue
		}
		if b == sb {
			continue // start runs again: that run is checked on its own
		}
		follow(b)
	}
	return false
}

// preGuarded reports whether a guard region before the start block
// confines start and target: its exits from which start is not reachable
// cannot reach target either, as with
// if !IsStatusConditionPresentAndEqual(...) { set; write }.
func (c *checker) preGuarded(regions map[*ssa.BasicBlock]*region, sb, tb *ssa.BasicBlock) bool {
	seen := make(map[*region]bool)
	for _, r := range regions {
		if seen[r] || r.blocks[sb] || !r.head.Dominates(sb) {
			continue
		}
		seen[r] = true
		var toStart, other []*ssa.BasicBlock
		for _, e := range r.exits {
			if reachableOutside(e, sb, r.blocks, nil) {
				toStart = append(toStart, e)
			} else {
				other = append(other, e)
			}
		}
		if len(toStart) == 0 || len(other) == 0 {
			continue
		}
		confined := true
		for _, e := range other {
			if reachableOutside(e, tb, r.blocks, nil) {
				confined = false
			}
		}
		if confined {
			return true
		}
	}
	return false
}

// event is something in a function that writes an object's status: a
// status write, a call of another package's status-writing function, or a
// call of a package function that writes the status of one of its
// parameters or free variables.
type event struct {
	instr  ssa.Instruction
	roots  []ssa.Value   // the objects written, as values of the function
	write  *reach.Write  // a direct write, or nil
	callee *ssa.Function // the package function that writes, or nil
}

// events returns fn's status-writing events.
func (c *checker) events(fn *ssa.Function, depth int) []event {
	if depth == 0 {
		if evs, ok := c.eventMemo[fn]; ok {
			return evs
		}
		evs := c.computeEvents(fn, 0)
		c.eventMemo[fn] = evs
		return evs
	}
	return c.computeEvents(fn, depth)
}

func (c *checker) computeEvents(fn *ssa.Function, depth int) []event {
	var out []event
	for _, w := range c.writes[fn] {
		if w.MethodValue || w.Instr == nil {
			continue
		}
		if w.External != nil {
			ev := event{instr: w.Instr, write: w}
			for _, a := range w.Instr.Common().Args {
				ev.roots = append(ev.roots, root(a))
			}
			out = append(out, ev)
			continue
		}
		if w.Object != nil {
			out = append(out, event{instr: w.Instr, roots: []ssa.Value{root(w.Object)}, write: w})
		}
	}
	if depth > 4 {
		return out
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for _, ce := range c.callees(call) {
				if ce.fn == fn {
					continue
				}
				written := c.writtenFromEntry(ce.fn, depth+1)
				if len(written) == 0 {
					continue
				}
				ev := event{instr: instr, callee: ce.fn}
				for v := range written {
					if m := mapInto(v, call, ce.mc, fn); m != nil {
						ev.roots = append(ev.roots, root(m))
					}
				}
				if len(ev.roots) > 0 {
					out = append(out, ev)
				}
			}
		}
	}
	return out
}

// mapInto maps a parameter or free variable of a callee to the value the
// call in caller passes or binds for it.
func mapInto(v ssa.Value, call ssa.CallInstruction, mc *ssa.MakeClosure, caller *ssa.Function) ssa.Value {
	switch v := v.(type) {
	case *ssa.Parameter:
		args := call.Common().Args
		if i := reach.ParamIndex(v); i >= 0 && i < len(args) {
			return args[i]
		}
	case *ssa.FreeVar:
		if mc != nil && mc.Parent() == caller {
			if i := reach.FreeVarIndex(v); i >= 0 && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// writtenFromEntry returns the parameters and free variables of fn whose
// status fn writes on a path from its entry that no change-dependent guard
// decides.
func (c *checker) writtenFromEntry(fn *ssa.Function, depth int) map[ssa.Value]bool {
	if m, ok := c.summ[fn]; ok {
		return m
	}
	c.summ[fn] = nil // in progress: recursion sees no writes
	out := make(map[ssa.Value]bool)
	for _, ev := range c.events(fn, depth) {
		for _, r := range ev.roots {
			switch r.(type) {
			case *ssa.Parameter, *ssa.FreeVar:
				if !out[r] && c.unguarded(fn, nil, ev.instr, "") {
					out[r] = true
				}
			}
		}
	}
	c.summ[fn] = out
	return out
}
