// Command statuslint checks controller-runtime controllers for writes that
// fight the API server.
//
// It runs standalone (statuslint ./..., with -fix, -diff and -json), as a
// vet tool (go vet -vettool=$(which statuslint) ./...) and as a fix tool
// (go fix -fixtool=$(which statuslint) ./...).
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/statuslint/statuslint/analyzer"
)

func main() { multichecker.Main(analyzer.Analyzers...) }
