// Package conflict runs the conflict harness of bench/conflict, a nested
// module, from the root module's test command: it builds the real
// kube-apiserver and etcd the first time (bench/conflict/build-servers.sh
// reuses them after that) and runs the harness's own test, which measures
// the example operator as shipped and fixed. It is a package of its own so
// that its time is not taken from the other integration tests.
package conflict

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

func TestConflictHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a kube-apiserver and etcd; not in -short")
	}
	root := testmodule.RepoRoot(t)
	bench := filepath.Join(root, "bench", "conflict")

	build := exec.Command("bash", filepath.Join(bench, "build-servers.sh"))
	build.Dir = root
	var stderr bytes.Buffer
	build.Stderr = &stderr
	out, err := build.Output()
	if err != nil {
		t.Fatalf("building kube-apiserver and etcd: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	assets := lines[len(lines)-1]
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Logf("build-servers.sh:\n%s", s)
	}

	cmd := exec.Command("go", "test", "-count=1", "-v", "-timeout", "60m", "./...")
	cmd.Dir = bench
	cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
	res, err := cmd.CombinedOutput()
	t.Logf("go test in bench/conflict:\n%s", res)
	if err != nil {
		t.Fatalf("go test in bench/conflict: %v", err)
	}
}
