// Package integration runs the built statuslint binary through the real
// tools users run it with (go vet, go fix, golangci-lint, gopls) on nested
// modules that use the real controller-runtime.
package integration

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// statuslintBinary builds cmd/statuslint once per test run and returns its path.
func statuslintBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := testmodule.SharedDir("statuslint-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "statuslint")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/statuslint")
		cmd.Dir = testmodule.RepoRoot(t)
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("building statuslint: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

// result is what a command printed and how it exited.
type result struct {
	Stdout, Stderr string
	ExitCode       int
}

// run runs name with args in dir and returns its output; it fails the test
// only when the command cannot be started.
func run(t testing.TB, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{Stdout: stdout.String(), Stderr: stderr.String()}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		res.ExitCode = ee.ExitCode()
	}
	return res
}

// TestMain removes the binaries the tests built once and shared.
func TestMain(m *testing.M) { testmodule.Main(m) }
