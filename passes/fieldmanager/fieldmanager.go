package fieldmanager

import (
	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/flagvalue"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "fieldmanager"

// Config is the pass's configuration.
type Config struct {
	// Name is the field manager the suggested fix passes when the package
	// has no owner of its own.
	Name string `json:"name"`
	// Owned lists struct fields ("pkg/path.Type.Field") or types
	// ("pkg/path.Type") whose clients are known to name a field manager.
	Owned flagvalue.List `json:"owned"`
	// Unowned lists struct fields or types whose clients are known to name
	// none, so writes through them are reported even though the client was
	// made outside the package.
	Unowned flagvalue.List `json:"unowned"`
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg.
func New(cfg *Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  doc,
		URL:  "https://pkg.go.dev/github.com/statuslint/statuslint/passes/fieldmanager",
		Run:  func(pass *analysis.Pass) (any, error) { return run(pass, cfg) },
	}
	a.Flags.StringVar(&cfg.Name, "name", "", "field manager the suggested fix uses when the package has no owner constant of its own")
	a.Flags.Var(&cfg.Owned, "owned", "comma-separated struct fields (pkg.Type.Field) or types (pkg.Type) whose clients name a field manager")
	a.Flags.Var(&cfg.Unowned, "unowned", "comma-separated struct fields (pkg.Type.Field) or types (pkg.Type) whose clients name no field manager")
	a.Flags.BoolVar(&cfg.Tests, "tests", false, "also check _test.go files")
	return a
}

func run(pass *analysis.Pass, cfg *Config) (any, error) {
	return nil, nil
}
