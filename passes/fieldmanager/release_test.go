package fieldmanager

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// clientPackage builds controller-runtime's client package by hand, as the
// type checker or export data would present it: with or without
// WithFieldOwner and client.Options.FieldOwner, and complete (type-checked
// from source, or imported directly) or not (read from export data for an
// indirect import, holding only what its importers reference).
func clientPackage(withFieldOwner, optionsFieldOwner, complete bool) *types.Package {
	pkg := types.NewPackage(crmodel.ClientPath, "client")
	scope := pkg.Scope()
	named := func(name string, underlying types.Type) {
		tn := types.NewTypeName(token.NoPos, pkg, name, nil)
		types.NewNamed(tn, underlying, nil)
		scope.Insert(tn)
	}
	empty := types.NewInterfaceType(nil, nil).Complete()
	named("Writer", empty)
	named("SubResourceWriter", empty)
	named("Client", empty)
	var fields []*types.Var
	if optionsFieldOwner {
		fields = append(fields, types.NewField(token.NoPos, pkg, "FieldOwner", types.Typ[types.String], false))
	}
	named("Options", types.NewStruct(fields, nil))
	if withFieldOwner {
		c := scope.Lookup("Client").Type()
		sig := types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewParam(token.NoPos, pkg, "c", c), types.NewParam(token.NoPos, pkg, "fieldOwner", types.Typ[types.String])),
			types.NewTuple(types.NewParam(token.NoPos, pkg, "", c)), false)
		scope.Insert(types.NewFunc(token.NoPos, pkg, "WithFieldOwner", sig))
	}
	if complete {
		pkg.MarkComplete()
	}
	return pkg
}

// TestReleaseCanOwn covers BUG-FM-1: under go vet, a package that does not
// import the client package directly reads it from export data with only
// the objects its imports reference, so WithFieldOwner may be missing from
// a release that has it. Only a complete client package without it proves
// an older release, where the manager's client never names a field
// manager.
func TestReleaseCanOwn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name                                string
		withFieldOwner, optionsOwner, whole bool
		want                                bool
	}{
		{"older release, read whole", false, false, true, false},
		{"read partially from export data", false, false, false, true},
		{"WithFieldOwner", true, false, true, true},
		{"Options.FieldOwner", false, true, true, true},
		{"both, read partially", true, true, false, true},
	} {
		m := crmodel.FromPackages(clientPackage(tc.withFieldOwner, tc.optionsOwner, tc.whole), nil, nil)
		if m == nil {
			t.Fatalf("%s: the hand-built client package is not taken for controller-runtime's", tc.name)
		}
		c := &checker{m: m}
		if got := c.releaseCanOwn(); got != tc.want {
			t.Errorf("%s: releaseCanOwn() = %v, want %v", tc.name, got, tc.want)
		}
	}
}
