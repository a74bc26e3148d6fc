package cases

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	"objchange/other"
)

// ---- Shapes of code the status question meets, asked on SSA
// (objchange.StatusChange): embedded and renamed status fields, interface
// conversions, closures called at once or held, method values, generic
// helpers, maps and slices of the status.

// Gizmo embeds a Widget: its status is the Widget's.
type Gizmo struct {
	Widget
}

// Renamed names its status field otherwise in Go; the JSON name is the
// API server's.
type Renamed struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	State             WidgetStatus `json:"status,omitempty"`
}

// status obj
func statusEmbedded(obj *Gizmo) { // want `^status: Status is changed$`
	obj.Status.Ready = true // want `blocked here`
}

// status obj
func statusRenamed(obj *Renamed) { // want `^status: State is changed$`
	obj.State.Ready = true // want `blocked here`
}

// The object held in an interface is followed back through the type
// assertion: written, or only read.
//
// status obj
func statusAsserted(obj *Widget) { // want `^status: Status is changed$`
	var o any = obj
	o.(*Widget).Status.Ready = true // want `blocked here`
}

// status obj
func statusAssertedRead(obj *Widget) { // want `^status: no$`
	var o any = obj
	fmt.Println(o.(*Widget).Status.Ready)
}

// A literal, a goroutine or a deferred call counts by what it does, as
// any code does: the literal's changes wherever it is made, the
// goroutine's and deferred call's callee's.
//
// status obj
func statusLiteralCalled(obj *Widget) { // want `^status: Status is changed$`
	func() { obj.Status.Ready = true }() // want `blocked here`
}

// status obj
func statusLiteralHeld(obj *Widget) { // want `^status: Status is changed$`
	mark := func() { obj.Status.Ready = true } // want `blocked here`
	_ = mark
}

func (w *Widget) markReady() { w.Status.Ready = true } // want `blocked here` `blocked here`

// A method value is the method's call, wherever it is called.
//
// status obj
func statusMethodValue(obj *Widget) { // want `^status: Status is changed \(in markReady\)$`
	f := obj.markReady
	f()
}

// status obj
func statusMethodCalled(obj *Widget) { // want `^status: Status is changed \(in markReady\)$`
	obj.markReady()
}

func markOne[T interface{ *Widget }](o T) {
	(*Widget)(o).Status.Ready = true // want `blocked here`
}

// status obj
func statusGeneric(obj *Widget) { // want `^status: Status is changed \(in markOne\)$`
	markOne(obj)
}

func markAll(objs ...*Widget) {
	for _, o := range objs {
		o.Status.Ready = true // want `blocked here`
	}
}

// An object packed into a variadic helper's slice is handed to the
// helper, which is followed into.
//
// status obj
func statusVariadic(obj *Widget) { // want `^status: Status is changed \(in markAll\)$`
	markAll(obj)
}

// status obj
func statusConditionsAppended(obj *Widget) { // want `^status: Status is changed$`
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: "Ready"}) // want `blocked here`
}

// status obj
func statusConditionElement(obj *Widget) { // want `^status: Status is changed$`
	for i := range obj.Status.Conditions {
		obj.Status.Conditions[i].Reason = "Checked" // want `blocked here`
	}
}

// status obj
func statusConditionRangeCopy(obj *Widget) { // want `^status: no$`
	for _, c := range obj.Status.Conditions {
		c.Reason = "Checked"
		fmt.Println(c)
	}
}

// A conversion is the value converted: what is selected or indexed from it
// is the object's (labels.Set(obj.Labels)["team"] writes the labels); a
// method of a package that only reads, called on it, reads.
//
// region obj
func labelsConverted(obj *corev1.Pod) { // want `^changed labels; maybe nothing; blocked: no$`
	labels.Set(obj.Labels)["team"] = "a"
}

// region obj
func labelsConvertedRead(obj *corev1.Pod) { // want `^changed nothing; maybe nothing; blocked: no$`
	if labels.Set(obj.Labels).Has("team") {
		fmt.Println("in a team")
	}
}

func markLater(w *Widget) { w.Status.Ready = true } // want `blocked here`

// status obj
func statusGoroutineWrites(obj *Widget) { // want `^status: Status is changed \(in markLater\)$`
	go markLater(obj)
}

// status obj
func statusDeferWrites(obj *Widget) { // want `^status: Status is changed$`
	defer func() { obj.Status.Ready = false }() // want `blocked here`
}

// A copy of the status shares what its references point to: an element
// of its conditions is the object's (old := obj.Status;
// old.Conditions[0].Status = ...).
//
// status obj
func statusCopyShares(obj *Widget) { // want `^status: Status is changed$`
	old := obj.Status
	old.Conditions[0].Status = metav1.ConditionTrue // want `blocked here`
}

// ---- A reference into the status kept where the walk does not follow it
// is a reason: stored in another value, sent, or returned to the caller of
// a helper. The metadata or the spec kept elsewhere is not.

type widgetHolder struct {
	w    *Widget
	spec *WidgetSpec
}

// status obj
func statusStoredElsewhere(obj *Widget) { // want `^status: obj is stored elsewhere, whose changes are not followed$`
	h := &widgetHolder{w: obj} // want `blocked here`
	h.w.Status.Ready = true
}

// status obj
func statusSpecStoredElsewhere(obj *Widget) { // want `^status: no$`
	h := &widgetHolder{spec: &obj.Spec}
	h.spec.Size = 3
}

// status obj
func statusInMap(obj *Widget, byName map[string]*Widget) { // want `^status: obj is stored elsewhere, whose changes are not followed$`
	byName[obj.Name] = obj // want `blocked here`
}

// status obj
func statusSent(obj *Widget, ch chan *Widget) { // want `^status: obj is stored elsewhere, whose changes are not followed$`
	ch <- obj // want `blocked here`
}

func passBack(w *Widget) *Widget { return w } // want `blocked here`

// status obj
func statusReturnedByHelper(obj *Widget) { // want `^status: w is returned, and what the caller does to it is not followed \(in passBack\)$`
	passBack(obj).Status.Ready = true
}

// A parameter a function literal captures lives in a variable set once:
// that variable is the parameter, not a place it is stored
// (kuberay's validateRayJob, whose checks are literals calling
// utils.ValidateRayJobSpec(rayJobInstance)).
func validateLater(w *Widget) bool {
	checks := []func() bool{func() bool { return w.Status.Ready }}
	return checks[0]()
}

func checkLater(w *Widget) {
	run := func() { other.Flag(w.Status.Applied) } // want `blocked here`
	run()
}

// status obj
func statusCapturedRead(obj *Widget) { // want `^status: no$`
	validateLater(obj)
}

// status obj
func statusCapturedHanded(obj *Widget) { // want `^status: w.Status is handed to Flag, whose changes to it cannot be told \(in checkLater\)$`
	checkLater(obj)
}

// A copy of the status holds the object's slices: handed by value to a
// function whose changes cannot be told, it may change the conditions'
// elements (kuberay's utils.InconsistentRayServiceStatuses(original.Status,
// ...), a comparison, but of another package). Handed to one that only
// reads, it changes nothing.
//
// status obj
func statusValueHanded(obj *Widget) { // want `^status: obj.Status is handed to Compare, whose changes to it cannot be told$`
	other.Compare(obj.Status) // want `blocked here`
}

// status obj
func statusValuePrinted(obj *Widget) { // want `^status: no$`
	fmt.Println(obj.Status)
}

// A variable that holds the object on some paths and another on others:
// a change through it may be the object's.
//
// status obj
func statusJoined(obj, other *Widget, c bool) { // want `^status: obj is held with other values in a variable, whose changes are not followed$`
	x := obj // want `blocked here`
	if c {
		x = other
	}
	x.Status.Ready = true
}
