// Package frontends runs the differential test of statuslint's front ends
// (integration/internal/differential) for the front ends the go command
// and the statuslint binary make: go vet -vettool=statuslint and
// statuslint with the test variants, and their fixes. The front ends that
// need a tool of their own built are compared in that tool's package:
// integration/golangci, integration/gopls and integration/nogo.
package frontends

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/differential"
	"github.com/statuslint/statuslint/integration/internal/frontend"
	"github.com/statuslint/statuslint/internal/testmodule"
)

// TestFrontends checks that go vet -vettool=statuslint and statuslint,
// which analyse the test variants too, report what statuslint -test=false
// reports in the non-test files of every module (the related information
// included) and that their fixes leave the files its fixes leave.
func TestFrontends(t *testing.T) {
	differential.Test(t,
		[]differential.Finder{
			{Frontend: "go vet -vettool=statuslint", Find: func(t *testing.T, dir string) []string { return frontend.GoVet(t, dir) }, Related: true},
			{Frontend: "statuslint", Find: func(t *testing.T, dir string) []string { return differential.Standalone(t, dir) }, Related: true},
		},
		[]differential.Fixer{
			{Frontend: "go vet -vettool=statuslint -fix", Fix: func(t *testing.T, dir string) {
				if r := frontend.Run(t, dir, frontend.GoEnv(), "go", "vet", "-vettool="+frontend.Statuslint(t), "-fix", "./..."); r.ExitCode != 0 {
					t.Fatalf("go vet -vettool=statuslint -fix ./...: exit %d\n%s", r.ExitCode, r.Stderr)
				}
			}, InPackage: true},
			{Frontend: "statuslint -fix", Fix: func(t *testing.T, dir string) { differential.StandaloneFix(t, dir) }},
		})
}

// TestMain removes the binaries the tests built once and shared.
func TestMain(m *testing.M) { testmodule.Main(m) }
