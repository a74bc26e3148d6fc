package objectupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
)

// suggestFix turns the Update into a merge patch from a copy taken right
// after the load:
//
//	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil { ... }
//	base := pod.DeepCopy()
//	...
//	err := r.Patch(ctx, &pod, client.MergeFrom(base))
//
// or from what b names: an object that still holds what was loaded (the
// one a copy was made from), a copy after the statement that made the
// object (a DeepCopy, a pointer to a list's item), or one where a block
// starts (a range over a list's items, a helper every call of which hands
// over an object as loaded).
//
// strategic is set when owner references changed: the patch is then
// client.StrategicMergeFrom, which merges metadata.ownerReferences by uid
// where a JSON merge patch would replace the list. The edits are a rename
// of Update, a rewrite of the object argument and an inserted line, as
// statusupdate's, so fieldmanager's appended option composes with them.
// It returns nil and the reason when no fix is safe.
func (c *checker) suggestFix(file *ast.File, body *ast.BlockStmt, call *ast.CallExpr, b base, strategic bool, snaps *fixes.Snapshots) (*analysis.SuggestedFix, string) {
	pass := c.pass
	if b.noFix != "" {
		return nil, b.noFix
	}
	if ignore.CgoProcessed(file) {
		return nil, ignore.CgoReason
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, "the call is not a method call"
	}
	patchFunc := "MergeFrom"
	if strategic {
		patchFunc = "StrategicMergeFrom"
		if _, ok := c.m.Lookup(patchFunc).(*types.Func); !ok {
			return nil, "this controller-runtime has no client.StrategicMergeFrom, which merges owner references by uid (a JSON merge patch would replace them)"
		}
	}
	if b.changer != "" {
		return nil, fmt.Sprintf("%s is a parameter, changed by %s after its load; snapshot it there and patch with client.%s", b.v.Name(), b.changer, patchFunc)
	}

	if reason := fixes.Unpatchable(c.info, pass.Pkg, call, sel, "client"); reason != "" {
		return nil, reason
	}

	clientName, importEdits := fixes.AddImport(pass, file, call.Pos(), crmodel.ClientPath, "client")
	var (
		baseName = b.expr
		copyStmt string
		at       token.Pos // where copyStmt goes, on a line of its own
		indent   string
	)
	switch {
	case b.expr != "":
	case b.after != nil || b.start != nil:
		if b.mayBeNil && !typedDeepCopy(pass.Pkg, b.v, b.addr) {
			// A generated DeepCopy returns nil for nil; DeepCopyObject
			// through an interface, or asserted to client.Object, panics.
			return nil, b.v.Name() + " is set to nil on some paths and has no typed DeepCopy (which returns nil for nil): a DeepCopyObject copy where it may be nil would panic"
		}
		place := b.after
		if b.get {
			// After the error check that follows the load, if any: a
			// copy of an object that failed to load is never used.
			if check := fixes.ErrCheckAfter(c.info, body, place); check != nil {
				place = check
			}
		}
		if b.start != nil {
			if len(b.start.List) == 0 {
				return nil, "the block that starts with the object is empty"
			}
			place = c.startOf(b.start)
			indent = strings.Repeat("\t", pass.Fset.Position(b.start.List[0].Pos()).Column-1)
		} else {
			indent = strings.Repeat("\t", pass.Fset.Position(place.Pos()).Column-1)
		}
		at = place.End()
		// Named after the object, not "base": statusupdate's fix names
		// its copies base, and the two fixes may copy different objects
		// in one function (a custom resource whose status is written, a
		// Pod that is labelled), where one name would be declared twice.
		baseName, copyStmt = snaps.Copy(pass, c.view, clientName, place, b.v, b.addr, body, token.NoPos, b.v.Name()+"Base")
		if baseName == "" {
			return nil, copyStmt // the reason
		}
		if copyStmt == "" {
			if u, _ := fixes.ObjectVar(c.info, call.Args[1]); u != nil && u.Name() == baseName {
				// The copy after the load is the object sent.
				return nil, baseName + " is the copy after the load; copy the loaded object again to patch from"
			}
		}
	default:
		return nil, "where the object was loaded cannot be told"
	}
	objArg := call.Args[1]
	edits := []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
		{Pos: objArg.Pos(), End: objArg.End(), NewText: []byte(types.ExprString(objArg) + ", " + clientName + "." + patchFunc + "(" + baseName + ")")},
	}
	if copyStmt != "" {
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + indent + copyStmt)})
	}
	edits = append(edits, importEdits...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Patch the metadata with %s.%s(%s)", clientName, patchFunc, baseName),
		TextEdits: edits,
	}, ""
}

// startOf returns the statement that stands for the start of block in
// the copies' bookkeeping (fixes.Snapshots): the same one for every fix
// that copies there, so that they share one copy.
func (c *checker) startOf(block *ast.BlockStmt) ast.Stmt {
	if s, ok := c.starts[block]; ok {
		return s
	}
	s := &ast.EmptyStmt{Semicolon: block.Lbrace + 1, Implicit: true}
	c.starts[block] = s
	return s
}

// typedDeepCopy reports whether the object v (&v when addr) has a DeepCopy
// method returning its own type, which deepcopy-gen writes to return nil
// for nil.
func typedDeepCopy(pkg *types.Package, v *types.Var, addr bool) bool {
	t := v.Type()
	if addr {
		t = types.NewPointer(t)
	}
	dc := fixes.MethodSig(pkg, t, "DeepCopy")
	return dc != nil && dc.Params().Len() == 0 && dc.Results().Len() == 1 && types.Identical(dc.Results().At(0).Type(), t)
}
