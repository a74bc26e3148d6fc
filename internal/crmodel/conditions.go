package crmodel

import (
	"go/types"
	"slices"
)

// Condition helpers of apimachinery's meta package, and the equality
// functions that compare old and new status. They are recognised by the
// package path and name of their go/types object, so a function of another
// package that happens to be called SetStatusCondition is none of them.

// ConditionFunc classifies a function of the meta package's condition API.
type ConditionFunc int

const (
	NotConditionFunc ConditionFunc = iota
	SetCondition                   // meta.SetStatusCondition
	RemoveCondition                // meta.RemoveStatusCondition
	CheckCondition                 // meta.IsStatusConditionPresentAndEqual, IsStatusConditionTrue, IsStatusConditionFalse, FindStatusCondition
)

// ClassifyConditionFunc reports which condition helper of
// k8s.io/apimachinery/pkg/api/meta fn is, if any.
func ClassifyConditionFunc(fn *types.Func) ConditionFunc {
	if !isPackageFunc(fn, MetaPath) {
		return NotConditionFunc
	}
	switch fn.Name() {
	case "SetStatusCondition":
		return SetCondition
	case "RemoveStatusCondition":
		return RemoveCondition
	case "IsStatusConditionPresentAndEqual", "IsStatusConditionTrue", "IsStatusConditionFalse", "FindStatusCondition":
		return CheckCondition
	}
	return NotConditionFunc
}

// ReportsChange reports whether fn, a meta.SetStatusCondition or
// RemoveStatusCondition, returns whether it changed the conditions: a bool
// result, as in apimachinery v0.29 and later. Earlier releases return
// nothing.
func ReportsChange(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return false
	}
	return IsBool(sig.Results().At(0).Type())
}

// IsBool reports whether t is a boolean type (bool, a named bool, an
// untyped bool).
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// equalityFuncs are the functions and methods, by package path, that
// compare two values for equality and so can tell an old status or
// condition list from a new one.
var equalityFuncs = map[string][]string{
	"reflect":                              {"DeepEqual"},
	"github.com/google/go-cmp/cmp":         {"Equal"},
	"slices":                               {"Equal", "EqualFunc"},
	"maps":                                 {"Equal", "EqualFunc"},
	"k8s.io/apimachinery/pkg/api/equality": {"DeepEqual", "DeepDerivative"},
	"k8s.io/apimachinery/pkg/conversion":   {"DeepEqual", "DeepDerivative"},
	// equality.Semantic.DeepEqual is declared here and promoted.
	"k8s.io/apimachinery/third_party/forked/golang/reflect": {"DeepEqual", "DeepDerivative"},
}

// IsEqualityFunc reports whether fn compares two values for equality:
// reflect.DeepEqual, equality.Semantic.DeepEqual (and DeepDerivative),
// cmp.Equal, slices.Equal, maps.Equal and their Func variants.
func IsEqualityFunc(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	return slices.Contains(equalityFuncs[fn.Pkg().Path()], fn.Name())
}

// isPackageFunc reports whether fn is a package-level function (not a
// method) of the package with import path path.
func isPackageFunc(fn *types.Func, path string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}
