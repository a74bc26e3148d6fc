// Command golangci-lint is golangci-lint v2 with statuslint built in, for
// building without network access beyond the Go module proxy.
//
// "golangci-lint custom" clones golangci-lint from its git host and builds
// it with the plugins that .custom-gcl.yml names. This module does the
// same with the ordinary go command: it requires golangci-lint at a fixed
// version and statuslint from this checkout, so
//
//	cd tools/golangci-lint && go build -o ../../bin/golangci-lint .
//
// builds bin/golangci-lint from the module cache or the Go module proxy.
// See docs/golangci-lint.md.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// Registers the statuslint linter.
	_ "github.com/statuslint/statuslint/plugin"
)

func main() {
	// An empty BuildInfo, not the version of the golangci-lint module:
	// golangci-lint salts its result cache with the version when it has
	// one, and with a hash of its own executable otherwise. Statuslint
	// changes without golangci-lint's version changing, so the cache must
	// key on the binary, or a rebuilt linter would replay stale results.
	if err := commands.Execute(commands.BuildInfo{}); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
