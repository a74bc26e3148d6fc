// Package v1alpha1 holds the API of the claim operator: the Sandbox of
// agents.bench.statuslint.dev and the SandboxTemplate, SandboxWarmPool and
// SandboxClaim of extensions.bench.statuslint.dev, with the JSON field names
// of kubernetes-sigs/agent-sandbox.
package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var (
	// SandboxGroupVersion is the group and version of Sandbox.
	SandboxGroupVersion = schema.GroupVersion{Group: "agents.bench.statuslint.dev", Version: "v1alpha1"}
	// ExtensionsGroupVersion is the group and version of the other kinds.
	ExtensionsGroupVersion = schema.GroupVersion{Group: "extensions.bench.statuslint.dev", Version: "v1alpha1"}
)

// AddToScheme registers the kinds of both groups.
func AddToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(SandboxGroupVersion, &Sandbox{}, &SandboxList{})
	metav1.AddToGroupVersion(s, SandboxGroupVersion)
	s.AddKnownTypes(ExtensionsGroupVersion, &SandboxTemplate{}, &SandboxTemplateList{},
		&SandboxWarmPool{}, &SandboxWarmPoolList{}, &SandboxClaim{}, &SandboxClaimList{})
	metav1.AddToGroupVersion(s, ExtensionsGroupVersion)
	return nil
}

// ConditionReady is the condition type of a ready Sandbox or SandboxClaim.
const ConditionReady = "Ready"

// Specs and statuses; the kinds and their lists follow.
type (
	// PodTemplate is the template of a Sandbox's Pod.
	PodTemplate struct {
		Metadata PodMetadata    `json:"metadata,omitempty"`
		Spec     corev1.PodSpec `json:"spec"`
	}
	PodMetadata struct {
		Labels map[string]string `json:"labels,omitempty"`
	}
	SandboxSpec struct {
		PodTemplate PodTemplate `json:"podTemplate"`
	}
	SandboxStatus struct {
		Conditions []metav1.Condition `json:"conditions,omitempty"`
		PodIPs     []string           `json:"podIPs,omitempty"`
	}
	SandboxTemplateSpec struct {
		PodTemplate PodTemplate `json:"podTemplate"`
	}
	// SandboxTemplateRef names a SandboxTemplate of the same namespace.
	SandboxTemplateRef struct {
		Name string `json:"name"`
	}
	SandboxWarmPoolSpec struct {
		Replicas           int32              `json:"replicas"`
		SandboxTemplateRef SandboxTemplateRef `json:"sandboxTemplateRef"`
	}
	SandboxWarmPoolStatus struct {
		Replicas      int32 `json:"replicas,omitempty"`
		ReadyReplicas int32 `json:"readyReplicas,omitempty"`
	}
	SandboxClaimSpec struct {
		SandboxTemplateRef SandboxTemplateRef `json:"sandboxTemplateRef"`
	}
	SandboxClaimStatus struct {
		Conditions []metav1.Condition `json:"conditions,omitempty"`
		Sandbox    ClaimedSandbox     `json:"sandbox,omitempty"`
	}
	// ClaimedSandbox is the Sandbox a claim holds.
	ClaimedSandbox struct {
		Name   string   `json:"name,omitempty"`
		PodIPs []string `json:"podIPs,omitempty"`
	}
)

// The kinds: a Sandbox is one Pod with a stable identity, made from a
// SandboxTemplate; a SandboxWarmPool keeps unclaimed Sandboxes ready; a
// SandboxClaim asks for a Sandbox, adopted from a pool or made for it.
type (
	Sandbox struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
		Spec              SandboxSpec   `json:"spec"`
		Status            SandboxStatus `json:"status,omitempty"`
	}
	SandboxTemplate struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
		Spec              SandboxTemplateSpec `json:"spec"`
	}
	SandboxWarmPool struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
		Spec              SandboxWarmPoolSpec   `json:"spec"`
		Status            SandboxWarmPoolStatus `json:"status,omitempty"`
	}
	SandboxClaim struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
		Spec              SandboxClaimSpec   `json:"spec"`
		Status            SandboxClaimStatus `json:"status,omitempty"`
	}
)

// The lists of the kinds.
type (
	SandboxList struct {
		metav1.TypeMeta `json:",inline"`
		metav1.ListMeta `json:"metadata,omitempty"`
		Items           []Sandbox `json:"items"`
	}
	SandboxTemplateList struct {
		metav1.TypeMeta `json:",inline"`
		metav1.ListMeta `json:"metadata,omitempty"`
		Items           []SandboxTemplate `json:"items"`
	}
	SandboxWarmPoolList struct {
		metav1.TypeMeta `json:",inline"`
		metav1.ListMeta `json:"metadata,omitempty"`
		Items           []SandboxWarmPool `json:"items"`
	}
	SandboxClaimList struct {
		metav1.TypeMeta `json:",inline"`
		metav1.ListMeta `json:"metadata,omitempty"`
		Items           []SandboxClaim `json:"items"`
	}
)
