package reconcilepath

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// CalleeFunc returns the go/types function an SSA call invokes: the
// interface method of an invoke, or the static callee (a generic
// function's origin for an instance); nil for calls of function values.
func CalleeFunc(common *ssa.CallCommon) *types.Func {
	if common == nil {
		return nil
	}
	if common.IsInvoke() {
		return common.Method
	}
	fn := common.StaticCallee()
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}

// CallRecvType returns the static type of a method call's receiver: the
// interface of an invoke, or the first argument of a static call of a
// method; nil for a call of a function.
func CallRecvType(common *ssa.CallCommon) types.Type {
	if common.IsInvoke() {
		return common.Value.Type()
	}
	if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(common.Args) > 0 {
		return common.Args[0].Type()
	}
	return nil
}
