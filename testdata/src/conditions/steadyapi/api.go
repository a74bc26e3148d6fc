// Package steadyapi holds the API types of the steady-state cases, shaped
// like kubebuilder's generated types, and a version parser of the kind an
// API package declares.
package steadyapi

import (
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type AppSpec struct {
	Image string
	Size  int32
}

type AppStatus struct {
	Version            string
	ReadyReplicas      int32
	ObservedGeneration int64
	Attempts           int32
	Result             string
	Message            string
	LastUpdated        metav1.Time
	History            []string
	Conditions         []metav1.Condition
}

type App struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   AppSpec
	Status AppStatus
}

func (in *AppStatus) DeepCopyInto(out *AppStatus) { *out = *in }

func (in *AppStatus) DeepCopy() *AppStatus {
	out := new(AppStatus)
	in.DeepCopyInto(out)
	return out
}

func (in *App) DeepCopyInto(out *App) { *out = *in }

func (in *App) DeepCopy() *App {
	out := new(App)
	in.DeepCopyInto(out)
	return out
}

func (in *App) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// VersionOf parses the version out of a container image reference: the
// same image gives the same version on every call.
func VersionOf(image string) string {
	if i := strings.LastIndex(image, ":"); i >= 0 {
		return image[i+1:]
	}
	return "latest"
}

// Stamp returns the current time: a value that differs on every call.
func Stamp() metav1.Time { return metav1.Now() }
