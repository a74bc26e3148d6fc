// Package integration runs the built statuslint binary through the real
// go vet and go fix on copies of the bundled example operator, which uses
// the real controller-runtime, and checks the command as users meet it.
// The tests that build another tool to run statuslint in are packages of
// their own, so that each stays well within go test's default timeout:
// integration/golangci (golangci-lint), integration/gopls (gopls),
// integration/nogo (a nogo-shaped vet tool) and integration/frontends (the
// differential test of the front ends), with integration/conflict (the
// conflict harness). What they share is in integration/internal.
package integration

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/frontend"
	"github.com/statuslint/statuslint/internal/testmodule"
)

// result is what a command printed and how it exited.
type result = frontend.Result

// statuslintBinary builds cmd/statuslint once per test run and returns its path.
func statuslintBinary(t testing.TB) string {
	t.Helper()
	return frontend.Statuslint(t)
}

// run runs name with args in dir and returns its output; it fails the test
// only when the command cannot be started.
func run(t testing.TB, dir string, env []string, name string, args ...string) result {
	t.Helper()
	return frontend.Run(t, dir, env, name, args...)
}

// TestMain removes the binaries the tests built once and shared.
func TestMain(m *testing.M) { testmodule.Main(m) }

// The findings the front ends print, read as integration/internal/frontend
// reads them for every integration package.
var (
	diagLine        = frontend.DiagLine
	diagnostics     = frontend.Diagnostics
	cutPassName     = frontend.CutPassName
	firstDifference = frontend.FirstDifference
)

func goVet(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	return frontend.GoVet(t, dir, args...)
}
