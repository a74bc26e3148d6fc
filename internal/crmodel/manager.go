package crmodel

import (
	"go/ast"
	"go/types"
)

// Package paths of controller-runtime's manager, cluster and root
// packages: where the manager, and so the client most controllers write
// through, is made.
const (
	ManagerPath = "sigs.k8s.io/controller-runtime/pkg/manager"
	ClusterPath = "sigs.k8s.io/controller-runtime/pkg/cluster"
	RootPath    = "sigs.k8s.io/controller-runtime"
)

// IsManagerGetClient reports whether fn is the GetClient method of
// controller-runtime's cluster.Cluster interface (which manager.Manager
// embeds) or, in releases before the cluster package, of manager.Manager
// itself: the method that hands out the manager's client. A call through
// any type that embeds or implements these interfaces resolves to the same
// method; a GetClient of some other type does not.
func IsManagerGetClient(fn *types.Func) bool {
	return isManagerMethod(fn, "GetClient", "Client")
}

// isManagerMethod reports whether fn is the method name of
// controller-runtime's cluster.Cluster or manager.Manager interface that
// returns the client package's result type (or a pointer to it).
func isManagerMethod(fn *types.Func, name, result string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil {
		return false
	}
	if !IsPath(fn.Pkg().Path(), ClusterPath) && !IsPath(fn.Pkg().Path(), ManagerPath) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || sig.Results().Len() != 1 {
		return false
	}
	n := NamedOf(sig.Results().At(0).Type())
	return n != nil && IsNamed(n, ClientPath, result)
}

// IsManagerConstructor reports whether call makes a manager from a config
// and manager.Options: manager.New, or the root package's NewManager
// (a package variable holding manager.New). It returns the options
// argument.
func IsManagerConstructor(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	if len(call.Args) != 2 {
		return nil, false
	}
	var obj types.Object
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		obj = info.Uses[fun]
	case *ast.SelectorExpr:
		obj = info.Uses[fun.Sel]
	}
	if obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return nil, false
	}
	path := obj.Pkg().Path()
	switch o := obj.(type) {
	case *types.Func:
		if o.Name() != "New" || !IsPath(path, ManagerPath) {
			return nil, false
		}
	case *types.Var:
		if o.Name() != "NewManager" || !IsPath(path, RootPath) {
			return nil, false
		}
	default:
		return nil, false
	}
	if !IsManagerOptions(info.TypeOf(call.Args[1])) {
		return nil, false
	}
	return call.Args[1], true
}

// OptionsPaths are the packages that declare manager.Options or alias it
// (the root package's ctrl.Options): a package that imports one of them
// directly can build a manager's options, and may export facts about them
// (fieldmanager's ManagerOptions), which the vet-mode skip and the
// standalone driver's choice of source packages must allow for.
var OptionsPaths = []string{ManagerPath, RootPath}

// IsOptionsPath reports whether path is one of [OptionsPaths] (or a
// vendored copy of one).
func IsOptionsPath(path string) bool {
	for _, p := range OptionsPaths {
		if IsPath(path, p) {
			return true
		}
	}
	return false
}

// IsManagerOptions reports whether t is manager.Options (ctrl.Options is
// an alias of it).
func IsManagerOptions(t types.Type) bool {
	return IsNamed(t, ManagerPath, "Options")
}
