// Package conflict runs the conflict harness of bench/conflict, a nested
// module, from the root module's test command: the example operator as
// shipped, fixed by statuslint -fix and fixed by hand, at the quick size
// (TestConflicts). The harness's other tests are in packages of their own
// (handover, benches, external), so that each stays within go test's
// default timeout when the root test command runs them side by side.
package conflict

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/benchtest"
)

func TestConflictHarness(t *testing.T) {
	benchtest.Run(t, func(p string) bool { return p == benchtest.RootPackage }, "-run", "^TestConflicts$")
}
