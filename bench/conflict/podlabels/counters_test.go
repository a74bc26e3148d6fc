package podlabels

import "testing"

func TestPodPath(t *testing.T) {
	for _, tc := range []struct {
		path, sub string
		ok        bool
	}{
		{"/api/v1/namespaces/podlabels/pods", "", true},
		{"/api/v1/namespaces/podlabels/pods/pod-0001", "", true},
		{"/api/v1/namespaces/podlabels/pods/pod-0001/status", "status", true},
		{"/api/v1/namespaces/podlabels/configmaps/x", "", false},
		{"/apis/example.com/v1/namespaces/podlabels/pods/x", "", false},
		{"/api/v1/pods", "", false},
	} {
		sub, ok := podPath(tc.path)
		if sub != tc.sub || ok != tc.ok {
			t.Errorf("podPath(%q) = %q, %v; want %q, %v", tc.path, sub, ok, tc.sub, tc.ok)
		}
	}
}

func TestParsePodRequests(t *testing.T) {
	raw := []byte(`# HELP apiserver_request_total counter
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="",verb="PUT",version="v1"} 30
apiserver_request_total{code="409",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="",verb="PUT",version="v1"} 4
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="status",verb="PATCH",version="v1"} 50
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="namespace",subresource="",verb="LIST",version="v1"} 2
apiserver_request_total{code="409",component="apiserver",dry_run="",group="example.com",resource="pods",scope="resource",subresource="",verb="PUT",version="v1"} 9
apiserver_request_total{code="409",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",verb="PUT",version="v1"} 7
`)
	c, err := parsePodRequests(raw)
	if err != nil {
		t.Fatal(err)
	}
	all, conflicts := c.writes()
	if all["PUT"] != 34 || all["PATCH"] != 0 || len(all) != 1 {
		t.Errorf("writes = %v, want PUT 34 only (status and other groups and resources left out)", all)
	}
	if conflicts["PUT"] != 4 || len(conflicts) != 1 {
		t.Errorf("409s = %v, want PUT 4", conflicts)
	}
}
