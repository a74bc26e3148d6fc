// Package directives defines the Analyzer that checks statuslint's
// //statuslint:ignore and //statuslint:file-ignore directives: each needs
// a reason and must name known passes. It parses a package's directives
// once for every pass, which read its result; it is listed on its own so
// that a wrong directive is reported whatever passes run.
//
// With Bazel's nogo, list this package among the nogo target's deps with
// the passes (see docs/bazel.md).
package directives

import "github.com/statuslint/statuslint/internal/ignore"

// Analyzer is the directive check; the passes require this same value.
var Analyzer = ignore.Analyzer
