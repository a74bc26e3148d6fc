package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// The merge-patch fixes (objectupdate's metadata patch; statusupdate's
// status patch takes the same shape) copy the object right after its load
// and patch from that copy. Snapshots names those copies and writes the
// statement that makes one.

// Snapshots remembers the names one pass's fixes give their copies, so
// that two fixes in one function that copy after different loads declare
// different variables when applied together, and two that copy after the
// same load make the same edit, which drivers merge.
type Snapshots struct {
	byLoad map[ast.Stmt]string
	// declared holds the names the fixes declare, each with the source
	// range its declaration is in scope: from the statement after the
	// copy to the end of the block it is in. Two copies may share a name
	// only where those ranges are apart (branches of an if, say); where
	// they overlap, one would be declared twice in a scope or shadow the
	// other.
	declared []declared
	// byParam names the snapshot parameters helpers gain (Threading), so
	// that the fixes of a helper's several writes add the same one.
	byParam map[*types.Var]string
}

// NewSnapshots returns an empty set of names, for one pass over a package.
func NewSnapshots() *Snapshots {
	return &Snapshots{byLoad: make(map[ast.Stmt]string), byParam: make(map[*types.Var]string)}
}

// declared is a name a fix declares and where it is in scope.
type declared struct {
	name     string
	v        *types.Var // the object copied; nil for a parameter
	from, to token.Pos
}

// overlaps reports whether a fix declares name somewhere in [from, to).
func (s *Snapshots) overlaps(name string, from, to token.Pos) bool {
	for _, d := range s.declared {
		if d.name == name && d.from < to && from < d.to {
			return true
		}
	}
	return false
}

// Copy returns the name of the copy of v to patch from, taken right after
// the statement load, and the statement that makes it: empty when the
// statement after load already copies v with DeepCopy (that copy is
// reused). addr is set when the object argument is &v. clientName is how
// the file names controller-runtime's client package, for the type
// assertion a DeepCopyObject copy needs. want is the name to give a new
// copy; where it is taken, the copy is named after its object (wBase for
// want base), then numbered. On failure the name is empty and the second
// result says why. until is where the patch is made (the write's call), or
// token.NoPos for a write that may run anywhere in body (deferred, or in a
// function literal).
func (s *Snapshots) Copy(pass *analysis.Pass, res *reconcilepath.Result, clientName string, load ast.Stmt, v *types.Var, addr bool, body *ast.BlockStmt, until token.Pos, want string) (string, string) {
	info := pass.TypesInfo
	// Reused only while it stays the object as loaded up to the patch: a
	// copy changed or handed on before would leave changes out of it.
	// What is done to the copy after the patch is made does not matter
	// to this write (kuberay's original := obj.DeepCopy(), later handed
	// to a comparison of another package).
	end := until
	if until.IsValid() {
		end = objchange.LoopEnd(body, load.End(), until, until)
	}
	if id := deepCopyAfter(info, body, load, v, ""); id != nil && keptAsLoaded(info, res, body, defined(info, id), end) {
		return id.Name, ""
	}

	objType := v.Type()
	if addr {
		objType = types.NewPointer(objType)
	}
	var copyExpr string
	if dc := MethodSig(pass.Pkg, objType, "DeepCopy"); dc != nil && dc.Params().Len() == 0 && dc.Results().Len() == 1 &&
		types.Identical(dc.Results().At(0).Type(), objType) {
		copyExpr = v.Name() + ".DeepCopy()"
	} else if dco := MethodSig(pass.Pkg, objType, "DeepCopyObject"); dco != nil && dco.Results().Len() == 1 {
		mergeFrom, _ := res.Model.Lookup("MergeFrom").(*types.Func)
		if mergeFrom == nil {
			return "", "client.MergeFrom is missing"
		}
		param := mergeFrom.Type().(*types.Signature).Params().At(0).Type()
		copyExpr = v.Name() + ".DeepCopyObject()"
		if !types.AssignableTo(dco.Results().At(0).Type(), param) {
			copyExpr += ".(" + clientName + ".Object)"
		}
	} else {
		return "", fmt.Sprintf("%s has no DeepCopy method", types.TypeString(objType, types.RelativeTo(pass.Pkg)))
	}

	if name, ok := s.byLoad[load]; ok {
		return name, name + " := " + copyExpr
	}
	from, to := load.End(), listOf(body, load).End()
	wants := []string{want}
	if want == "base" && !s.copies(v, from, to) {
		// Another object's copy has base: name this one after its
		// object. A second copy of the same object (after a reload) is
		// numbered.
		wants = append(wants, v.Name()+"Base")
	}
	name := freeNameIn(pass.Pkg, body, from, from, to, wants, s.overlaps)
	s.byLoad[load] = name
	s.declared = append(s.declared, declared{name, v, from, to})
	return name, name + " := " + copyExpr
}

// listOf returns the block (or case clause) whose statement list holds s,
// within body.
func listOf(body *ast.BlockStmt, s ast.Stmt) ast.Node {
	var list ast.Node = body
	ast.Inspect(body, func(n ast.Node) bool {
		if slices.Contains(StmtList(n), s) {
			list = n
			return false
		}
		return true
	})
	return list
}

// copies reports whether a fix declares a copy of v somewhere in [from, to).
func (s *Snapshots) copies(v *types.Var, from, to token.Pos) bool {
	for _, d := range s.declared {
		if d.v == v && d.from < to && from < d.to {
			return true
		}
	}
	return false
}

// Taken reports whether a fix of this pass already gave name to a copy in
// body, for a caller choosing another name there (FreeName's reserved).
func (s *Snapshots) Taken(body *ast.BlockStmt) func(string) bool {
	return func(name string) bool { return s.overlaps(name, body.Pos(), body.End()) }
}

// Reserve records that a fix of this pass declares name in body by other
// means than Copy (a parameter that a helper gains), so that Copy gives no
// copy in body, or in a function literal inside it, that name: it would be
// declared twice in one scope, or shadow the parameter.
func (s *Snapshots) Reserve(body *ast.BlockStmt, name string) {
	s.declared = append(s.declared, declared{name, nil, body.Pos(), body.End()})
}

// MethodSig returns the signature of t's method name, or nil.
func MethodSig(pkg *types.Package, t types.Type, name string) *types.Signature {
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	if fn, ok := obj.(*types.Func); ok {
		if sig, ok := fn.Type().(*types.Signature); ok {
			return sig
		}
	}
	return nil
}

// PatchOptionType returns the option type of the Patch method of a client
// or writer type (client.PatchOption, client.SubResourcePatchOption), or
// nil when it has no such method: an Update's options carry over to the
// patch that replaces it only if they are of this type too.
func PatchOptionType(pkg *types.Package, writer types.Type) types.Type {
	if writer == nil {
		return nil
	}
	sig := MethodSig(pkg, writer, "Patch")
	if sig == nil || !sig.Variadic() || sig.Params().Len() == 0 {
		return nil
	}
	s, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if !ok {
		return nil
	}
	return s.Elem()
}

// Unpatchable says why call, an Update whose method sel selects from a
// client or status writer (named writer in the reason), cannot become a
// Patch: the writer has none, or the Patch does not take every option the
// Update had. Empty when it can.
func Unpatchable(info *types.Info, pkg *types.Package, call *ast.CallExpr, sel *ast.SelectorExpr, writer string) string {
	patchOpt := PatchOptionType(pkg, info.TypeOf(sel.X))
	if patchOpt == nil {
		return "the " + writer + " has no Patch method"
	}
	for i, opt := range call.Args[2:] {
		t := info.TypeOf(opt)
		if call.Ellipsis.IsValid() && i == len(call.Args)-3 {
			if s, ok := t.Underlying().(*types.Slice); ok {
				t = s.Elem()
			}
		}
		if t == nil || !types.AssignableTo(t, patchOpt) {
			return fmt.Sprintf("option %s is not a patch option", types.ExprString(opt))
		}
	}
	return ""
}

// keptAsLoaded reports whether body leaves c, a copy of an object that
// body declares with c := x.DeepCopy(), as it is before end (token.NoPos:
// anywhere in it): objchange finds no change of any part of it on res's
// SSA, there or in the package's functions it is handed to. Such a copy
// is still the object as it was loaded.
func keptAsLoaded(info *types.Info, res *reconcilepath.Result, body *ast.BlockStmt, c *types.Var, end token.Pos) bool {
	if c == nil {
		return false
	}
	if !end.IsValid() {
		end = body.End()
	}
	var made ssa.Value
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || made != nil || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return made == nil
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && info.Defs[id] == c {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				made, _ = res.CallInstr(call).(*ssa.Call)
			}
		}
		return made == nil
	})
	return made != nil && objchange.Unchanged(res, made.Parent(), made, body.Pos(), end, nil)
}

// defined returns the variable id declares, or nil.
func defined(info *types.Info, id *ast.Ident) *types.Var {
	v, _ := info.Defs[id].(*types.Var)
	return v
}
