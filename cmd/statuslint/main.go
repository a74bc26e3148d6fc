// Command statuslint checks controller-runtime controllers for writes that
// fight the API server.
//
// It runs standalone (statuslint ./..., with -fix, -diff and -json), as a
// vet tool (go vet -vettool=$(which statuslint) ./...) and as a fix tool
// (go fix -fixtool=$(which statuslint) ./...).
//
// As a vet tool it answers for a dependency that can neither produce nor
// pass on a fact at once, without parsing or type-checking it (see
// internal/vetskip); STATUSLINT_NOSKIP=1 turns that off.
package main

import (
	"os"
	"runtime"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/vetskip"
)

// salt is set at link time by bench/run.sh (-ldflags=-X main.salt=...) so
// that each build is a different vet tool to go vet, whose cached results
// are then not reused. It changes nothing else.
var salt string

func main() {
	runtime.KeepAlive(salt)
	// As a vet tool, answer at once for a dependency that cannot produce or
	// pass on a fact (see internal/vetskip), before any parsing.
	if vetskip.Skip(os.Args[1:]) {
		os.Exit(0)
	}
	multichecker.Main(analyzer.Analyzers...)
}
