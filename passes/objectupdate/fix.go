package objectupdate

import (
	"fmt"
	"go/ast"
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
// strategic is set when owner references changed: the patch is then
// client.StrategicMergeFrom, which merges metadata.ownerReferences by uid
// where a JSON merge patch would replace the list. The edits are a rename
// of Update, a rewrite of the object argument and an inserted line, as
// statusupdate's, so fieldmanager's appended option composes with them.
// It returns nil and the reason when no fix is safe.
func (c *checker) suggestFix(file *ast.File, body *ast.BlockStmt, call *ast.CallExpr, load ast.Stmt, v *types.Var, addr, strategic bool, snaps *fixes.Snapshots) (*analysis.SuggestedFix, string) {
	pass := c.pass
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

	// The patch must accept every option the Update had.
	patchOpt := fixes.PatchOptionType(pass.Pkg, c.info.TypeOf(sel.X))
	if patchOpt == nil {
		return nil, "the client has no Patch method"
	}
	for i, opt := range call.Args[2:] {
		t := c.info.TypeOf(opt)
		if call.Ellipsis.IsValid() && i == len(call.Args)-3 {
			if s, ok := t.Underlying().(*types.Slice); ok {
				t = s.Elem()
			}
		}
		if t == nil || !types.AssignableTo(t, patchOpt) {
			return nil, fmt.Sprintf("option %s is not a patch option", types.ExprString(opt))
		}
	}

	// Copy after the error check that follows the load, if any: a copy
	// of an object that failed to load is never used.
	place := load
	if check := fixes.ErrCheckAfter(c.info, body, load); check != nil {
		place = check
	}
	clientName, importEdits := fixes.AddImport(pass, file, call.Pos(), crmodel.ClientPath, "client")
	// Named after the object, not "base": statusupdate's fix names its
	// copies base, and the two fixes may copy different objects in one
	// function (a custom resource whose status is written, a Pod that is
	// labelled), where one name would be declared twice.
	baseName, copyStmt := snaps.Copy(pass, c.m, clientName, place, v, addr, body, v.Name()+"Base")
	if baseName == "" {
		return nil, copyStmt // the reason
	}
	objArg := call.Args[1]
	edits := []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
		{Pos: objArg.Pos(), End: objArg.End(), NewText: []byte(types.ExprString(objArg) + ", " + clientName + "." + patchFunc + "(" + baseName + ")")},
	}
	if copyStmt != "" {
		indent := strings.Repeat("\t", pass.Fset.Position(place.Pos()).Column-1)
		edits = append(edits, analysis.TextEdit{Pos: place.End(), End: place.End(), NewText: []byte("\n" + indent + copyStmt)})
	}
	edits = append(edits, importEdits...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Patch the metadata with %s.%s(%s)", clientName, patchFunc, baseName),
		TextEdits: edits,
	}, ""
}
