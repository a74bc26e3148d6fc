// Command noop is the floor statuslint is measured against: a vet tool
// built from the same x/tools as statuslint, whose only analyzer does
// nothing. Run through go vet it still pays go vet's per-package work:
// parsing and type-checking every package, dependencies included.
package main

import (
	"runtime"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// salt is set at link time (-ldflags=-X main.salt=...) so that each build
// is a different vet tool to go vet and its cached results are not reused.
var salt string

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing; the floor for timing vet tools",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	runtime.KeepAlive(salt)
	multichecker.Main(noop)
}
