// Package analyzer is statuslint's suite: the one place that builds the
// passes, wires them to their shared analyses and binds their flags.
//
// The command (cmd/statuslint), the golangci-lint plugin (plugin) and the
// gopls build all take their analyzers from here, so a finding is the same
// whichever way statuslint runs.
package analyzer

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/passes/conditions"
	"github.com/statuslint/statuslint/passes/fieldmanager"
	"github.com/statuslint/statuslint/passes/objectupdate"
	"github.com/statuslint/statuslint/passes/reach"
	"github.com/statuslint/statuslint/passes/statusupdate"
	"github.com/statuslint/statuslint/passes/statuswrites"
	"github.com/statuslint/statuslint/passes/watches"
)

// Config is statuslint's whole configuration. Command-line flags bind to
// its fields; the golangci-lint plugin decodes its settings into it.
type Config struct {
	// Disable names passes to leave out. The command line has the
	// driver's own -NAME=false flags instead.
	Disable []string `json:"disable"`

	// Reach configures the reachability analysis the passes share
	// (passes/reach); statusupdate's roots and tests add to it.
	Reach reach.Config `json:"reach"`

	StatusUpdate statusupdate.Config `json:"statusupdate"`
	FieldManager fieldmanager.Config `json:"fieldmanager"`
	Conditions   conditions.Config   `json:"conditions"`
	StatusWrites statuswrites.Config `json:"statuswrites"`
	ObjectUpdate objectupdate.Config `json:"objectupdate"`
	Watches      watches.Config      `json:"watches"`
}

// Names lists the passes in the order New returns them (the directive
// check, which is not a pass and cannot be disabled in the settings,
// comes after them).
var Names = []string{statusupdate.Name, fieldmanager.Name, conditions.Name, statuswrites.Name, objectupdate.Name, watches.Name}

// Validate reports the first problem in cfg, naming the setting as the
// golangci-lint settings do (fieldmanager.name). Each section with
// settings to check has a Validate method of its own (fieldmanager.Config's,
// ...), which this calls; the flags run the same checks when they are set
// (internal/flagvalue), so every driver rejects the same values.
func (cfg *Config) Validate() error {
	for _, d := range cfg.Disable {
		if !slices.Contains(Names, d) {
			return fmt.Errorf("disable: unknown pass %q (valid: %s)", d, strings.Join(Names, ", "))
		}
	}
	v := reflect.ValueOf(cfg).Elem()
	for i := range v.NumField() {
		section, ok := v.Field(i).Addr().Interface().(interface{ Validate() error })
		if !ok {
			continue
		}
		if err := section.Validate(); err != nil {
			key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			return fmt.Errorf("%s.%w", key, err)
		}
	}
	return nil
}

// New returns the enabled passes, configured by cfg, followed by the
// directive check (ignore.Analyzer, named "directives") and, when a pass
// needs it, the reachability analysis (passes/reach, "statuslintreach"),
// which reports nothing. The analyzers read cfg
// when they run, so flags parsed after New still take effect.
func New(cfg *Config) ([]*analysis.Analyzer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	// One reachability analysis serves every pass that needs it, so the
	// SSA of a package is built at most once per run. statusupdate's roots
	// and tests configured it before it had settings of its own; they
	// still do.
	r := reach.New(&cfg.Reach, reach.Alias{Roots: &cfg.StatusUpdate.Roots, Tests: &cfg.StatusUpdate.Tests})
	all := []*analysis.Analyzer{
		statusupdate.New(&cfg.StatusUpdate, r),
		fieldmanager.New(&cfg.FieldManager, r),
		conditions.New(&cfg.Conditions, r),
		statuswrites.New(&cfg.StatusWrites, r),
		objectupdate.New(&cfg.ObjectUpdate, r),
		watches.New(&cfg.Watches, r),
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		if !slices.Contains(cfg.Disable, a.Name) {
			out = append(out, a)
		}
	}
	// The directive check runs whichever passes are enabled: a directive
	// naming an unknown pass or none, or without a reason, is reported by
	// it alone, so turning a pass off does not hide it. The passes require
	// it too, and read the directives it parsed.
	out = append(out, ignore.Analyzer)
	// The reachability analysis is listed (when an enabled pass needs it)
	// so that drivers bind its flags, -statuslintreach.roots and .tests:
	// they bind only the flags of the analyzers they are given.
	for _, a := range out {
		if slices.Contains(a.Requires, r) {
			return append(out, r), nil
		}
	}
	return out, nil
}

// Default is the configuration the command's flags write into.
var Default = &Config{}

// Analyzers are the passes bound to Default.
var Analyzers = mustNew(Default)

func mustNew(cfg *Config) []*analysis.Analyzer {
	as, err := New(cfg)
	if err != nil {
		panic(err) // Default is valid by construction
	}
	return as
}
