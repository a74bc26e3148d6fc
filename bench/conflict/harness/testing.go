package harness

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// ForTest is the harness for the test of a measurement of this module
// (podlabels, ownedstatus), run from its package's folder, depth folders
// below the repository's root. It skips the test in -short; it finds the
// servers as the harness's own test does (KUBEBUILDER_ASSETS, else
// build-servers.sh, which only prints their directory once built), builds
// statuslint and sends progress to the test log. Its context ends a minute
// before the test's deadline, so that the drivers stop their kube-apiserver
// and etcd before go test kills the process and leaves them running.
func ForTest(t *testing.T, depth int) (context.Context, *Harness) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a kube-apiserver and etcd; not in -short")
	}
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		t.Cleanup(cancel)
	}
	root, err := filepath.Abs(filepath.Join(strings.Repeat("../", depth), "."))
	if err != nil {
		t.Fatal(err)
	}
	h := &Harness{Root: root, Work: t.TempDir(), Log: testLog{t}}
	if h.Assets, err = h.Servers(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.BuildStatuslint(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx, h
}

// TestCopies runs one round of the variants of a measurement of a copied
// controller (see ForTest and MeasureCopies) and returns the results in
// the order of CopyVariants.
func TestCopies[R any](t *testing.T, depth int, spec CopySpec, measure Measure[R]) []R {
	t.Helper()
	ctx, h := ForTest(t, depth)
	_, rounds, err := MeasureCopies(ctx, h, spec, 1, measure, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rounds[0]
}

// testLog sends progress to the test log.
type testLog struct{ t *testing.T }

func (w testLog) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
