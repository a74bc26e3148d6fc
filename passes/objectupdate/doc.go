// Package objectupdate defines an Analyzer that reports a whole-object
// Update, in a controller-runtime reconcile path, that sends only changes
// to the object's labels, annotations or owner references.
//
// # Analyzer objectupdate
//
// objectupdate: report Update of an object whose metadata alone changed
//
// Update sends the whole object with the resourceVersion it was read
// with. When another component writes the same object in the meantime
// (the kubelet writes a Pod's status; controllers write the status of
// Deployments, Services and PersistentVolumeClaims; users and tools add
// annotations), the Update fails with 409 Conflict although the two
// changes never touched the same field: a failed request, a requeue and
// the same work again. A merge patch of the changed metadata carries no
// resourceVersion and cannot conflict that way.
//
// The pass reports controller-runtime's Update (client.Writer's, not the
// status writer's), recognised by type, when a reconcile can reach it (the
// roots of the shared analysis), the object was loaded in the same
// function on every path (a local last loaded with Get; an item of a list
// last loaded with List, as the loop's variable, a pointer to the item or
// the item itself, or the loop's variable over a local slice the function
// only appends such items to, whose other uses count as uses of the items,
// or a pointer set once to the item a loop over them finds; or a copy of one of those made with DeepCopy into a new
// variable or with DeepCopyInto, whose original's changes before the copy
// count too), or is a parameter of a helper every call of which is in
// sight (an unexported function only called, or a function literal bound
// to a local only called) and hands over such an object, or the loop's
// variable over a slice parameter every call hands a list's items (the
// changes in the callers count too). A path that sets the object's variable to nil
// after the load (dropped when not found) carries no object and does not
// count, whether or not a nil check guards the Update; what the if
// statement that loads the object does to it in its branches counts. And
// every change made to it between the load and the Update is one of:
//
//   - its labels or annotations: a write into the map (obj.Labels[k] = v,
//     delete), a new map (obj.Labels = m, SetLabels, SetAnnotations),
//     metav1.SetMetaDataLabel and SetMetaDataAnnotation, a local holding
//     the map (GetLabels()), maps.Copy, a helper of the package that
//     writes the map it is handed (another package's function handed the
//     map counts as no change, as it may only read it);
//   - its owner references, on a built-in kind (a type of k8s.io/api):
//     controllerutil.SetControllerReference (or ctrl.'s),
//     SetOwnerReference, RemoveOwnerReference, SetOwnerReferences;
//
// directly, in the package's functions the object is handed to (up to
// three calls deep), or in another package's exported functions, whose
// ChangesParams fact says what they do to each object or map parameter.
// Reads do not count: comparisons, loggers, event recorders, DeepCopy,
// client.ObjectKeyFromObject.
//
// Not reported: a change to anything else (spec, status, other metadata);
// an object handed to a function whose effect cannot be seen (another
// package's function without a fact, as in a package that does not import
// controller-runtime, an interface method, a function value),
// or stored where its changes are not followed; an object not loaded in
// the function (a field, a list the reconcile did not List, an object a
// caller made, an object made here on some paths, a helper called in a
// goroutine); an object made with
// Create, or last written with Update or Patch, in the same function; a
// change to finalizers (the Update's optimistic lock is what keeps a
// finalizer change safe; see the page); a change to owner references of a
// custom resource (a JSON merge patch replaces the list whole and custom
// resources take no strategic merge patch, so another writer's reference
// could be lost); deferred Updates and Updates in goroutines.
//
// Before:
//
//	if err := r.Get(ctx, key, &pod); err != nil {
//		return ctrl.Result{}, client.IgnoreNotFound(err)
//	}
//	pod.Labels["example.com/ready"] = "true"
//	err := r.Update(ctx, &pod)
//
// After the suggested fix:
//
//	if err := r.Get(ctx, key, &pod); err != nil {
//		return ctrl.Result{}, client.IgnoreNotFound(err)
//	}
//	base := pod.DeepCopy()
//	pod.Labels["example.com/ready"] = "true"
//	err := r.Patch(ctx, &pod, client.MergeFrom(base))
//
// When owner references changed, the fix patches with
// client.StrategicMergeFrom(base), which merges them by uid. The copy is
// placed as statusupdate's fix places its own (internal/fixes), the
// Update's options are kept when they are patch options, and
// fieldmanager's appended client.FieldOwner composes with the edits. For
// a copy of a loaded object, the original is the base when it is still as
// loaded at the Update; for a list's item, the copy goes after the pointer
// to it is taken or where the range's body starts; for a helper's
// parameter, where the helper starts when every call hands the object over
// as loaded. No fix is offered, and the message says why, for options that
// are not patch options, an object without DeepCopy (or, where it may be
// nil, without a typed DeepCopy), owner references with a
// controller-runtime older than StrategicMergeFrom, a parameter a caller
// changes before the call, an object the loading if statement changes, or
// an item updated as &list.Items[i].
//
// Settings: -objectupdate.tests (also check _test.go files). The reconcile
// roots are those of the shared analysis, extended by -statusupdate.roots.
// Generated files are never reported.
//
// Silence a finding with a reason on the line or the line above:
//
//	//statuslint:ignore objectupdate this object has a single writer
//
// The full page: https://github.com/statuslint/statuslint/blob/main/docs/objectupdate.md
package objectupdate

import (
	_ "embed"

	"github.com/statuslint/statuslint/internal/analyzerdoc"
)

// docFile is this file: the analyzer's Doc is its "# Analyzer" section
// above, so the help text and the package documentation cannot disagree.
//
//go:embed doc.go
var docFile string

var doc = analyzerdoc.MustExtract(docFile, Name)
