// Package external runs the conflict harness's real-operator runner
// (bench/conflict/external) from the root module's test command, on the
// project's own agent-sandbox-shaped operator (bench/conflict/claimop):
// as shipped and after statuslint -fix, and as two processes under leader
// election with the leader killed mid-burst.
package external

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/benchtest"
)

func TestRealOperatorRunner(t *testing.T) {
	benchtest.Run(t, func(p string) bool { return p == benchtest.ExternalPackage })
}
