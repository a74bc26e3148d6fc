package watches

import (
	"go/types"
	"strings"

	"github.com/statuslint/statuslint/internal/crmodel"
)

const apiPrefix = "k8s.io/api/"

// objectType returns the named type of a Kubernetes object that t is, or
// points to: a struct embedding metav1.ObjectMeta. It returns nil for
// anything else (lists, unstructured objects, interfaces).
func objectType(t types.Type) *types.Named {
	n := crmodel.NamedOf(t)
	if n == nil {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() && crmodel.IsNamed(f.Type(), crmodel.MetaV1Path, "ObjectMeta") {
			return n
		}
	}
	return nil
}

// kindKey names an object type in facts: its package path (without a
// vendor prefix) and name.
func kindKey(n *types.Named) string {
	obj := n.Origin().Obj()
	path := ""
	if obj.Pkg() != nil {
		path = crmodel.Unvendor(obj.Pkg().Path())
	}
	return path + "." + obj.Name()
}

// builtInWithGeneration are the built-in kinds whose metadata.generation
// changes with their spec alone and whose status another controller
// writes as it works: a status-only update of one carries nothing the
// owner's spec depends on.
var builtInWithGeneration = map[string]bool{
	"k8s.io/api/apps/v1.Deployment":  true,
	"k8s.io/api/apps/v1.StatefulSet": true,
	"k8s.io/api/apps/v1.DaemonSet":   true,
	"k8s.io/api/apps/v1.ReplicaSet":  true,
	"k8s.io/api/batch/v1.Job":        true,
	"k8s.io/api/batch/v1.CronJob":    true,
}

// hasGenerationSemantics reports whether n is a kind whose generation
// changes with its spec only: one of builtInWithGeneration, or a custom
// resource (a type outside k8s.io/api with Spec and Status fields, the
// shape a status subresource serves).
func hasGenerationSemantics(n *types.Named) bool {
	key := kindKey(n)
	if strings.HasPrefix(key, apiPrefix) {
		return builtInWithGeneration[key]
	}
	if strings.HasPrefix(key, "k8s.io/") {
		return false // apimachinery's own types, apiextensions and the like
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	var spec, status bool
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() {
			continue
		}
		switch f.Name() {
		case "Spec":
			spec = true
		case "Status":
			status = true
		}
	}
	return spec && status
}

// addObjects adds to into the kinds of the objects a value of type t
// holds: the object itself (or a pointer to it), the items of a slice, map
// or list type.
func addObjects(t types.Type, into map[string]bool) {
	seen := make(map[types.Type]bool)
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if depth > 3 || seen[t] {
			return
		}
		seen[t] = true
		if n := objectType(t); n != nil {
			into[kindKey(n)] = true
			return
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Pointer:
			walk(u.Elem(), depth+1)
		case *types.Slice:
			walk(u.Elem(), depth+1)
		case *types.Array:
			walk(u.Elem(), depth+1)
		case *types.Map:
			walk(u.Elem(), depth+1)
		case *types.Struct:
			// A list: its Items.
			for i := range u.NumFields() {
				if f := u.Field(i); f.Name() == "Items" {
					walk(f.Type(), depth+1)
				}
			}
		}
	}
	walk(t, 0)
}
