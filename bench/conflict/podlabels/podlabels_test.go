package podlabels_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/harness"
	"github.com/statuslint/statuslint/bench/conflict/podlabels"
)

// TestPodLabels runs the Pod labeller as written (Update) and after
// statuslint -fix (a merge patch) at the quick size, each on its own
// kube-apiserver and etcd, with a kubelet-like writer updating the same
// Pods' status. It asserts that the fixed labeller gets no 409 on its label
// writes and sets every label, and that the labeller as written does get
// 409s, so the run is seen to measure something.
func TestPodLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kube-apiserver and etcd; not in -short")
	}
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		defer cancel()
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	// The servers as the harness's own test finds them: KUBEBUILDER_ASSETS,
	// else build-servers.sh (which only prints their directory once built).
	assets, err := (&harness.Harness{Root: root}).Servers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b := &podlabels.Bench{Harness: harness.Harness{Root: root, Assets: assets, Work: t.TempDir(), Log: testWriter{t}}}
	if err := b.BuildStatuslint(ctx); err != nil {
		t.Fatal(err)
	}
	var results []*podlabels.Result
	for _, v := range podlabels.Variants {
		p, err := b.Prepare(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: statuslint findings on the copy:\n%s", v.Name, strings.Join(p.Findings, "\n"))
		res, err := b.Run(ctx, p, podlabels.Quick)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	t.Logf("quick size:\n%s", podlabels.Table(results))

	written, fixed := results[0], results[1]
	if fixed.Label409() != 0 || fixed.ClientLabel409() != 0 {
		t.Errorf("%s: 409 on label writes: %d (apiserver), %d (client), want 0", fixed.Variant, fixed.Label409(), fixed.ClientLabel409())
	}
	if fixed.ClientPodWrites["PUT"] != 0 || fixed.ClientPodWrites["PATCH"] == 0 {
		t.Errorf("%s: label writes %v, want patches only", fixed.Variant, fixed.ClientPodWrites)
	}
	if fixed.Labelled != fixed.PodsTotal {
		t.Errorf("%s: %d of %d labels set at the end, want all", fixed.Variant, fixed.Labelled, fixed.PodsTotal)
	}
	if written.Label409() == 0 {
		t.Errorf("%s: no 409 on label writes; the load does not reproduce the conflict", written.Variant)
	}
}

// testWriter sends progress to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
