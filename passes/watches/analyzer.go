package watches

import "github.com/statuslint/statuslint/passes/reach"

// Analyzer is the pass with its default configuration, bound to its
// flags, as x/tools' passes export theirs: for drivers that take analyzers
// one by one, such as Bazel's nogo (see docs/bazel.md). It requires
// reach.Analyzer, whose flags configure the reconcile roots. statuslint's
// command and golangci-lint plugin build their own with New.
var Analyzer = New(&Config{}, reach.Analyzer)
