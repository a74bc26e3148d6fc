package golangci

import (
	"strings"
	"testing"

	"github.com/statuslint/statuslint/integration/internal/differential"
)

// TestFrontendsGolangciLint is golangci-lint's part of the differential
// test of the front ends (integration/internal/differential): golangci-lint
// with statuslint built in, with its default of analysing the tests and
// with --tests=false, reports what statuslint -test=false reports in the
// non-test files of every module (without the related information, which
// golangci-lint folds into the message), and its --fix leaves the files
// statuslint -test=false -fix leaves.
func TestFrontendsGolangciLint(t *testing.T) {
	gcl := golangciBinary(t)
	find := func(args ...string) func(t *testing.T, dir string) []string {
		return func(t *testing.T, dir string) []string {
			t.Helper()
			var findings []string
			for _, f := range golangciRun(t, gcl, dir, args...) {
				// The other front ends name no pass; a message
				// says which pass it is.
				findings = append(findings, strings.Replace(f, ": "+golangciPass(f)+": ", ": ", 1))
			}
			return findings
		}
	}
	fix := func(args ...string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) { golangciRun(t, gcl, dir, append(args, "--fix")...) }
	}
	differential.Test(t,
		[]differential.Finder{
			{Frontend: "golangci-lint", Find: find()},
			{Frontend: "golangci-lint --tests=false", Find: find("--tests=false")},
		},
		[]differential.Fixer{
			{Frontend: "golangci-lint --fix", Fix: fix(), InPackage: true},
			{Frontend: "golangci-lint --fix --tests=false", Fix: fix("--tests=false"), InPackage: true},
		})
}
