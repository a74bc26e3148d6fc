// Package vetskip lets statuslint, run as a go vet tool, answer for a
// dependency that cannot matter without parsing or type-checking it.
//
// go vet runs its tool on every package the user's packages import, down to
// the standard library, only to collect facts: the tool is called with a
// single JSON config (*.cfg) whose VetxOnly field is set, and writes the
// package's facts to VetxOutput. x/tools' unitchecker parses and
// type-checks every such package from source before any analyzer runs, and
// for a Kubernetes operator that is a thousand packages of client-go,
// k8s.io/api and the standard library, most of which cannot produce a
// statuslint fact.
//
// A package's vetx file (x/tools internal/facts) holds the gob-encoded facts
// the package exports plus the facts about methods, fields and types of its
// dependencies that it re-exports from its direct imports; a package with
// no facts writes an empty file, and an empty file decodes as an empty fact
// set. statuslint's facts (reconcilepath.WritesStatus and the package fact
// hasWriters) are exported only by packages for which reach's mayMatter
// holds: they import controller-runtime's client or reconcile package, or a
// direct import carries hasWriters. So a package
//
//   - none of whose imports is one of [Triggers], and
//   - all of whose direct imports wrote an empty vetx file,
//
// decodes an empty fact set, cannot export a fact and has none to pass
// through: its vetx file is empty whatever its source says. For such a
// package, when go vet wants only its facts (VetxOnly, no fix archive),
// [Skip] writes the empty vetx file and the empty stdout file unitchecker
// would have written, and statuslint exits 0 without reading the sources.
//
// The user's own packages (not VetxOnly) are never skipped: their
// diagnostics and fixes are produced exactly as before. Setting the
// environment variable STATUSLINT_NOSKIP=1 turns the skip off.
//
// # On an x/tools upgrade
//
// The skip stands on behaviour of x/tools that is internal, not a promise,
// so re-check it whenever go.mod moves golang.org/x/tools:
//
//   - internal/facts' Decoder.Decode reads an empty vetx file as an empty
//     fact set ("The empty file is a valid encoding of an empty fact set";
//     the len(data) == 0 case), which is what lets a skipped package's
//     importers decode the file [Skip] writes;
//   - unitchecker writes an empty vetx file for an analysed package that
//     has no facts to export or pass on, so an analysed and a skipped
//     package write the same bytes;
//   - unitchecker's Config still has the fields [Config] reads, with the
//     same meaning (VetxOnly, VetxOutput, PackageVetx, Stdout,
//     FixArchive), and the tool writes nothing else a skipped package
//     would be missing.
//
// TestGoVetStubModule and TestGoVetExample pin all three: they run the
// real go vet with and without the skip and compare every package's facts
// byte for byte and the findings; TestSkip pins the files written. Keep
// them; if one fails after an upgrade, turn the skip off rather than
// loosen the test.
package vetskip

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Triggers are the package paths whose importers may produce statuslint
// facts: reconcilepath.ImportsThatMatter, the list reach's own test reads, plus
// apimachinery's meta package as a margin for the conditions pass, which
// exports no facts today. A pass that exports facts from other packages
// must extend reconcilepath.ImportsThatMatter (TestFactTypesAreKnown fails until
// the rule is reviewed). The standalone driver (internal/driver) skips by
// reconcilepath.Matters alone: its rule is static, closed over the import graph,
// and there the margin would take the example from 20 to 303 packages
// type-checked from source. crmodel.OptionsPaths are there for
// fieldmanager's ManagerOptions facts, which a config package that
// imports only the root package exports; the driver allows for them too.
var Triggers = append(append([]string{crmodel.MetaPath}, reconcilepath.ImportsThatMatter...), crmodel.OptionsPaths...)

// EnvDisable names the environment variable that, set to a non-empty value
// other than 0, turns the skip off; the standalone driver's too.
const EnvDisable = "STATUSLINT_NOSKIP"

// Config is the part of go vet's per-package config (unitchecker.Config)
// that the decision needs.
type Config struct {
	ID          string
	ImportPath  string
	GoFiles     []string
	ImportMap   map[string]string // import path in source → package path
	PackageVetx map[string]string // package path → vetx file of a direct import
	VetxOnly    bool
	VetxOutput  string
	Stdout      string
	FixArchive  string
}

// Disabled reports whether the environment turns the skip off.
func Disabled() bool {
	v := os.Getenv(EnvDisable)
	return v != "" && v != "0"
}

// CfgArg returns the config file of a vet-tool invocation: the last
// argument, when it names a *.cfg file and every argument before it is a
// flag. It returns "" for every other command line (standalone runs, -flags,
// -V=full, help).
func CfgArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	last := args[len(args)-1]
	if !strings.HasSuffix(last, ".cfg") || strings.HasPrefix(last, "-") {
		return ""
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return ""
		}
	}
	return last
}

// ReadConfig reads a vet config file.
func ReadConfig(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	cfg := new(Config)
	if err := json.Unmarshal(data, cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}

// Reason says why a package must be analyzed; "" means it may be skipped.
func Reason(cfg *Config) string {
	switch {
	case !cfg.VetxOnly:
		return "diagnostics wanted (not VetxOnly)"
	case cfg.VetxOutput == "":
		return "no facts output"
	case cfg.FixArchive != "":
		return "fixes wanted"
	case len(cfg.GoFiles) == 0:
		return "no Go files (unitchecker reports that)"
	}
	if isTrigger(cfg.ImportPath) {
		return "is " + cfg.ImportPath
	}
	for imp, path := range cfg.ImportMap {
		if isTrigger(imp) || isTrigger(path) {
			return "imports " + path
		}
	}
	for path, vetx := range cfg.PackageVetx {
		fi, err := os.Stat(vetx)
		if err != nil {
			// unitchecker would fail to read it: let it.
			return "facts of " + path + " unreadable"
		}
		if fi.Size() != 0 {
			return "facts from " + path
		}
	}
	return ""
}

// isTrigger matches a package path or import path against Triggers,
// vendored copies included.
func isTrigger(path string) bool {
	for _, t := range Triggers {
		if crmodel.IsPath(path, t) {
			return true
		}
	}
	return false
}

// Skip handles a vet-tool invocation with the given arguments (without
// the program name) when the package cannot matter: it writes the empty
// facts and stdout files and reports true, and the caller exits 0. It
// reports false, having written nothing, for every other invocation, which
// the caller then runs as usual.
func Skip(args []string) bool {
	file := CfgArg(args)
	if file == "" || Disabled() {
		return false
	}
	cfg, err := ReadConfig(file)
	if err != nil {
		return false // unitchecker reports it
	}
	if Reason(cfg) != "" {
		return false
	}
	// What unitchecker.Run writes for a VetxOnly package without facts:
	// it creates Stdout (and writes nothing to it), then writes the encoded
	// empty fact set, which is zero bytes, to VetxOutput.
	if cfg.Stdout != "" {
		f, err := os.Create(cfg.Stdout)
		if err != nil {
			return false
		}
		f.Close()
	}
	if err := os.WriteFile(cfg.VetxOutput, nil, 0o666); err != nil {
		return false
	}
	return true
}
