// Package api is the custom resource of the condhelpers benchmark's
// operator: a WebApp, from which the operator keeps a ConfigMap, a
// Deployment and a headless Service, and whose status carries one
// condition per child and the version of the image it runs. It is written
// by hand (the deep copies too); its CRD is ../crds/webapps.yaml.
// +groupName=condhelpers.bench.example.com
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of WebApp.
	GroupVersion = schema.GroupVersion{Group: "condhelpers.bench.example.com", Version: "v1alpha1"}
	// SchemeBuilder adds WebApp and WebAppList to a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds WebApp and WebAppList to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// WebAppSpec is what the WebApp asks for.
type WebAppSpec struct {
	// Image is the image of the Deployment's one container; its tag is
	// the version reported in the status.
	Image string `json:"image"`
	// Replicas is the Deployment's replicas.
	Replicas int32 `json:"replicas,omitempty"`
	// Message is published in the WebApp's ConfigMap.
	Message string `json:"message,omitempty"`
}

// WebAppStatus is what the operator reports.
type WebAppStatus struct {
	// Conditions: ConfigMapReady, DeploymentReady, ServiceReady.
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// Version is the tag of the image the Deployment runs.
	Version string `json:"version,omitempty"`
}

// WebApp is the custom resource.
type WebApp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WebAppSpec   `json:"spec,omitempty"`
	Status WebAppStatus `json:"status,omitempty"`
}

// WebAppList is a list of WebApps.
type WebAppList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []WebApp `json:"items"`
}

func init() {
	SchemeBuilder.Register(&WebApp{}, &WebAppList{})
}

// DeepCopyInto copies in into out.
func (in *WebAppStatus) DeepCopyInto(out *WebAppStatus) {
	*out = *in
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopy is a deep copy of in.
func (in *WebAppStatus) DeepCopy() *WebAppStatus {
	if in == nil {
		return nil
	}
	out := new(WebAppStatus)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *WebApp) DeepCopyInto(out *WebApp) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec = in.Spec
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopy is a deep copy of in.
func (in *WebApp) DeepCopy() *WebApp {
	if in == nil {
		return nil
	}
	out := new(WebApp)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject is a deep copy of in.
func (in *WebApp) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies in into out.
func (in *WebAppList) DeepCopyInto(out *WebAppList) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]WebApp, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
}

// DeepCopy is a deep copy of in.
func (in *WebAppList) DeepCopy() *WebAppList {
	if in == nil {
		return nil
	}
	out := new(WebAppList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject is a deep copy of in.
func (in *WebAppList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
