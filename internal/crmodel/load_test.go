package crmodel

import (
	"go/types"
	"testing"
)

// TestModelPackages checks the memoised walk Load does: the model's
// packages are found however deep in the import graph, through any path
// to them, the answer is the same when asked again, and a graph without
// them gives none.
func TestModelPackages(t *testing.T) {
	pkg := func(path string, imports ...*types.Package) *types.Package {
		p := types.NewPackage(path, "p")
		p.SetImports(imports)
		return p
	}
	client := pkg(ClientPath)
	meta := pkg(MetaPath)
	reconcile := pkg(ReconcilePath, client)
	mid := pkg("example.com/op/mid", reconcile)
	other := pkg("example.com/op/other", pkg("fmt"), meta)
	root := pkg("example.com/op/root", pkg("context"), mid, other)
	plain := pkg("example.com/op/plain", pkg("fmt"), pkg("strings", pkg("unicode")))

	for range 2 { // the second time from the memo
		got := modelPackages(root)
		if got[ClientPath] != client || got[ReconcilePath] != reconcile || got[MetaPath] != meta || len(got) != 3 {
			t.Errorf("modelPackages(root) = %v, want client, reconcile and meta", got)
		}
		if got := modelPackages(mid); got[ClientPath] != client || got[ReconcilePath] != reconcile || got[MetaPath] != nil {
			t.Errorf("modelPackages(mid) = %v, want client and reconcile", got)
		}
		if got := modelPackages(plain); got != nil {
			t.Errorf("modelPackages(plain) = %v, want none", got)
		}
	}
}
