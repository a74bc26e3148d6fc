package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// ObjectLoads tells which calls leave an object as the API server has it:
// controller-runtime's Get, and Create, Update and Patch, which decode the
// server's answer into the object (crmodel's LoadedObject); and the
// package's own functions that write an object parameter so on every path
// to every return, so that a status Update after a call of a helper that
// updated the object is known to be fresh; and other packages' functions
// with a fact that says the same (statusupdate's LeavesWritten). One model
// for the passes whose threaded fixes must agree on where an object was
// last loaded (statusupdate's patch and conditions' guard of one helper's
// write), so that they make the same edits.
type ObjectLoads struct {
	pass *analysis.Pass
	m    *crmodel.Model
	info *types.Info
	// Writes maps a function of the package to the indices of the object
	// parameters it leaves written.
	Writes map[*types.Func][]int
	// facts returns the indices another package's function leaves
	// written, from a fact; nil when the pass has no such facts.
	facts func(*types.Func) []int
	// readers are the package's functions that return, as their first
	// result, an object they have just read with a Get (cloudnative-pg's
	// getCluster): a call of one is a Get (ReadInto).
	readers map[*types.Func]bool
	// Res is the reachability analysis whose SSA the status question
	// reads (StatusChange): the Result of the files being checked, set
	// anew by a pass that checks test files with the Result with tests.
	Res *reconcilepath.Result
}

// helperRounds is how deep helpers calling helpers are summarised.
const helperRounds = 2

// NewObjectLoads summarises the package's functions. facts reads another
// package's functions' summaries (nil: none are known).
func NewObjectLoads(pass *analysis.Pass, res *reconcilepath.Result, facts func(*types.Func) []int) *ObjectLoads {
	ol := &ObjectLoads{pass: pass, m: res.Model, info: pass.TypesInfo, Writes: make(map[*types.Func][]int), facts: facts, Res: res}
	ol.readers = ol.findReaders()
	for round := 0; round < helperRounds; round++ {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				decl, ok := d.(*ast.FuncDecl)
				if !ok || decl.Body == nil || decl.Type.Results == nil {
					continue
				}
				fn, ok := ol.info.Defs[decl.Name].(*types.Func)
				if !ok {
					continue
				}
				params := fn.Type().(*types.Signature).Params()
				var written map[*types.Var]bool
				for i := 0; i < params.Len(); i++ {
					if slices.Contains(ol.Writes[fn], i) {
						continue
					}
					if written == nil {
						written = ol.writtenVars(decl.Body)
					}
					if written[params.At(i)] && ol.leavesWritten(f, decl, params.At(i)) {
						ol.Writes[fn] = append(ol.Writes[fn], i)
					}
				}
			}
		}
	}
	return ol
}

// leavesWritten reports whether every return of decl comes after, or
// makes, a write of v (Create, Update, Patch), and decl never reads into v
// or assigns it.
func (ol *ObjectLoads) leavesWritten(file *ast.File, decl *ast.FuncDecl, v *types.Var) bool {
	list := decl.Body.List
	if len(list) == 0 || Reloads(ol.m, ol.info, decl.Body, v) {
		return false
	}
	if _, ok := list[len(list)-1].(*ast.ReturnStmt); !ok {
		return false // falls off the end, or ends in a loop or a panic
	}
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if !ol.returnsWritten(file, decl.Body, n, v) {
				ok = false
			}
			return false
		}
		return ok
	})
	return ok
}

// returnsWritten reports whether ret makes a write of v, or comes after one
// on every path.
func (ol *ObjectLoads) returnsWritten(file *ast.File, body *ast.BlockStmt, ret *ast.ReturnStmt, v *types.Var) bool {
	for _, r := range ret.Results {
		if ol.writesIn(r, v) {
			return true
		}
	}
	path, _ := astutil.PathEnclosingInterval(file, ret.Pos(), ret.End())
	// if err := r.Update(ctx, w); err != nil { return err }: the return
	// comes after the write in the if statement's header.
	for _, n := range path {
		if n == body {
			break
		}
		if ifs, ok := n.(*ast.IfStmt); ok {
			for _, h := range []ast.Node{ifs.Init, ifs.Cond} {
				if h != nil && ol.writesIn(h, v) {
					return true
				}
			}
		}
	}
	_, load, _ := LastLoad(ol.info, ol.LoadsVar, path, body, v)
	return load != nil && !ol.IsGet(load)
}

// writtenVars returns the variables that some call in n writes (LoadsVar
// without Get). A parameter outside it cannot be left written, and most
// parameters are: this spares leavesWritten's walks of the body for them.
func (ol *ObjectLoads) writtenVars(n ast.Node) map[*types.Var]bool {
	vars := make(map[*types.Var]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || ol.IsGet(call) {
			return true
		}
		if obj := ol.m.LoadedObject(ol.info, call); obj != nil {
			if u, _ := ObjectVar(ol.info, obj); u != nil {
				vars[u] = true
			}
		}
		for _, i := range ol.written(crmodel.CalledFunc(ol.info, call)) {
			if i < len(call.Args) {
				if u, _ := ObjectVar(ol.info, call.Args[i]); u != nil {
					vars[u] = true
				}
			}
		}
		return true
	})
	return vars
}

// writesIn reports whether n, function literals aside, calls a write of v.
func (ol *ObjectLoads) writesIn(n ast.Node, v *types.Var) bool {
	writes := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if ol.LoadsVar(n, v) && !ol.IsGet(n) {
				writes = true
			}
		}
		return !writes
	})
	return writes
}

// LoadsVar reports whether call leaves the object v names as the API
// server has it.
func (ol *ObjectLoads) LoadsVar(call *ast.CallExpr, v *types.Var) bool {
	if obj := ol.m.LoadedObject(ol.info, call); obj != nil {
		u, _ := ObjectVar(ol.info, obj)
		return u == v
	}
	for _, i := range ol.written(crmodel.CalledFunc(ol.info, call)) {
		if i < len(call.Args) {
			if u, _ := ObjectVar(ol.info, call.Args[i]); u == v {
				return true
			}
		}
	}
	return false
}

// written returns the indices of the object parameters fn leaves written:
// from the package's own summary, or from another package's fact.
func (ol *ObjectLoads) written(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	fn = fn.Origin() // facts sit on the generic declaration
	if fn.Pkg() == ol.pass.Pkg {
		return ol.Writes[fn]
	}
	if fn.Pkg() != nil && ol.facts != nil {
		return ol.facts(fn)
	}
	return nil
}

// IsGet reports whether call is controller-runtime's Get, or a call of a
// package function that returns the object it has just read with one: a
// read, which may come from the cache; every other load is a write.
func (ol *ObjectLoads) IsGet(call *ast.CallExpr) bool {
	if ol.readers[crmodel.CalledFunc(ol.info, call)] {
		return true
	}
	fn, _ := crmodel.MethodCall(ol.info, call)
	return fn != nil && fn.Name() == "Get" && ol.m.LoadedObject(ol.info, call) != nil
}

// LastLoad is LastLoad with the pass's loads: what LoadsVar counts, and
// the objects assigned from a package function that returns one it has
// just read (ReadInto).
func (ol *ObjectLoads) LastLoad(path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, LoadProblem) {
	return lastLoad(ol.info, ol.LoadsVar, ol.ReadInto, ol.copied, false, path, body, v)
}

// copied returns the call that loaded u when s, v := u.DeepCopy() at the
// node path starts with, copies u as loaded, for the status: u is loaded
// on every path before s, and nothing from that load to s can change u's
// status (StatusChange, internal/objchange's question on SSA), so that a
// snapshot of v right after s holds every status change the write of v
// must carry (kueue's newCQObj := cqObj.DeepCopy(), cloudnative-pg's
// quorum status retry). Some paths may write u again in between (a finalizer added with
// an Update) when the load on every path is a Get: the copy is then as
// fresh as the Get, no fresher, on every path. A Get of u on some paths
// only, or a status change, and it is not as loaded: nil.
func (ol *ObjectLoads) copied(s ast.Stmt, path []ast.Node, u *types.Var) *ast.CallExpr {
	body, _ := EnclosingFunc(path)
	if body == nil {
		return nil
	}
	_, call, problem := lastLoad(ol.info, ol.LoadsVar, ol.ReadInto, nil, false, path, body, u)
	if problem == LoadedAgain {
		var load ast.Stmt
		load, call, _ = LastLoadBeforeReloads(ol.info, ol.LoadsVar, path, body, u)
		if load == nil || !ol.IsGet(call) || ol.GetsIn(body, call.End(), s.Pos(), u) {
			return nil
		}
	}
	if call == nil {
		return nil
	}
	// A copy in a loop the load is not in: what the rest of the loop does
	// to u comes before the copy's next pass.
	end := objchange.LoopEnd(body, call.End(), s.Pos(), s.Pos())
	if why, _ := ol.StatusChange(path, call, end, s, u); why != "" {
		return nil
	}
	return call
}

// StatusChange returns why something from the end of load, a call that
// loads v in the function path leads out of, to end may change v's status
// on the way to target, and where (objchange.StatusChange); "" when
// nothing can. Without the load's object in the SSA, that is the reason.
func (ol *ObjectLoads) StatusChange(path []ast.Node, load *ast.CallExpr, end token.Pos, target ast.Node, v *types.Var) (string, token.Pos) {
	obj := ol.loadedValue(load, v)
	if obj == nil {
		return "the object's load is not found in the SSA", load.Pos()
	}
	fn := obj.Parent()
	for _, n := range path {
		// A target in a function literal (a deferred write) is reached
		// where the literal is made.
		if lit, ok := n.(*ast.FuncLit); ok && ol.Res.Func(lit) != nil && ol.Res.Func(lit).Parent() == fn {
			target = lit
			break
		}
	}
	return objchange.StatusChange(ol.Res, fn, objchange.ObjectOf(obj), v.Name(), load.End(), end, target)
}

// loadedValue returns the SSA value of v that load, a call, loads: the
// argument that is v (or &v), or the object a ReadInto call returns.
func (ol *ObjectLoads) loadedValue(load *ast.CallExpr, v *types.Var) ssa.Value {
	if val := HandedValue(ol.Res, ol.info, load, v); val != nil {
		return val
	}
	instr := ol.Res.CallInstr(load)
	call, ok := instr.(*ssa.Call)
	if !ok || !ol.ReadInto(load) {
		return nil
	}
	if _, ok := call.Type().(*types.Tuple); !ok {
		return call
	}
	for _, r := range *call.Referrers() {
		if x, ok := r.(*ssa.Extract); ok && x.Index == 0 {
			return x
		}
	}
	return nil
}

// HandedValue returns the SSA value, in res, that call hands over as v:
// an argument that is v (or &v), else the receiver of a method called on
// v; nil when there is none (an argument SSA packs into a variadic slice
// included).
func HandedValue(res *reconcilepath.Result, info *types.Info, call *ast.CallExpr, v *types.Var) ssa.Value {
	instr := res.CallInstr(call)
	if instr == nil {
		return nil
	}
	common := instr.Common()
	args, recv := common.Args, common.Value
	if !common.IsInvoke() {
		recv = nil
		if common.Signature().Recv() != nil && len(args) > 0 {
			recv, args = args[0], args[1:] // a method's receiver comes first
		}
	}
	for i, a := range call.Args {
		if u, _ := ObjectVar(info, a); u == v && i < len(args) && !(common.Signature().Variadic() && i >= len(args)-1) {
			return args[i]
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && recv != nil {
		if u, _ := ObjectVar(info, sel.X); u == v {
			return recv
		}
	}
	return nil
}

// GetsIn reports whether a call between start and end in body, function
// literals aside, reads into v (IsGet).
func (ol *ObjectLoads) GetsIn(body *ast.BlockStmt, start, end token.Pos, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.End() <= start || n.Pos() >= end {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if ol.IsGet(n) && ol.LoadsVar(n, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// ReadInto reports whether call returns, as its first result, an object
// read from the API server (or its cache) just now: a client-go typed
// client's Get, or a call of a package function that returns the object
// it has just read with a Get, unchanged (cluster, err := r.getCluster(ctx,
// req)).
func (ol *ObjectLoads) ReadInto(call *ast.CallExpr) bool {
	return crmodel.IsTypedClientGet(ol.info, call) || ol.readers[crmodel.CalledFunc(ol.info, call)]
}

// findReaders finds the package's functions that return an object they
// have just read: two results, an object pointer and an error, and every
// return statement returns nil, or a local variable (or its address) right
// after the Get into it and the error check that follows, if any (if err
// := r.Get(ctx, key, c); err != nil { ... }; return c, nil, or err :=
// cli.Get(ctx, key, &c); return &c, err), so that nothing changes the
// object between the read and the return, or another reader's results.
func (ol *ObjectLoads) findReaders() map[*types.Func]bool {
	readers := make(map[*types.Func]bool)
	ol.readers = readers
	// A reader may return another's result (cloudnative-pg's
	// InstanceReconciler.GetCluster returns getClusterFromInstance's).
	for round := 0; round < helperRounds; round++ {
		ol.findReadersOnce(readers)
	}
	return readers
}

func (ol *ObjectLoads) findReadersOnce(readers map[*types.Func]bool) {
	for _, f := range ol.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn, ok := ol.info.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			res := fn.Type().(*types.Signature).Results()
			if res.Len() != 2 || !types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type()) {
				continue
			}
			if _, ptr := res.At(0).Type().Underlying().(*types.Pointer); !ptr {
				continue
			}
			if !readers[fn] && ol.returnsRead(f, decl) {
				readers[fn] = true
			}
		}
	}
}

// returnsRead reports whether every return of decl returns nil first, or
// a variable it has just read, and one does the latter.
func (ol *ObjectLoads) returnsRead(file *ast.File, decl *ast.FuncDecl) bool {
	ok, read := true, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				// return getClusterFromInstance(ctx, r.client, r.instance)
				call, isCall := ast.Unparen(n.Results[0]).(*ast.CallExpr)
				if !isCall || !ol.readers[crmodel.CalledFunc(ol.info, call)] {
					ok = false
				}
				read = ok
				return false
			}
			if len(n.Results) != 2 {
				ok = false
				return false
			}
			first := ast.Unparen(n.Results[0])
			if id, isIdent := first.(*ast.Ident); isIdent && id.Name == "nil" && ol.info.Uses[id] == types.Universe.Lookup("nil") {
				return false
			}
			// return c, nil; or return &c, err right after the Get into
			// the local c, the error handed to the caller to check.
			v, _ := ObjectVar(ol.info, first)
			if v == nil {
				ok = false
				return false
			}
			path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
			load, call, _ := LastLoad(ol.info, ol.LoadsVar, path, decl.Body, v)
			if load == nil || !ol.IsGet(call) {
				ok = false
				return false
			}
			if check := ErrCheckAfter(ol.info, decl.Body, load); check != nil {
				load = check
			}
			if StmtAfter(decl.Body, load) != ast.Stmt(n) {
				ok = false // something runs between the read and the return
			}
			read = true
			return false
		}
		return ok
	})
	return ok && read
}

// Info is the type information the loads are read from.
func (ol *ObjectLoads) Info() *types.Info { return ol.info }
