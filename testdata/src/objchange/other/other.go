// Package other holds functions of another package for the objchange
// tests: the test analyzer's Options.Imported knows what some of them do
// to their parameters (see objchange_test.go), and nothing of the others.
package other

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Label is known to change the labels of the object.
func Label(obj *corev1.Pod) {}

// Read is known to only read the object.
func Read(obj *corev1.Pod) {}

// Mess is known to change something a patch cannot carry.
func Mess(obj *corev1.Pod) {}

// Unknown is not known.
func Unknown(obj *corev1.Pod) {}

// SetTeam is known to write the map it is handed.
func SetTeam(m map[string]string) {}

// PassOn is known to hand the map it is handed on to code that may
// change it.
func PassOn(m map[string]string) {}

// PassOnList is known to hand the list it is handed on to code that may
// change it.
func PassOnList(l []string) {}

// UnknownMap is not known.
func UnknownMap(m map[string]string) {}

// SetRefs is known to write the list it is handed.
func SetRefs(refs []metav1.OwnerReference) {}

// Gadget is a custom resource of another package.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec   `json:"spec,omitempty"`
	Status            GadgetStatus `json:"status,omitempty"`
}

type GadgetSpec struct{ Size int32 }

type GadgetStatus struct{ Ready bool }

// Default is known to change the labels of its receiver.
func (g *Gadget) Default() {}

// Reset is not known.
func (g *Gadget) Reset() {}

// Flag is not known.
func Flag(b *bool) {}

// Compare is not known.
func Compare(a any) {}
