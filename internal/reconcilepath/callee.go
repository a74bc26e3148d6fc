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
