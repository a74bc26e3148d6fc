package crmodel_test

import (
	"go/types"
	"testing"

	"github.com/statuslint/statuslint/internal/crmodel"
)

func TestIsPath(t *testing.T) {
	for _, c := range []struct {
		path string
		want bool
	}{
		{crmodel.ClientPath, true},
		{"example.com/op/vendor/" + crmodel.ClientPath, true},
		{crmodel.ClientPath + "/fake", false},
		{"example.com/" + crmodel.ClientPath, false}, // not vendored: some other package
		{"sigs.k8s.io/controller-runtime/pkg/client2", false},
	} {
		if got := crmodel.IsPath(c.path, crmodel.ClientPath); got != c.want {
			t.Errorf("IsPath(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

func TestFromPackages(t *testing.T) {
	if crmodel.FromPackages(nil, nil, nil) != nil {
		t.Error("a model without the client package")
	}
	m, byPath, _ := loadStubs(t, "")
	if m.Legacy {
		t.Error("current stubs taken for a release without subresource clients")
	}
	if m.Reconcile == nil || m.Meta == nil {
		t.Error("reconcile or meta package missing from the model")
	}
	// A package that is not controller-runtime's client has no Writer.
	if crmodel.FromPackages(byPath[crmodel.MetaPath], nil, nil) != nil {
		t.Error("a model from the meta package taken for the client")
	}
	legacy, _, _ := loadStubs(t, "legacy")
	if !legacy.Legacy {
		t.Error("legacy stubs (StatusWriter only) not marked Legacy")
	}
}

// method returns the method name of the type t.
func method(t *testing.T, typ types.Type, name string) *types.Func {
	t.Helper()
	obj, _, _ := types.LookupFieldOrMethod(typ, true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		t.Fatalf("%s has no method %s", typ, name)
	}
	return fn
}

func TestClassifyMethod(t *testing.T) {
	m, _, look := loadStubs(t, "")
	client := m.Lookup("Client").Type()
	sub := m.Lookup("SubResourceWriter").Type()
	wrapper := types.NewPointer(look.Scope().Lookup("Wrapper").Type())
	fake := look.Scope().Lookup("Fake").Type()
	for _, c := range []struct {
		recv types.Type
		name string
		want crmodel.Kind
	}{
		{client, "Update", crmodel.ObjectWrite},
		{client, "Create", crmodel.ObjectWrite},
		{client, "Get", crmodel.NotWrite},
		{sub, "Update", crmodel.SubResourceWrite},
		{sub, "Patch", crmodel.SubResourceWrite},
		{wrapper, "Update", crmodel.ObjectWrite}, // promoted from the embedded client
		{fake, "Update", crmodel.NotWrite},       // same name, not the client
	} {
		if got := m.ClassifyMethod(method(t, c.recv, c.name), c.recv); got != c.want {
			t.Errorf("ClassifyMethod(%s.%s) = %v, want %v", c.recv, c.name, got, c.want)
		}
	}
	var nilModel *crmodel.Model
	if nilModel.ClassifyMethod(method(t, client, "Update"), client) != crmodel.NotWrite {
		t.Error("a nil model classified a write")
	}
}

func TestIsGetAndWriterSource(t *testing.T) {
	m, _, look := loadStubs(t, "")
	client := m.Lookup("Client").Type()
	fake := look.Scope().Lookup("Fake").Type()
	if !m.IsGet(method(t, client, "Get"), client) {
		t.Error("client.Client's Get not recognised")
	}
	if m.IsGet(method(t, fake, "Get"), fake) {
		t.Error("a look-alike Get taken for the client's")
	}
	if !m.IsList(method(t, client, "List"), client) || m.IsList(method(t, client, "Get"), client) {
		t.Error("client.Client's List not recognised, or its Get taken for it")
	}
	if sub, known, ok := m.WriterSource(method(t, client, "Status"), client, nil); !ok || !known || sub != "status" {
		t.Errorf("Status() = %q, %v, %v; want status, true, true", sub, known, ok)
	}
	if _, _, ok := m.WriterSource(method(t, fake, "Status"), fake, nil); ok {
		t.Error("a look-alike Status() taken for a status writer")
	}
}

func TestNamedHelpers(t *testing.T) {
	m, _, _ := loadStubs(t, "")
	opts := m.Lookup("Options").Type()
	for _, typ := range []types.Type{opts, types.NewPointer(opts)} {
		if n := crmodel.NamedOf(typ); n == nil || n.Obj().Name() != "Options" {
			t.Errorf("NamedOf(%s) = %v", typ, n)
		}
		if !m.IsClientOptions(typ) {
			t.Errorf("IsClientOptions(%s) is false", typ)
		}
	}
	if !crmodel.IsNamed(opts, crmodel.ClientPath, "Options") {
		t.Error("IsNamed(client.Options) is false")
	}
	if crmodel.IsNamed(opts, crmodel.ClientPath, "Object") {
		t.Error("client.Options taken for client.Object")
	}
	if crmodel.NamedOf(types.Typ[types.Int]) != nil {
		t.Error("NamedOf(int) is not nil")
	}
	if !crmodel.IsError(types.Universe.Lookup("error").Type()) || crmodel.IsError(opts) {
		t.Error("IsError")
	}
}

func TestConditionFuncs(t *testing.T) {
	_, byPath, _ := loadStubs(t, "")
	meta := byPath[crmodel.MetaPath]
	for name, want := range map[string]crmodel.ConditionFunc{
		"SetStatusCondition":    crmodel.SetCondition,
		"RemoveStatusCondition": crmodel.RemoveCondition,
		"IsStatusConditionTrue": crmodel.CheckCondition,
		"FindStatusCondition":   crmodel.CheckCondition,
	} {
		fn, ok := meta.Scope().Lookup(name).(*types.Func)
		if !ok {
			t.Fatalf("meta.%s missing from the stubs", name)
		}
		if got := crmodel.ClassifyConditionFunc(fn); got != want {
			t.Errorf("ClassifyConditionFunc(%s) = %v, want %v", name, got, want)
		}
	}
	set := meta.Scope().Lookup("SetStatusCondition").(*types.Func)
	if !crmodel.ReportsChange(set) {
		t.Error("current SetStatusCondition returns whether it changed")
	}
	_, legacy, _ := loadStubs(t, "legacy")
	if lm := legacy[crmodel.MetaPath]; lm != nil {
		if crmodel.ReportsChange(lm.Scope().Lookup("SetStatusCondition").(*types.Func)) {
			t.Error("legacy SetStatusCondition returns nothing")
		}
	}
	if crmodel.ClassifyConditionFunc(nil) != crmodel.NotConditionFunc {
		t.Error("nil classified")
	}
}

// TestIsNamedVendored checks that a GOPATH-vendored copy of a package
// counts as the package, and a look-alike path does not.
func TestIsNamedVendored(t *testing.T) {
	named := func(path string) types.Type {
		pkg := types.NewPackage(path, "v1")
		tn := types.NewTypeName(0, pkg, "Condition", nil)
		return types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	}
	if !crmodel.IsNamed(named("example.com/op/vendor/"+crmodel.MetaV1Path), crmodel.MetaV1Path, "Condition") {
		t.Error("vendored metav1.Condition not recognised")
	}
	if crmodel.IsNamed(named("example.com/"+crmodel.MetaV1Path), crmodel.MetaV1Path, "Condition") {
		t.Error("a look-alike path taken for metav1")
	}
	if crmodel.IsNamed(types.NewPointer(named(crmodel.MetaV1Path)), crmodel.MetaV1Path, "Condition") {
		t.Error("a pointer taken for the named type")
	}
}
