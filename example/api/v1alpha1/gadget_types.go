package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GadgetSpec defines the desired state of Gadget.
type GadgetSpec struct {
	// Color is published in the Gadget's ConfigMap.
	// +kubebuilder:validation:Enum=red;green;blue
	// +optional
	Color string `json:"color,omitempty"`
}

// GadgetStatus defines the observed state of Gadget.
type GadgetStatus struct {
	// Conditions represent the latest observations of the Gadget's state.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// ObservedGeneration is the generation the status was computed for.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gadget is the Schema for the gadgets API.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GadgetList contains a list of Gadget.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Gadget{}, &GadgetList{})
}
