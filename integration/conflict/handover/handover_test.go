// Package handover runs the conflict harness's hand-over test (the example
// operator after statuslint -fix, as two processes under leader election
// with the leader killed mid-burst) from the root module's test command.
package handover

import (
	"testing"

	"github.com/statuslint/statuslint/integration/internal/benchtest"
)

func TestHandover(t *testing.T) {
	benchtest.Run(t, func(p string) bool { return p == benchtest.RootPackage }, "-run", "^TestHandover$")
}
