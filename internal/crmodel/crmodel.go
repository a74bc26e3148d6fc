// Package crmodel recognises controller-runtime's client and reconcile
// APIs, and apimachinery's condition helpers, by their go/types identity:
// package paths and interface satisfaction, never identifier text. A
// look-alike Status().Update on some other type is not a status write, and
// a local variable named client does not confuse it.
//
// It covers both API generations: the old StatusWriter interface with
// runtime.Object arguments (controller-runtime before v0.15) and the
// SubResourceWriter of current releases.
package crmodel

import (
	"go/ast"
	"go/constant"
	"go/types"
	"runtime"
	"strings"
	"sync"
	"weak"

	"golang.org/x/tools/go/types/typeutil"
)

// Package paths statuslint recognises.
const (
	ClientPath    = "sigs.k8s.io/controller-runtime/pkg/client"
	ReconcilePath = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	MetaPath      = "k8s.io/apimachinery/pkg/api/meta"
	ContextPath   = "context"
)

// IsPath reports whether path is want or a GOPATH-vendored copy of it
// (".../vendor/" + want): the test the dependency skips use, erring on the
// side of analyzing a package.
func IsPath(path, want string) bool {
	return path == want || strings.HasSuffix(path, "/vendor/"+want)
}

// Unvendor returns an import path without a GOPATH vendor prefix
// (example.com/op/vendor/k8s.io/api/core/v1 is k8s.io/api/core/v1): the
// path a package is imported by, and the one the passes compare.
func Unvendor(path string) string {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return path
}

// InControllerRuntime reports whether path is one of controller-runtime's
// packages, vendored or not.
func InControllerRuntime(path string) bool {
	return strings.HasPrefix(Unvendor(path), "sigs.k8s.io/controller-runtime")
}

// ReturnsFirstArgument reports whether fn returns its first argument as
// it is, or does not return: github.com/samber/lo's Must, which panics on
// an error and otherwise returns the value it is handed
// (mgr = lo.Must(ctrl.NewManager(config, opts)), karpenter's operator).
func ReturnsFirstArgument(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Name() == "Must" && IsPath(fn.Pkg().Path(), "github.com/samber/lo")
}

// stdTop are the first elements of the standard library's import paths
// (a module path need not have a dot, so that alone does not tell).
var stdTop = map[string]bool{}

func init() {
	for _, p := range strings.Fields(`archive bufio bytes cmp compress container context crypto database
		debug embed encoding errors expvar flag fmt go hash html image index io iter log maps math
		mime net os path plugin reflect regexp runtime slices sort strconv strings structs sync
		syscall testing text time unicode unique unsafe weak`) {
		stdTop[p] = true
	}
}

// IsStdPath reports whether path, unvendored, is a standard library
// package's.
func IsStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return stdTop[first]
}

// Model holds the controller-runtime types as one package sees them.
type Model struct {
	Client    *types.Package // controller-runtime's client package; never nil in a Model
	Reconcile *types.Package // nil when not among the imports
	Meta      *types.Package // nil when not among the imports

	reader       *types.Interface // client.Reader
	writer       *types.Interface // client.Writer
	subWriter    *types.Interface // client.SubResourceWriter, or the old client.StatusWriter
	statusClient *types.Interface // client.StatusClient
	subCtor      *types.Interface // client.SubResourceClientConstructor; nil before v0.14

	// Legacy is set for controller-runtime releases without subresource
	// clients: there every subresource writer is the status writer.
	Legacy bool
}

// Load returns the model for pkg, or nil when controller-runtime's client
// package is not among pkg's imports (direct or indirect), in which case no
// call in pkg can be a controller-runtime write.
func Load(pkg *types.Package) *Model {
	found := modelPackages(pkg)
	return FromPackages(found[ClientPath], found[ReconcilePath], found[MetaPath])
}

// FromPackages builds a model from the packages themselves; it returns nil
// when client is nil or does not look like controller-runtime's client.
func FromPackages(client, reconcile, meta *types.Package) *Model {
	if client == nil {
		return nil
	}
	m := &Model{Client: client, Reconcile: reconcile, Meta: meta}
	m.reader = iface(client, "Reader")
	m.writer = iface(client, "Writer")
	m.statusClient = iface(client, "StatusClient")
	m.subCtor = iface(client, "SubResourceClientConstructor")
	if m.subWriter = iface(client, "SubResourceWriter"); m.subWriter == nil {
		m.subWriter = iface(client, "StatusWriter")
		m.Legacy = true
	}
	if m.writer == nil || m.subWriter == nil {
		return nil
	}
	return m
}

// modelPaths are the packages Load looks for.
var modelPaths = map[string]bool{ClientPath: true, ReconcilePath: true, MetaPath: true}

// reached memoises modelPackages, weakly keyed by *types.Package: a
// package's import graph never changes, and every package of a run asks
// about the graphs of its imports again. Walking each package's whole
// graph, as Load once did, was most of statuslint's cost in gopls, which
// runs the passes on every dependency: the graph of a package that does
// not reach controller-runtime is walked to its end. An entry goes with
// its package (runtime.AddCleanup), so a long gopls session, which makes
// new packages on every edit, does not keep old ones.
var reached sync.Map // weak.Pointer[types.Package] → map[string]*types.Package

// modelPackages returns the packages of modelPaths in pkg's import graph
// (pkg itself included), by path; nil when there are none.
func modelPackages(pkg *types.Package) map[string]*types.Package {
	if pkg == nil {
		return nil
	}
	key := weak.Make(pkg)
	if v, ok := reached.Load(key); ok {
		return v.(map[string]*types.Package)
	}
	var found map[string]*types.Package
	add := func(path string, p *types.Package) {
		if found == nil {
			found = make(map[string]*types.Package, len(modelPaths))
		}
		if found[path] == nil {
			found[path] = p
		}
	}
	if modelPaths[pkg.Path()] {
		add(pkg.Path(), pkg)
	}
	for _, imp := range pkg.Imports() {
		for path, p := range modelPackages(imp) {
			add(path, p)
		}
	}
	if _, loaded := reached.LoadOrStore(key, found); !loaded {
		runtime.AddCleanup(pkg, func(k weak.Pointer[types.Package]) { reached.Delete(k) }, key)
	}
	return found
}

func iface(pkg *types.Package, name string) *types.Interface {
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	it, _ := tn.Type().Underlying().(*types.Interface)
	return it
}

// Lookup returns the package-level object name of the client package.
func (m *Model) Lookup(name string) types.Object { return m.Client.Scope().Lookup(name) }

// Kind classifies a method call.
type Kind int

const (
	NotWrite         Kind = iota
	ObjectWrite           // a client.Writer method: Create, Update, Patch, Apply, Delete, DeleteAllOf
	SubResourceWrite      // a SubResourceWriter (StatusWriter) method: Create, Update, Patch, Apply
)

// ClassifyMethod reports whether calling method fn on a receiver of static
// type recv is a client write, and of which kind. recv may be an interface
// (client.Client, client.StatusWriter, ...) or any concrete type that
// implements one: a struct embedding client.Client, a wrapper.
func (m *Model) ClassifyMethod(fn *types.Func, recv types.Type) Kind {
	if m == nil || fn == nil || recv == nil {
		return NotWrite
	}
	name := fn.Name()
	if hasMethod(m.writer, name) && implements(recv, m.writer) && sameMethod(fn, recv, name) {
		return ObjectWrite
	}
	if hasMethod(m.subWriter, name) && implements(recv, m.subWriter) && sameMethod(fn, recv, name) {
		return SubResourceWrite
	}
	// An interface the program declares with some of the writers'
	// methods (type Writer interface{ Patch(ctx context.Context, obj
	// client.Object, patch client.Patch, opts ...client.PatchOption) error
	// }), which controller-runtime's clients implement: the signature,
	// with controller-runtime's object, patch and option types, makes the
	// write, whatever interface declares it. On releases whose status
	// writer's methods have the writer's signatures (the old
	// StatusWriter) such a method could be either: not a write.
	if types.IsInterface(recv) && sameMethod(fn, recv, name) {
		object, sub := sameSignature(fn, m.writer), sameSignature(fn, m.subWriter)
		switch {
		case object && !sub:
			return ObjectWrite
		case sub && !object:
			return SubResourceWrite
		}
	}
	return NotWrite
}

// sameSignature reports whether it has a method of fn's name whose
// signature is identical to fn's (receivers aside), a type parameter of
// fn's standing for its constraint: a method of a generic interface the
// program declares, called inside a generic function (Updater[T].Update
// with obj T, T constrained by client.Object), is the write its
// instantiation with the constraint would be.
func sameSignature(fn *types.Func, it *types.Interface) bool {
	if it == nil {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if m := it.Method(i); m.Name() == fn.Name() {
			got, _ := fn.Type().(*types.Signature)
			want, _ := m.Type().(*types.Signature)
			return got != nil && want != nil && got.Variadic() == want.Variadic() &&
				sameTypes(got.Params(), want.Params()) && sameTypes(got.Results(), want.Results())
		}
	}
	return false
}

// sameTypes reports whether got and want have identical types, position
// by position, a type parameter in got matching the interface its
// constraint is.
func sameTypes(got, want *types.Tuple) bool {
	if got.Len() != want.Len() {
		return false
	}
	for i := 0; i < got.Len(); i++ {
		g, w := got.At(i).Type(), want.At(i).Type()
		tp, ok := g.(*types.TypeParam)
		if !ok {
			if !types.Identical(g, w) {
				return false
			}
			continue
		}
		// [T client.Object] or [T interface{ client.Object }]; a union
		// of types is none of the writers' interfaces.
		c := tp.Constraint()
		if it, ok := c.Underlying().(*types.Interface); !ok || !it.IsMethodSet() || !types.Identical(c.Underlying(), w.Underlying()) {
			return false
		}
	}
	return true
}

// WriterSource reports whether calling fn on recv with args yields a
// subresource writer, and for which subresource: "status" for Status(),
// the constant argument of SubResource(name). known is false when fn makes a
// writer whose subresource is not a constant.
func (m *Model) WriterSource(fn *types.Func, recv types.Type, arg func(i int) constant.Value) (sub string, known, ok bool) {
	if m == nil || fn == nil || recv == nil {
		return "", false, false
	}
	switch fn.Name() {
	case "Status":
		if m.statusClient != nil && implements(recv, m.statusClient) && sameMethod(fn, recv, "Status") {
			return "status", true, true
		}
	case "SubResource":
		if m.subCtor != nil && implements(recv, m.subCtor) && sameMethod(fn, recv, "SubResource") {
			if v := arg(0); v != nil && v.Kind() == constant.String {
				return constant.StringVal(v), true, true
			}
			return "", false, true
		}
	}
	return "", false, false
}

// CalledFunc returns the function or method a call names (an interface
// method included, a generic function's origin for an instantiation), or
// nil for calls of function values, builtins and conversions.
func CalledFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// MethodCall returns the method a call invokes and the static type of its
// receiver, or nils when call is not a method call.
func MethodCall(info *types.Info, call *ast.CallExpr) (*types.Func, types.Type) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return nil, nil
	}
	fn, _ := s.Obj().(*types.Func)
	return fn, s.Recv()
}

// IsReconcileResult reports whether t is controller-runtime's
// reconcile.Result.
func (m *Model) IsReconcileResult(t types.Type) bool {
	return m != nil && m.Reconcile != nil && IsNamed(t, m.Reconcile.Path(), "Result")
}

// IsReconcileSignature reports whether sig is the signature of a Reconcile
// method of some controller-runtime reconciler interface:
// Reconcile(context.Context, R) (reconcile.Result, error) for any request or
// object type R (Reconciler, TypedReconciler[R], ObjectReconciler[R]), or the
// old Reconcile(reconcile.Request) (reconcile.Result, error).
func (m *Model) IsReconcileSignature(sig *types.Signature) bool {
	if m == nil || m.Reconcile == nil || sig.Variadic() {
		return false
	}
	res := sig.Results()
	if res.Len() != 2 || !m.IsReconcileResult(res.At(0).Type()) || !IsError(res.At(1).Type()) {
		return false
	}
	params := sig.Params()
	switch params.Len() {
	case 1:
		return IsNamed(params.At(0).Type(), m.Reconcile.Path(), "Request")
	case 2:
		return IsNamed(params.At(0).Type(), ContextPath, "Context")
	}
	return false
}

// IsReconcileFunc reports whether t is reconcile.Func or an instance of
// reconcile.TypedFunc.
func (m *Model) IsReconcileFunc(t types.Type) bool {
	if m == nil || m.Reconcile == nil {
		return false
	}
	return IsNamed(t, m.Reconcile.Path(), "Func") || IsNamed(t, m.Reconcile.Path(), "TypedFunc")
}

// IsNamed reports whether t (through aliases, not pointers) is the named
// type path.name, or an instance of it, path matching a GOPATH-vendored
// copy too (see IsPath): the one test of a named type the passes share, so
// that a vendored controller-runtime or apimachinery is recognised
// everywhere or nowhere.
func IsNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && IsPath(obj.Pkg().Path(), path)
}

// StructOf returns the struct type t is or points to, or nil.
func StructOf(t types.Type) *types.Struct {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// IsObjectMeta reports whether t is metav1.ObjectMeta or a pointer to it.
func IsObjectMeta(t types.Type) bool {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, MetaV1Path, "ObjectMeta")
}

// HasObjectMeta reports whether t is, or points to, a struct with an
// ObjectMeta field: the type of a Kubernetes object.
func HasObjectMeta(t types.Type) bool {
	st := StructOf(t)
	if st == nil {
		return false
	}
	for i := range st.NumFields() {
		if IsNamed(st.Field(i).Type(), MetaV1Path, "ObjectMeta") {
			return true
		}
	}
	return false
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

func hasMethod(it *types.Interface, name string) bool {
	if it == nil {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if it.Method(i).Name() == name {
			return true
		}
	}
	return false
}

// implements reports whether t, or a pointer to t, implements it.
func implements(t types.Type, it *types.Interface) bool {
	if types.Implements(t, it) {
		return true
	}
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		return types.Implements(types.NewPointer(t), it)
	}
	return false
}

// sameMethod reports whether fn is the method name of recv's method set,
// so a call through an embedded field or promoted method counts, and a
// function value of the same name does not.
func sameMethod(fn *types.Func, recv types.Type, name string) bool {
	if fn.Name() != name {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(recv, true, fn.Pkg(), name)
	got, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	return got == fn || got.Origin() == fn.Origin()
}

// IsGet reports whether calling method fn on a receiver of static type
// recv is controller-runtime's Reader.Get.
func (m *Model) IsGet(fn *types.Func, recv types.Type) bool {
	return m != nil && m.reader != nil && fn != nil && recv != nil && fn.Name() == "Get" && implements(recv, m.reader) && sameMethod(fn, recv, "Get")
}

// IsList reports whether calling method fn on a receiver of static type
// recv is controller-runtime's Reader.List.
func (m *Model) IsList(fn *types.Func, recv types.Type) bool {
	return m != nil && m.reader != nil && fn != nil && recv != nil && fn.Name() == "List" && implements(recv, m.reader) && sameMethod(fn, recv, "List")
}

// LoadedObject returns the object argument of a call that leaves the object
// as the API server has it: a Get, or a Create, Update or Patch of the object
// or of its status (the server's answer is decoded into it). It returns nil
// for any other call.
func (m *Model) LoadedObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn, recv := MethodCall(info, call)
	if m == nil || fn == nil {
		return nil
	}
	idx := -1
	switch fn.Name() {
	case "Get":
		if m.IsGet(fn, recv) {
			idx = 2
		}
	case "Create", "Update", "Patch":
		if m.ClassifyMethod(fn, recv) != NotWrite {
			idx = 1
		}
	}
	if idx < 0 || idx >= len(call.Args) {
		return nil
	}
	return call.Args[idx]
}
