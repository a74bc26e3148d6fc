package conditions

import (
	"golang.org/x/tools/go/analysis"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "conditions"

// Config is the pass's configuration.
type Config struct {
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reach.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      doc,
		URL:      "https://pkg.go.dev/github.com/statuslint/statuslint/passes/conditions",
		Requires: []*analysis.Analyzer{r},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
	}
	a.Flags.BoolVar(&cfg.Tests, "tests", false, "also check _test.go files")
	return a
}

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	return nil, nil
}
