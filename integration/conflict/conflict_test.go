// Package conflict runs the conflict harness of bench/conflict, a nested
// module, from the root module's test command: the example operator as
// shipped and fixed, and the watches, conditions and objectupdate
// benches, at their quick sizes. The real-operator runner's test is in
// integration/conflict/external, a package of its own so that each stays
// within go test's default timeout.
package conflict

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/benchtest"
)

func TestConflictHarness(t *testing.T) {
	benchtest.Run(t, func(p string) bool { return p != benchtest.ExternalPackage })
}
