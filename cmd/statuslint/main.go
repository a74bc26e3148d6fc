// Command statuslint checks controller-runtime controllers for writes that
// fight the API server.
//
// It runs standalone (statuslint ./..., with -fix, -diff and -json), as a
// vet tool (go vet -vettool=$(which statuslint) ./...) and as a fix tool
// (go fix -fixtool=$(which statuslint) ./...).
//
// Both ways, a dependency that can neither produce nor pass on a fact
// costs next to nothing. As a vet tool it answers for such a package at
// once, without parsing or type-checking it (see internal/vetskip);
// standalone, it reads such a package's types from the compiler's export
// data instead of type-checking it from source (see internal/driver),
// and keeps the facts of the dependencies it does analyse in a cache
// (STATUSLINT_CACHE=off|DIR; by default statuslint/facts in the user
// cache directory), so that the next run reads those from export data
// too. STATUSLINT_NOSKIP=1 turns all of it off.
package main

import (
	"fmt"
	"os"
	"runtime"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/driver"
	"github.com/statuslint/statuslint/internal/version"
	"github.com/statuslint/statuslint/internal/vetskip"
)

// salt is set at link time by bench/run.sh (-ldflags=-X main.salt=...) so
// that each build is a different vet tool to go vet, whose cached results
// are then not reused. It changes nothing else.
var salt string

func main() {
	runtime.KeepAlive(salt)
	args := os.Args[1:]
	switch {
	case len(args) == 1 && args[0] == "-V=full":
		// go vet's question, before it runs a vet tool (its cache key).
		if err := version.PrintVetID(os.Stdout, "statuslint"); err != nil {
			fmt.Fprintf(os.Stderr, "statuslint: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	case len(args) == 1 && (args[0] == "-version" || args[0] == "--version" || args[0] == "version"):
		version.Print(os.Stdout, "statuslint")
		os.Exit(0)
	}
	if err := driver.UnknownPass(analyzer.Analyzers, args); err != nil {
		fmt.Fprintf(os.Stderr, "statuslint: %v\n", err)
		os.Exit(2)
	}
	// As a vet tool, answer at once for a dependency that cannot produce or
	// pass on a fact (see internal/vetskip), before any parsing.
	if vetskip.Skip(os.Args[1:]) {
		os.Exit(0)
	}
	// A bad flag is one line, whichever driver would read it, and the
	// settings are checked before any package is (flags.go). Under go vet
	// that is once per package analysed; a dependency answered above does
	// not depend on them.
	if err := checkFlags(os.Args[1:], driver.Handles(os.Args[1:])); err != nil {
		fmt.Fprintf(os.Stderr, "statuslint: %v\n", err)
		os.Exit(exitBadFlag)
	}
	// Every finding names its pass, in go vet's report and in the
	// driver's.
	driver.NameFindings(analyzer.Analyzers)
	// Standalone runs and the usage text are the driver's; the vet and fix
	// tool protocols and "help ANALYZER" stay multichecker's.
	if driver.Handles(os.Args[1:]) {
		driver.Main("statuslint", analyzer.Analyzers, os.Args[1:])
	}
	multichecker.Main(analyzer.Analyzers...)
}
