// Package helpers holds another package's metadata helpers, as operators
// keep in a shared controllers package: the objectupdate pass exports a
// fact for each, saying what it does to its parameters.
package helpers

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const HashLabel = "example.com/hash"

// CalculateHash only reads what it is handed.
func CalculateHash(obj any) string { // want CalculateHash:"changes param 0: only reads it"
	return fmt.Sprintf("%v", obj)
}

// GetCurrentHash only reads the labels.
func GetCurrentHash(obj client.Object) string { // want GetCurrentHash:"changes param 0: only reads it"
	return obj.GetLabels()[HashLabel]
}

// SetHashLabel sets a label on the object it is handed.
func SetHashLabel(hash string, obj client.Object) { // want SetHashLabel:"changes param 1: changes its labels"
	labels := obj.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels[HashLabel] = hash
	obj.SetLabels(labels)
}

// MergeLabels writes into the map it is handed.
func MergeLabels(dst, src map[string]string) { // want MergeLabels:"changes param 0: writes the map; param 1: reads the map"
	for k, v := range src {
		dst[k] = v
	}
}

// RotateData changes the Secret's data: not metadata.
func RotateData(s *corev1.Secret) { // want RotateData:`changes param 0: Data is changed \(in RotateData\)`
	s.Data = map[string][]byte{"password": []byte("new")}
}

// HasScript reads the data of a Secret handed by value.
func HasScript(s corev1.Secret) bool { // want HasScript:"changes param 0: only reads it"
	_, ok := s.Data["script.sh"]
	return ok
}
