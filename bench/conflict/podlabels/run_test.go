package podlabels

import (
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/apimetrics"
	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// TestPodWrites reads the API server's Pod counts the way Run does: the
// samples of core Pods kept by the driver, their writes picked by podWrites.
func TestPodWrites(t *testing.T) {
	raw := []byte(`# HELP apiserver_request_total counter
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="",verb="PUT",version="v1"} 30
apiserver_request_total{code="409",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="",verb="PUT",version="v1"} 4
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="status",verb="PATCH",version="v1"} 50
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="pods",scope="namespace",subresource="",verb="LIST",version="v1"} 2
apiserver_request_total{code="409",component="apiserver",dry_run="",group="example.com",resource="pods",scope="resource",subresource="",verb="PUT",version="v1"} 9
apiserver_request_total{code="409",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",verb="PUT",version="v1"} 7
`)
	samples, err := apimetrics.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	all, conflicts := podWrites(driver.RequestCounts(samples, pods))
	if all["PUT"] != 34 || all["PATCH"] != 0 || len(all) != 1 {
		t.Errorf("writes = %v, want PUT 34 only (status and other groups and resources left out)", all)
	}
	if conflicts["PUT"] != 4 || len(conflicts) != 1 {
		t.Errorf("409s = %v, want PUT 4", conflicts)
	}
}
