// Package benches runs the conflict harness's benches other than the
// example operator's (the watches, conditions and objectupdate benches, at
// their quick sizes) and the harness's own unit tests from the root
// module's test command.
package benches

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/benchtest"
)

func TestBenches(t *testing.T) {
	benchtest.Run(t, func(p string) bool { return p != benchtest.RootPackage && p != benchtest.ExternalPackage })
}
