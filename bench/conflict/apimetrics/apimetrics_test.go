package apimetrics

import "testing"

func TestParse(t *testing.T) {
	raw := []byte(`# HELP apiserver_request_total [STABLE] Counter of apiserver requests
# TYPE apiserver_request_total counter
apiserver_request_total{code="409",component="apiserver",dry_run="",group="demo.example.com",resource="widgets",scope="resource",subresource="status",verb="PUT",version="v1alpha1"} 7
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="",verb="PATCH",version="v1"} 3.0
apiserver_request_duration_seconds_count{verb="PUT"} 10
`)
	got, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %d samples, want 2: %v", len(got), got)
	}
	if l := got[0].Labels; got[0].Value != 7 || l["code"] != "409" || l["resource"] != "widgets" || l["subresource"] != "status" || l["verb"] != "PUT" {
		t.Errorf("first sample: %+v", got[0])
	}
	if l := got[1].Labels; got[1].Value != 3 || l["group"] != "" || l["resource"] != "pods" || l["verb"] != "PATCH" {
		t.Errorf("second sample: %+v", got[1])
	}
	if _, err := Parse([]byte(`apiserver_request_total{code="200" 1`)); err == nil {
		t.Error("a sample without its closing brace parsed")
	}
}
