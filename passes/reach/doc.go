// Package reach defines the Analyzer that finds a package's
// controller-runtime status writes and the reconcile paths that reach
// them. It reports nothing itself: statusupdate, fieldmanager, conditions,
// statuswrites and objectupdate require it and read its result (the
// writes, the reconcile paths, and its index of the package's SSA: where
// values are stored, who calls what), so that a package's SSA is built
// once for all of them.
//
// It is configured by its own flags, -statuslintreach.roots and
// -statuslintreach.tests (see Config). statuslint's command and
// golangci-lint plugin also read statusupdate's -statusupdate.roots and
// -statusupdate.tests into it, the settings that configured it before it
// had flags of its own.
//
// With Bazel's nogo, list this package among the nogo target's deps with
// the passes, and set its flags under "statuslintreach" in the nogo
// configuration (see docs/bazel.md): the passes' package-level Analyzers
// require this package's Analyzer, so its flags reach them.
//
// # Analyzer statuslintreach
//
// statuslintreach: find status writes and the reconcile paths reaching them (reports nothing)
//
// The analysis statuslint's passes share: a package's controller-runtime
// status writes, which functions a reconcile can reach (Reconcile methods,
// reconcile.Func values and the functions -statuslintreach.roots names),
// and facts for the functions of other packages that reach a write. It
// builds SSA only for packages that import controller-runtime's client or
// reconcile package, or a package with status writers.
//
// Flags: -statuslintreach.roots (a regular expression over go/types full
// names of extra root functions) and -statuslintreach.tests (reconcilers
// in _test.go files are roots too).
package reach

import (
	_ "embed"

	"github.com/statuslint/statuslint/internal/analyzerdoc"
)

//go:embed doc.go
var docFile string

var doc = analyzerdoc.MustExtract(docFile, Name)
