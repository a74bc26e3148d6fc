// Package benchtest runs the tests of the conflict harness (bench/conflict,
// a nested module) from the root module's test command: it builds the real
// kube-apiserver and etcd the first time (bench/conflict/build-servers.sh
// reuses them after that) and runs go test on some of the harness's
// packages. Each root package that calls it is a package of its own, so
// that each stays within go test's default timeout on a loaded two-core
// machine (the root test command runs two packages at a time, and each of
// these starts control planes of its own).
package benchtest

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

// Run runs go test on the packages of bench/conflict that keep accepts
// (by import path), with the servers' directory as KUBEBUILDER_ASSETS and
// flags added (a -run pattern).
func Run(t *testing.T, keep func(importPath string) bool, flags ...string) {
	t.Helper()
	root := testmodule.RepoRoot(t)
	statInputs(t, root)
	if testing.Short() {
		t.Skip("builds and starts a kube-apiserver and etcd; not in -short")
	}
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

	list := exec.Command("go", "list", "./...")
	list.Dir = bench
	listed, err := list.Output()
	if err != nil {
		t.Fatalf("go list in bench/conflict: %v", err)
	}
	var packages []string
	for _, p := range strings.Fields(string(listed)) {
		if keep(p) {
			packages = append(packages, p)
		}
	}
	if len(packages) == 0 {
		t.Fatal("no package of bench/conflict to test")
	}

	args := append([]string{"test", "-count=1", "-v", "-timeout", "60m"}, flags...)
	cmd := exec.Command("go", append(args, packages...)...)
	cmd.Dir = bench
	cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
	res, err := cmd.CombinedOutput()
	t.Logf("go test in bench/conflict:\n%s", res)
	if err != nil {
		t.Fatalf("go test in bench/conflict: %v", err)
	}
}

// statInputs stats every file of the repository but those under .git.
// go test caches a test's result by the files the test process itself
// opens or stats, and the harness's work is done by the go commands Run
// starts, which build statuslint, the example and the harness from these
// files: without this, a change to the passes would leave the harness's
// last result cached, and a stale pass shown as passing.
func statInputs(t *testing.T, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case !d.IsDir():
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatalf("reading the repository's files: %v", err)
	}
}

// The import paths of the harness's root package (the example operator's
// tests) and of the real-operator runner's package.
const (
	RootPackage     = "github.com/statuslint/statuslint/bench/conflict"
	ExternalPackage = RootPackage + "/external"
)
