package cases

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// ---- Shapes of code the status question meets, asked of both engines
// (TestStatusAnswers): embedded and renamed status fields, interface
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
func statusEmbedded(obj *Gizmo) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	obj.Status.Ready = true // want `blocked here`
}

// status obj
func statusRenamed(obj *Renamed) { // want `^changed nothing; maybe nothing; blocked: State is changed$`
	obj.State.Ready = true // want `blocked here`
}

// status obj
func statusAsserted(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: obj is stored elsewhere, whose changes are not followed$`
	var o any = obj // want `blocked here`
	o.(*Widget).Status.Ready = true
}

// status obj
func statusAssertedRead(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: obj is stored elsewhere, whose changes are not followed$`
	var o any = obj // want `blocked here`
	fmt.Println(o.(*Widget).Status.Ready)
}

// A literal, a goroutine or a deferred call counts by what it does, as
// any code does: the literal's changes wherever it is made, the
// goroutine's and deferred call's callee's.
//
// status obj
func statusLiteralCalled(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	func() { obj.Status.Ready = true }() // want `blocked here`
}

// status obj
func statusLiteralHeld(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	mark := func() { obj.Status.Ready = true } // want `blocked here`
	_ = mark
}

func (w *Widget) markReady() { w.Status.Ready = true } // want `blocked here`

// status obj
func statusMethodValue(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: a method of obj is taken as a value$`
	f := obj.markReady // want `blocked here`
	f()
}

// status obj
func statusMethodCalled(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed \(in markReady\)$`
	obj.markReady()
}

func markOne[T interface{ *Widget }](o T) {
	(*Widget)(o).Status.Ready = true // want `blocked here`
}

// status obj
func statusGeneric(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed \(in markOne\)$`
	markOne(obj)
}

func markAll(objs ...*Widget) {
	for _, o := range objs {
		o.Status.Ready = true
	}
}

// Both engines miss a change made to the objects a variadic helper is
// handed: the walker takes the slice as the object, ranged over and so
// read; the Follower loses the object in the slice the call builds.
// Recorded; no pass has met it.
//
// status obj
func statusVariadic(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: no$`
	markAll(obj)
}

// status obj
func statusConditionsAppended(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: "Ready"}) // want `blocked here`
}

// status obj
func statusConditionElement(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	for i := range obj.Status.Conditions {
		obj.Status.Conditions[i].Reason = "Checked" // want `blocked here`
	}
}

// status obj
func statusConditionRangeCopy(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: no$`
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
func statusGoroutineWrites(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed \(in markLater\)$`
	go markLater(obj)
}

// status obj
func statusDeferWrites(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	defer func() { obj.Status.Ready = false }() // want `blocked here`
}

// A copy of the status shares what its references point to: an element
// of its conditions is the object's (old := obj.Status;
// old.Conditions[0].Status = ...).
//
// status obj
func statusCopyShares(obj *Widget) { // want `^changed nothing; maybe nothing; blocked: Status is changed$`
	old := obj.Status
	old.Conditions[0].Status = metav1.ConditionTrue // want `blocked here`
}
