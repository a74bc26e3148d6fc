package crmodel

import "go/types"

// MetaV1Path is apimachinery's meta/v1 package, home of the raw request
// options (metav1.CreateOptions, ...) that controller-runtime's option
// structs carry in their Raw field.
const MetaV1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

// IsFieldOwner reports whether t is controller-runtime's client.FieldOwner
// option type (through aliases).
func (m *Model) IsFieldOwner(t types.Type) bool {
	return m != nil && t != nil && IsNamed(t, m.Client.Path(), "FieldOwner")
}

// IsWriteOptions reports whether t, or the type t points to, is a struct
// of request options that has a FieldManager field, directly or through
// an embedded struct: the client package's CreateOptions, UpdateOptions,
// PatchOptions, ApplyOptions and SubResource{Create,Update,Patch,Apply}Options,
// and metav1's CreateOptions, UpdateOptions, PatchOptions, ApplyOptions.
func (m *Model) IsWriteOptions(t types.Type) bool {
	n := NamedOf(t)
	if m == nil || n == nil {
		return false
	}
	obj := n.Origin().Obj()
	if obj.Pkg() == nil || (obj.Pkg().Path() != m.Client.Path() && obj.Pkg().Path() != MetaV1Path) {
		return false
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return false
	}
	f, _, _ := types.LookupFieldOrMethod(n, false, obj.Pkg(), "FieldManager")
	v, ok := f.(*types.Var)
	return ok && v.IsField()
}

// ClientFunc returns the name of fn when it is a package-level function of
// the client package (New, WithFieldOwner, ...), and "" otherwise.
func (m *Model) ClientFunc(fn *types.Func) string {
	if m == nil || !isPackageFunc(fn, m.Client.Path()) {
		return ""
	}
	return fn.Name()
}

// ClientOptionsHas reports whether the client package's Options struct
// (the argument of client.New) has a field name, such as FieldOwner
// (controller-runtime v0.22 and later).
func (m *Model) ClientOptionsHas(name string) bool {
	if m == nil {
		return false
	}
	tn, ok := m.Lookup("Options").(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}

// IsClientOptions reports whether t, or the type t points to, is the
// client package's Options struct.
func (m *Model) IsClientOptions(t types.Type) bool {
	n := NamedOf(t)
	return m != nil && n != nil && IsNamed(n, m.Client.Path(), "Options")
}

// NamedOf returns the named type t is, or that t points to, aliases
// resolved; nil for any other type.
func NamedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// IsApplyPatch reports whether obj is the client package's Apply patch
// variable (client.Apply), the server-side apply patch of Patch calls.
func (m *Model) IsApplyPatch(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return m != nil && ok && !v.IsField() && v.Pkg() != nil &&
		v.Pkg().Path() == m.Client.Path() && v.Name() == "Apply" && v.Parent() == v.Pkg().Scope()
}

// InClientPackage reports whether t, or the type t points to, is a named
// type declared in the client package.
func (m *Model) InClientPackage(t types.Type) bool {
	n := NamedOf(t)
	if m == nil || n == nil {
		return false
	}
	pkg := n.Origin().Obj().Pkg()
	return pkg != nil && pkg.Path() == m.Client.Path()
}
