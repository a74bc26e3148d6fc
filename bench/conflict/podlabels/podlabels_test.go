package podlabels_test

import (
	"testing"

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
	results := harness.TestCopies(t, 3, podlabels.Spec, podlabels.Measure(podlabels.Quick))
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
