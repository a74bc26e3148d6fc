package crmodel

import (
	"go/ast"
	"go/types"
)

// IsManagerGetAPIReader reports whether fn is the GetAPIReader method of
// controller-runtime's cluster.Cluster interface (which manager.Manager
// embeds) or, in releases before the cluster package, of manager.Manager:
// the reader that goes to the API server, not the informer cache. A
// GetAPIReader of some other type does not count.
func IsManagerGetAPIReader(fn *types.Func) bool {
	return isManagerMethod(fn, "GetAPIReader", "Reader")
}

// IsUncachedClientConstructor reports whether call makes a client that
// reads from the API server: client.New or client.NewWithWatch with
// options written out as a composite literal that sets no Cache (the
// client is cache-backed only when Options.Cache is given). Options held
// in a variable are not followed: the answer is then false.
func (m *Model) IsUncachedClientConstructor(info *types.Info, call *ast.CallExpr) bool {
	switch m.ClientFunc(CalledFunc(info, call)) {
	case "New", "NewWithWatch":
	default:
		return false
	}
	if len(call.Args) != 2 || !m.IsClientOptions(info.TypeOf(call.Args[1])) {
		return false
	}
	opts := ast.Unparen(call.Args[1])
	if u, ok := opts.(*ast.UnaryExpr); ok {
		opts = ast.Unparen(u.X)
	}
	lit, ok := opts.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return false // positional fields: Cache may be among them
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Cache" {
			if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
				if nilIdent, ok := ast.Unparen(kv.Value).(*ast.Ident); !ok || info.Uses[nilIdent] != types.Universe.Lookup("nil") {
					return false
				}
			}
		}
	}
	return true
}

// IsTypedClientGet reports whether call is the Get of a client-go typed
// client, the method client-gen writes for every API type,
//
//	Get(ctx context.Context, name string, opts metav1.GetOptions) (*T, error)
//
// (rook's RookClientset.CephV1().CephClusters(ns).Get): a read straight
// from the API server, never from an informer cache, so the object it
// returns carries the server's resourceVersion. Recognised by the
// signature, apimachinery's GetOptions in it; listers, which read a cache,
// take no GetOptions.
func IsTypedClientGet(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := MethodCall(info, call)
	if fn == nil || fn.Name() != "Get" {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Variadic() || sig.Params().Len() != 3 || sig.Results().Len() != 2 {
		return false
	}
	params, results := sig.Params(), sig.Results()
	if !IsNamed(params.At(0).Type(), ContextPath, "Context") || !IsNamed(params.At(2).Type(), MetaV1Path, "GetOptions") {
		return false
	}
	if b, ok := params.At(1).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	if _, ok := results.At(0).Type().(*types.Pointer); !ok {
		return false
	}
	return IsError(results.At(1).Type())
}
