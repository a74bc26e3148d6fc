// Package cases holds the functions internal/objchange's test asks the
// classifier about: the last line of a function's doc comment says what
// to ask (see objchange_test.go), the want comment on its name what the
// answer spells: "changed A; maybe B; blocked: why".
package cases

import (
	"context"
	"fmt"
	"sort"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"objchange/other"
)

var sink any

// done ends a region (its call is the target) and is Between's call. It
// stores what it is handed: a Between that did not leave the object
// argument out would be blocked by it.
func done(obj any) { sink = obj }

// Widget is a custom resource of this package.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
	// Notes has the status's type, but its JSON name is not status.
	Notes *WidgetStatus `json:"notes,omitempty"`
}

type WidgetSpec struct{ Size int32 }

type WidgetStatus struct {
	Ready      bool
	Applied    *bool
	Conditions []metav1.Condition
}

// StatusPtr is a getter whose result points into the object.
func (w *Widget) StatusPtr() *WidgetStatus { return &w.Status }

// summary recv
func (w *Widget) label() { w.Labels["a"] = "b" } // want `^changed labels; maybe nothing; blocked: no$`

// ---- The metadata areas.

// region obj
func labelsIndex(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	obj.Labels["team"] = "a"
}

// region obj
func labelsAlias(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	l := obj.Labels
	l["team"] = "a"
}

// region obj
func labelsSetter(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	obj.SetLabels(map[string]string{"team": "a"})
}

// region obj
func labelsThroughGetter(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	m := obj.GetLabels()
	m["team"] = "a"
}

// A write indexing GetLabels()'s result directly changes the labels, as
// one through a variable bound to it does (labelsThroughGetter).
//
// region obj
func labelsGetterIndexed(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	obj.GetLabels()["team"] = "a"
}

// region obj
func labelsMetaHelper(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	metav1.SetMetaDataLabel(&obj.ObjectMeta, "team", "a")
}

// region obj
func annotationsDelete(obj *corev1.Pod) { // want `^changed annotations; maybe nothing; blocked: no$`
	delete(obj.Annotations, "a")
}

// region obj
func ownersAdded(obj, owner *corev1.Pod) { // want `^changed owner references; maybe nothing; blocked: no$`
	_ = controllerutil.SetControllerReference(owner, obj, nil)
}

// region owner
func ownerIsRead(obj, owner *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: no$`
	_ = controllerutil.SetControllerReference(owner, obj, nil)
}

// region obj
func ownersAssigned(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: owner references are removed or replaced, which a patch cannot do without dropping other writers' entries$`
	obj.OwnerReferences = nil // want `blocked here`
}

// region obj
func ownersRemoved(obj, owner *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: owner references are removed or replaced, which a patch cannot do without dropping other writers' entries$`
	_ = controllerutil.RemoveOwnerReference(owner, obj, nil) // want `blocked here`
}

// region obj
func finalizersAdded(obj *corev1.Pod) { // want `^changed finalizers; maybe nothing; blocked: no$`
	controllerutil.AddFinalizer(obj, "f")
}

// Finalizers handed to code that may change them count as changed (the
// labels, in labelsMaybe, do not).
//
// region obj
func finalizersMaybe(obj *corev1.Pod) { // want `^changed finalizers; maybe nothing; blocked: no$`
	sort.Strings(obj.Finalizers)
}

func tidy(f []string) { sort.Strings(f) }

// The same through a helper of the package.
//
// region obj
func finalizersMaybeInHelper(obj *corev1.Pod) { // want `^changed finalizers; maybe nothing; blocked: no$`
	tidy(obj.Finalizers)
}

// The same through another package's function known to hand them on.
//
// region obj
func finalizersMaybeImported(obj *corev1.Pod) { // want `^changed finalizers; maybe nothing; blocked: no$`
	other.PassOnList(obj.Finalizers)
}

// region obj
func labelsMaybe(obj *corev1.Pod) { // want `^changed nothing; maybe labels; blocked: no$`
	other.UnknownMap(obj.Labels)
}

// region obj
func severalAreas(obj, owner *corev1.Pod) { // want `^changed labels, annotations and owner references; maybe nothing; blocked: no$`
	obj.Annotations["a"] = "b"
	_ = controllerutil.SetOwnerReference(owner, obj, nil)
	obj.Labels["a"] = "b"
}

// ---- What rules a fix out.

// region obj
func specChanged(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: Spec is changed$`
	obj.Labels["a"] = "b"
	obj.Spec.NodeName = "n" // want `blocked here`
	obj.Status.Phase = corev1.PodRunning
}

// region obj
func statusChanged(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	obj.Status.Phase = corev1.PodRunning // want `blocked here`
}

// region obj
func nameAssigned(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: metadata.name is assigned$`
	obj.Name = "x" // want `blocked here`
}

// apiVersion and kind are not stored.
//
// region obj
func kindAssigned(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: no$`
	obj.Kind = "Pod"
}

// region obj
func reads(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: no$`
	fmt.Println(obj, obj.Labels["a"], obj.Spec.NodeName)
	if obj.Status.Phase == corev1.PodRunning {
		return
	}
	_ = obj.DeepCopy()
	_ = controllerutil.ContainsFinalizer(obj, "f")
}

// fmt's scanners and errors.As write what they are handed, though their
// packages otherwise only read.
//
// region obj
func scanned(obj *corev1.Pod, s string) { // want `^changed nothing; maybe nothing; blocked: obj.Spec is handed to Sscanf, whose changes to it cannot be told$`
	fmt.Println(obj.Spec.NodeName)
	_, _ = fmt.Sscanf(s, "%s", &obj.Spec.NodeName) // want `blocked here`
}

// An interface of runtime.Object's methods only cannot change it.
//
// region obj
func recorded(obj *corev1.Pod, rec record.EventRecorder) { // want `^changed nothing; maybe nothing; blocked: no$`
	rec.Event(obj, "Normal", "Seen", "seen")
}

// region obj
func clientAgain(ctx context.Context, c client.Client, obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: obj is read or written through the client again$`
	_ = c.Get(ctx, client.ObjectKeyFromObject(obj), obj) // want `blocked here`
}

// region obj
func storedElsewhere(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: obj is stored elsewhere, whose changes are not followed$`
	sink = obj // want `blocked here`
}

// ---- Function literals, goroutines, deferred calls: what they do
// counts, as it would in place.

// region obj
func literalNormal(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	f := func() { obj.Labels["a"] = "b" }
	f()
}

// region obj
func goroutineNormal(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	go addTeam(obj)
}

// region obj
func deferNormal(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	defer addTeam(obj)
}

// ---- The package's own functions.

func addTeam(p *corev1.Pod) { p.Labels["team"] = "a" }

func setNode(p *corev1.Pod) {
	p.Spec.NodeName = "n" // want `blocked here`
}

func setKey(m map[string]string) { m["k"] = "v" }

// region obj
func helperLabels(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	addTeam(obj)
}

// region obj
func helperSpec(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: Spec is changed \(in setNode\)$`
	setNode(obj)
}

// A helper handed a metadata map changes what it is handed.
//
// region obj
func helperMapAnnotations(obj *corev1.Pod) { // want `^changed annotations; maybe nothing; blocked: no$`
	setKey(obj.Annotations)
}

// region obj
func helperMapLabels(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	setKey(obj.Labels)
}

// region obj
func helperMethod(obj *Widget) { // want `^changed labels; maybe nothing; blocked: no$`
	obj.label()
}

// summary 1
func sumObject(ctx context.Context, p *corev1.Pod) { // want `^changed annotations and finalizers; maybe nothing; blocked: no$`
	p.Annotations["a"] = "b"
	controllerutil.AddFinalizer(p, "f")
}

// summary map 0
func sumMap(m map[string]string) { // want `^changed labels; maybe nothing; blocked: no$`
	m["a"] = "b"
}

// summary map 0
func sumMapMaybe(m map[string]string) { // want `^changed nothing; maybe labels; blocked: no$`
	other.UnknownMap(m)
}

// Three helpers deep are followed; the fourth is not.

func mid1(p *corev1.Pod) { mid2(p) }
func mid2(p *corev1.Pod) { mid3(p) }
func mid3(p *corev1.Pod) { p.Labels["a"] = "b" }

// region obj
func depthThree(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	mid1(obj)
}

func deep1(p *corev1.Pod) { deep2(p) }
func deep2(p *corev1.Pod) { deep3(p) }
func deep3(p *corev1.Pod) { deep4(p) } // want `blocked here`
func deep4(p *corev1.Pod) { p.Labels["a"] = "b" }

// region obj
func depthFour(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: the object is handed on too deep to follow \(in deep3\) \(in deep2\) \(in deep1\)$`
	deep1(obj)
}

// A summary the depth limit cut short is not kept: deep2, summarised at
// depth 1 for depthFour and blocked there, is followed in full when asked
// about directly, three helpers deep (as in depthThree).
//
// region obj
func depthMemoised(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	deep2(obj)
}

func ord1(p *corev1.Pod) { ord2(p) }
func ord2(p *corev1.Pod) { ord3(p) }
func ord3(p *corev1.Pod) { ord4(p) }
func ord4(p *corev1.Pod) { p.Labels["a"] = "b" }

// region obj
func ordShort(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	ord2(obj)
}

// A complete summary is kept and reused wherever it is asked for: ord2's,
// made for ordShort without reaching the limit, answers for ordLong too,
// four helpers deep. The limit bounds the work, and a kept answer is
// never one it cut short (depthMemoised).
//
// region obj
func ordLong(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	ord1(obj)
}

// ---- Other packages' functions, through Options.Imported.

// region obj
func importedKnown(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	other.Label(obj)
	other.Read(obj)
}

// region obj
func importedBlocked(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: it sets the spec \(in Mess\)$`
	other.Mess(obj) // want `blocked here`
}

// region obj
func importedUnknown(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: obj is handed to Unknown, whose changes to it cannot be told$`
	other.Unknown(obj) // want `blocked here`
}

// Without Options.Imported, nothing of other packages is known.
//
// bare obj
func importedNone(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: obj is handed to Label, whose changes to it cannot be told$`
	other.Label(obj) // want `blocked here`
}

// region obj
func importedMaps(obj *corev1.Pod) { // want `^changed annotations; maybe labels; blocked: no$`
	other.SetTeam(obj.Annotations)
	other.PassOn(obj.Labels)
}

// region obj
func importedOwners(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: owner references are removed or replaced, which a patch cannot do without dropping other writers' entries$`
	other.SetRefs(obj.OwnerReferences) // want `blocked here`
}

// region g
func importedMethod(g *other.Gadget) { // want `^changed labels; maybe nothing; blocked: no$`
	g.Default()
}

// region g
func importedMethodUnknown(g *other.Gadget) { // want `^changed nothing; maybe nothing; blocked: g.Reset may change it$`
	g.Reset() // want `blocked here`
}

// ---- Region and Between: where the region ends.

// A block that returns before the target never reaches it.
//
// region obj
func returnsEarly(obj *corev1.Pod, cond bool) { // want `^changed labels; maybe nothing; blocked: no$`
	if cond {
		obj.Spec.NodeName = "n"
		return
	}
	obj.Labels["a"] = "b"
	done(obj)
}

// region obj
func afterTarget(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: no$`
	done(obj)
	obj.Spec.NodeName = "n"
	f := func() { obj.Spec.NodeName = "n" }
	f()
}

// A function literal made before the end counts wherever it is called.
//
// region obj
func literalBeforeEnd(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: Spec is changed$`
	f := func() { obj.Spec.NodeName = "n" } // want `blocked here`
	done(obj)
	f()
}

// A function literal made after the call cannot run before it (outside a
// loop that holds the call: betweenLoop). The AST walker this replaced
// counted it, wherever it was made.
//
// between obj
func betweenLiteralAfter(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: no$`
	done(obj)
	f := func() { obj.Spec.NodeName = "n" }
	f()
}

// between obj
func betweenStraight(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	obj.Labels["a"] = "b"
	done(obj)
	obj.Spec.NodeName = "n"
}

// In a loop that does not hold the start, the rest of the loop runs
// before the call's next pass. The object handed to the call is left out.
//
// between obj
func betweenLoop(obj *corev1.Pod, names []string) { // want `^changed nothing; maybe nothing; blocked: Spec is changed$`
	for _, n := range names {
		done(obj)
		obj.Spec.NodeName = n // want `blocked here`
	}
}

// ---- The status question (objchange.StatusChange, on SSA): only what may
// change the status counts; client reads and writes are reloads; function
// literals, goroutines and deferred calls count by what they do.

// status obj
func statusIgnoresMetaAndSpec(obj *corev1.Pod) { // want `^status: no$`
	obj.Spec.NodeName = "n"
	obj.Labels["a"] = "b"
	obj.Name = "x"
	obj.OwnerReferences = nil
	obj.SetLabels(nil)
	obj.SetName("y")
	addTeam(obj)
	setNode(obj)
	setKey(obj.Annotations)
}

// The finalizer helper changes the finalizers, which the status question
// does not look at.
//
// status obj
func statusFinalizer(obj *corev1.Pod) { // want `^status: no$`
	controllerutil.AddFinalizer(obj, "f")
}

// status obj
func statusChangedInStatusMode(obj *corev1.Pod) { // want `^status: Status is changed$`
	obj.Spec.NodeName = "n"
	obj.Status.Phase = corev1.PodRunning // want `blocked here`
}

func setReady(w *Widget) {
	w.Status.Ready = true // want `blocked here`
}

// status obj
func statusInHelper(obj *Widget) { // want `^status: Status is changed \(in setReady\)$`
	setReady(obj)
}

// A field that cannot hold the status: its JSON name is not status.
//
// status obj
func statusOtherField(obj *Widget) { // want `^status: no$`
	obj.Notes.Ready = true
	obj.Spec.Size = 2
}

// region obj
func otherFieldNormal(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Notes is changed$`
	obj.Notes.Ready = true // want `blocked here`
}

// status obj
func statusReloads(ctx context.Context, c client.Client, obj *corev1.Pod) { // want `^status: no$`
	_ = c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
	_ = c.Update(ctx, obj)
	_ = c.Status().Update(ctx, obj)
	_ = c.Patch(ctx, obj, client.MergeFrom(obj.DeepCopy()))
}

// status obj
func statusReads(obj *corev1.Pod) { // want `^status: no$`
	fmt.Println(obj)
	_ = obj.Status.Phase == corev1.PodRunning
}

// status obj
func statusUnknown(obj *corev1.Pod) { // want `^status: obj is handed to Unknown, whose changes to it cannot be told$`
	other.Unknown(obj) // want `blocked here`
}

// status obj
func statusLiteral(obj *corev1.Pod) { // want `^status: no$`
	f := func() { fmt.Println(obj.Name) }
	f()
}

// status obj
func statusGoroutine(obj *corev1.Pod) { // want `^status: no$`
	go addTeam(obj)
}

// status obj
func statusDefer(obj *corev1.Pod) { // want `^status: no$`
	defer addTeam(obj)
}

// status obj
func statusDeferLiteral(obj *corev1.Pod) { // want `^status: no$`
	defer func() { _ = obj.Name }()
}

// A local a part of the object is bound to is that part: what is done
// through it is done to the object.
//
// status obj
func statusGetterBound(obj *Widget) { // want `^status: StatusPtr\(\) is changed$`
	s := obj.StatusPtr()
	s.Ready = true // want `blocked here`
}

// A pointer into the status bound to a variable that is only compared,
// or dereferenced and negated, changes nothing (cloudnative-pg's
// applied := role.Status.Applied).
//
// status obj
func statusPointerRead(obj *Widget) { // want `^status: no$`
	applied := obj.Status.Applied
	if applied == nil || !*applied || (*applied) == obj.Status.Ready {
		fmt.Println("not applied")
	}
}

// status obj
func statusPointerWritten(obj *Widget) { // want `^status: Status is changed$`
	applied := obj.Status.Applied
	if applied != nil {
		*applied = true // want `blocked here`
	}
}

// Handed to a function that only reads it.
//
// status obj
func statusPointerHanded(obj *Widget) { // want `^status: no$`
	applied := obj.Status.Applied
	fmt.Println(applied)
}

// A part handed on from the local is handed on from the object.
//
// status obj
func statusBoundHanded(obj *Widget) { // want `^status: obj.Status is handed to Flag, whose changes to it cannot be told$`
	st := obj.Status
	other.Flag(st.Applied) // want `blocked here`
}

// A pointer declared without a value and set once holds the part from
// there on, as := would bind it (percona-xtradb-cluster-operator's var
// primaryPod *corev1.Pod, set in the loop that finds it).
//
// status obj
func statusSetOnce(obj *Widget) { // want `^status: Status is changed$`
	var applied *bool
	for range 2 {
		applied = obj.Status.Applied
		break
	}
	*applied = true // want `blocked here`
}

// A local set more than once, or used in a loop before it is set (a next
// pass would see the part there), was not followed by the AST walker of
// old: it may hold something else on other paths. On SSA each value is its own, and
// nothing is written through the pointer: the status cannot change.
//
// status obj
func statusReassigned(obj *Widget) { // want `^status: no$`
	var applied *bool
	applied = obj.Status.Applied
	applied = nil
	_ = applied
}

// status obj
func statusUsedBeforeSet(obj *Widget) { // want `^status: no$`
	var applied *bool
	for range 2 {
		if applied != nil {
			fmt.Println(*applied)
		}
		applied = obj.Status.Applied
	}
}

// The status copied into a local and read, formatted and compared:
// nothing changes (a helper logging the status before and after).
//
// region obj
func boundStatusRead(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: no$`
	old := obj.Status
	if old.Ready {
		fmt.Println("ready", old)
	}
}

// A helper that returns the object it is handed lets its caller change
// it out of sight (o := withDefaults(obj); o.Spec.Size = 3).
//
// summary 0
func sumReturned(p *corev1.Pod) *corev1.Pod { // want `^changed nothing; maybe nothing; blocked: p is returned, and what the caller does to it is not followed \(in sumReturned\)$`
	return p // want `blocked here`
}

// So does a function literal.
//
// region obj
func literalReturns(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: obj is returned, and what the caller does to it is not followed$`
	get := func() *corev1.Pod { return obj } // want `blocked here`
	done(get)
}

// A value that shares nothing may be returned.
//
// summary 0
func sumReturnedName(p *corev1.Pod) string { // want `^changed nothing; maybe nothing; blocked: no$`
	return p.Name
}

// A write through a getter's result, without binding it first, is a write
// to the object, for the status question too: the getter may return the
// status.
//
// status obj
func statusGetterWritten(obj *Widget) { // want `^status: StatusPtr\(\) is changed$`
	obj.StatusPtr().Ready = true // want `blocked here`
}

// ---- Managed fields: a change of them is one of other metadata, which
// rules the finding out, unless the checker counts them
// (Options.ManagedFields, for fieldmanager); then each way of changing
// them is the area managed fields, and GetManagedFields' list is followed
// like GetLabels' map.

// region obj
func managedFieldsSetter(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: SetManagedFields changes other metadata$`
	obj.SetManagedFields(nil) // want `blocked here`
}

// region obj
func managedFieldsAssigned(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: metadata.managedFields is assigned$`
	obj.ManagedFields = nil // want `blocked here`
}

// An entry written through GetManagedFields's result changes the managed
// fields, which a metadata patch does not carry apart from the rest of
// the metadata (the AST walker this replaced took the getter for a read).
//
// region obj
func managedFieldsGetterRead(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: metadata.managedFields is assigned$`
	mf := obj.GetManagedFields()
	mf[0].Manager = "x" // want `blocked here`
}

// managed obj
func managedFieldsCounted(obj *corev1.Pod) { // want `^managed fields changed: yes; other: no$`
	mf := obj.GetManagedFields()
	obj.SetManagedFields(append(mf[:0:0], metav1.ManagedFieldsEntry{Manager: "x"}))
}

// managed obj
func managedFieldsAssignedCounted(obj *corev1.Pod) { // want `^managed fields changed: yes; other: no$`
	obj.ObjectMeta.ManagedFields = nil
}

// managed obj
func managedFieldsThroughGetter(obj *corev1.Pod) { // want `^managed fields changed: yes; other: no$`
	obj.GetManagedFields()[0].Manager = "x"
}

// managed obj
func managedFieldsAndLabels(obj *corev1.Pod) { // want `^managed fields changed: yes; other: Labels is changed$`
	obj.SetManagedFields(nil)
	obj.Labels["team"] = "a" // want `blocked here`
}

// managed obj
func managedFieldsHandedOn(obj *corev1.Pod) { // want `^managed fields changed: no; other: obj\.ManagedFields is handed to Slice, whose changes to it cannot be told$`
	sort.Slice(obj.ManagedFields, func(i, j int) bool { return false }) // want `blocked here`
}

// Other metadata still rules it out.
//
// managed obj
func managedFieldsAndVersion(obj *corev1.Pod) { // want `^managed fields changed: yes; other: obj\.SetResourceVersion may change it$`
	obj.SetManagedFields(nil)
	obj.SetResourceVersion("1") // want `blocked here`
}

// ---- Shapes the AST walker of old answered this way, pinned when a
// port onto the Follower (15545d1) changed all three and was reverted;
// the Follower answers them the same way.

// A branch that ends in panic is not one that returns: what it does
// counts, which errs on the side of no fix.
//
// managed obj
func managedFieldsPanicBranch(obj *Widget, bad bool) { // want `^managed fields changed: yes; other: Spec is changed$`
	if bad {
		obj.Spec.Size = 0 // want `blocked here`
		panic("bad size")
	}
	obj.SetManagedFields(nil)
}

// An append to a metadata list whose result is not stored back is a
// read: it can write the shared array only past the list's length.
//
// managed obj
func managedFieldsAppendDropped(obj *Widget) { // want `^managed fields changed: no; other: no$`
	_ = append(obj.ManagedFields, metav1.ManagedFieldsEntry{Manager: "x"})
}

// A method of a field (here with a value receiver) whose result shares
// nothing with the object is a read.
//
// managed obj
func managedFieldsValueMethod(obj *Widget) { // want `^managed fields changed: no; other: no$`
	_ = obj.Spec.double()
}

func (s WidgetSpec) double() int32 { return 2 * s.Size }

// A condition found with FindStatusCondition is a pointer into the
// object's conditions: changing it changes the object, though the meta
// package's other functions only read.
//
// status obj
func foundCondition(obj *Widget) { // want `^status: Status is changed$`
	c := meta.FindStatusCondition(obj.Status.Conditions, "Ready")
	c.Reason = "Changed" // want `blocked here`
}

// What it returns, only read, changes nothing.
//
// status obj
func foundConditionRead(obj *Widget) { // want `^status: no$`
	if c := meta.FindStatusCondition(obj.Status.Conditions, "Ready"); c != nil && c.Reason == "Changed" {
		fmt.Println(c.Message)
	}
}
