package driver

import "testing"

func TestResourceOf(t *testing.T) {
	for _, tc := range []struct {
		path, resource, sub string
	}{
		{"/api/v1/namespaces/podlabels/pods", "pods", ""},
		{"/api/v1/namespaces/podlabels/pods/pod-0001", "pods", ""},
		{"/api/v1/namespaces/podlabels/pods/pod-0001/status", "pods", "status"},
		{"/api/v1/namespaces/podlabels/configmaps/x", "configmaps", ""},
		{"/apis/demo.example.com/v1alpha1/namespaces/bench/widgets/w-00001/status", "widgets", "status"},
		{"/api/v1/pods", "pods", ""},
		{"/api/v1/namespaces/bench", "namespaces", ""},
		{"/version", "", ""},
	} {
		resource, sub := resourceOf(tc.path)
		if resource != tc.resource || sub != tc.sub {
			t.Errorf("resourceOf(%q) = %q, %q; want %q, %q", tc.path, resource, sub, tc.resource, tc.sub)
		}
	}
}
