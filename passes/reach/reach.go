package reach

import (
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	internal "github.com/statuslint/statuslint/internal/reconcilepath"
)

// Name is the analyzer's name, the prefix of its flags.
const Name = "statuslintreach"

// Pattern is a regular expression over go/types full names of functions,
// such as (*example.com/op/framework.Loop).Run; a flag.Value.
type Pattern = internal.Pattern

// Result is what the analyzer hands to the passes that require it: the
// package's status writes and which functions a reconcile reaches.
type Result = internal.Result

// Config is the analyzer's configuration.
type Config struct {
	// Roots matches the go/types full names of extra functions to treat as
	// Reconcile methods, for frameworks that wrap reconcilers.
	Roots Pattern `json:"roots"`
	// Tests makes reconcilers declared in _test.go files roots too.
	Tests bool `json:"tests"`
}

// Validate reports a setting of cfg that is not valid. None can be: Roots
// is a Pattern, which only a valid regular expression sets (its Set and
// UnmarshalText reject the others when the flag or setting is read). It is
// here so that analyzer.Config.Validate checks every section alike.
func (cfg *Config) Validate() error { return nil }

// Alias is another pass's settings that configure reachability as well:
// its roots add to the analyzer's and its tests setting turns tests on.
// It keeps the settings users set before the analyzer had its own.
type Alias struct {
	Roots *Pattern
	Tests *bool
}

// Analyzer is the analyzer with its default configuration, bound to its
// flags; the passes' package-level Analyzers require it.
var Analyzer = newAnalyzer(&Config{}, func() []Alias { return defaultAliases })

// defaultAliases are the settings of the package-level passes that
// configure Analyzer too (AliasDefault).
var defaultAliases []Alias

// AliasDefault makes al configure Analyzer as well: statusupdate's
// package-level Analyzer keeps its roots and tests flags working this way.
// Call it from a package initializer, before any analysis runs.
func AliasDefault(al Alias) { defaultAliases = append(defaultAliases, al) }

// New returns the analyzer configured by cfg and aliases, which it reads
// once, when it first runs (after the flags are parsed).
func New(cfg *Config, aliases ...Alias) *analysis.Analyzer {
	return newAnalyzer(cfg, func() []Alias { return aliases })
}

func newAnalyzer(cfg *Config, aliases func() []Alias) *analysis.Analyzer {
	var (
		once  sync.Once
		roots Pattern
		tests bool
	)
	a := internal.New(&roots, &tests)
	run := a.Run
	a.Name = Name
	a.Doc = doc
	a.URL = "https://github.com/statuslint/statuslint/blob/main/docs/bazel.md"
	a.Run = func(pass *analysis.Pass) (any, error) {
		once.Do(func() { roots, tests = effective(cfg, aliases()) })
		return run(pass)
	}
	a.Flags.Var(&cfg.Roots, "roots", "regexp over full names of extra functions to treat as Reconcile roots, e.g. (*example.com/op/framework.Loop).Run")
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also treat reconcilers declared in _test.go files as roots")
	if a.ResultType != reflect.TypeOf((*Result)(nil)) {
		panic("reach: result type changed") // the alias above must name it
	}
	return a
}

// effective merges cfg with its aliases: the roots any of them names, and
// tests when any of them sets it.
func effective(cfg *Config, aliases []Alias) (Pattern, bool) {
	var exprs []string
	tests := cfg.Tests
	if s := cfg.Roots.String(); s != "" {
		exprs = append(exprs, s)
	}
	for _, al := range aliases {
		if s := al.Roots.String(); s != "" {
			exprs = append(exprs, s)
		}
		tests = tests || al.Tests != nil && *al.Tests
	}
	var p Pattern
	switch len(exprs) {
	case 0:
	case 1:
		_ = p.Set(exprs[0]) // already compiled once
	default:
		// Each was compiled on its own; the alternation of valid
		// expressions is valid.
		_ = p.Set("(?:" + strings.Join(exprs, ")|(?:") + ")")
	}
	return p, tests
}
