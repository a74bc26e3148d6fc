package vetskip_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/vetskip"
)

func TestCfgArg(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"./..."}, ""},
		{[]string{"-V=full"}, ""},
		{[]string{"-flags"}, ""},
		{[]string{"help"}, ""},
		{[]string{"/w/b001/vet.cfg"}, "/w/b001/vet.cfg"},
		{[]string{"-fieldmanager.name=op", "-json", "/w/b001/vet.cfg"}, "/w/b001/vet.cfg"},
		{[]string{"pkg", "/w/b001/vet.cfg"}, ""},
		{[]string{"-x.cfg"}, ""},
	} {
		if got := vetskip.CfgArg(c.args); got != c.want {
			t.Errorf("CfgArg(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}

// fixture writes empty and non-empty vetx files and returns their names.
func fixture(t *testing.T) (dir, empty, full string) {
	dir = t.TempDir()
	empty = filepath.Join(dir, "empty.vetx")
	full = filepath.Join(dir, "full.vetx")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte("gob"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, empty, full
}

func TestReason(t *testing.T) {
	dir, empty, full := fixture(t)
	base := func() *vetskip.Config {
		return &vetskip.Config{
			ImportPath:  "example.com/util",
			GoFiles:     []string{"util.go"},
			ImportMap:   map[string]string{"fmt": "fmt", "example.com/low": "example.com/low"},
			PackageVetx: map[string]string{"fmt": empty, "example.com/low": empty},
			VetxOnly:    true,
			VetxOutput:  filepath.Join(dir, "out.vetx"),
		}
	}
	if r := vetskip.Reason(base()); r != "" {
		t.Errorf("a dependency importing nothing that matters: %q, want skip", r)
	}
	for name, change := range map[string]func(*vetskip.Config){
		"own package": func(c *vetskip.Config) { c.VetxOnly = false },
		"fix archive": func(c *vetskip.Config) { c.FixArchive = filepath.Join(dir, "fix.zip") },
		"no output":   func(c *vetskip.Config) { c.VetxOutput = "" },
		"no files":    func(c *vetskip.Config) { c.GoFiles = nil },
		"imports client": func(c *vetskip.Config) {
			c.ImportMap["sigs.k8s.io/controller-runtime/pkg/client"] = "sigs.k8s.io/controller-runtime/pkg/client"
		},
		"imports reconcile": func(c *vetskip.Config) {
			c.ImportMap["sigs.k8s.io/controller-runtime/pkg/reconcile"] = "sigs.k8s.io/controller-runtime/pkg/reconcile"
		},
		"imports meta": func(c *vetskip.Config) {
			c.ImportMap["k8s.io/apimachinery/pkg/api/meta"] = "k8s.io/apimachinery/pkg/api/meta"
		},
		"vendored client": func(c *vetskip.Config) {
			c.ImportMap["sigs.k8s.io/controller-runtime/pkg/client"] = "example.com/vendor/sigs.k8s.io/controller-runtime/pkg/client"
		},
		"is client":         func(c *vetskip.Config) { c.ImportPath = "sigs.k8s.io/controller-runtime/pkg/client" },
		"facts from import": func(c *vetskip.Config) { c.PackageVetx["example.com/low"] = full },
		"unreadable facts":  func(c *vetskip.Config) { c.PackageVetx["example.com/low"] = filepath.Join(dir, "missing.vetx") },
	} {
		c := base()
		change(c)
		if r := vetskip.Reason(c); r == "" {
			t.Errorf("%s: skipped, want analyzed", name)
		}
	}
}

// TestSkip checks what Skip writes: what unitchecker writes for a
// dependency without facts, an empty facts file and an empty stdout file.
func TestSkip(t *testing.T) {
	dir, empty, full := fixture(t)
	write := func(c *vetskip.Config) string {
		data, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, "vet.cfg")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	out := filepath.Join(dir, "vet.out")
	stdout := filepath.Join(dir, "vet.stdout")
	c := &vetskip.Config{
		ImportPath:  "example.com/util",
		GoFiles:     []string{"util.go"},
		ImportMap:   map[string]string{"fmt": "fmt"},
		PackageVetx: map[string]string{"fmt": empty},
		VetxOnly:    true,
		VetxOutput:  out,
		Stdout:      stdout,
	}
	cfg := write(c)

	t.Setenv(vetskip.EnvDisable, "1")
	if vetskip.Skip([]string{cfg}) {
		t.Fatalf("skipped with %s=1", vetskip.EnvDisable)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("wrote facts though disabled")
	}

	t.Setenv(vetskip.EnvDisable, "")
	if !vetskip.Skip([]string{"-json", cfg}) {
		t.Fatal("not skipped")
	}
	for _, f := range []string{out, stdout} {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() != 0 {
			t.Errorf("%s: %d bytes, want an empty file", filepath.Base(f), fi.Size())
		}
	}

	c.PackageVetx["fmt"] = full
	os.Remove(out)
	if vetskip.Skip([]string{write(c)}) {
		t.Fatal("skipped a package whose import has facts")
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("wrote facts for a package it did not skip")
	}
	if vetskip.Skip([]string{"./..."}) || vetskip.Skip([]string{filepath.Join(dir, "missing.cfg")}) {
		t.Fatal("skipped a command line that is no vet invocation")
	}
}

// TestFactTypesAreKnown guards the skip's premise: the only facts are the
// reach analyzer's, which only packages importing controller-runtime's
// client or reconcile package (or a package with such facts) export. A pass
// that adds a fact type must review Triggers, then this list.
func TestFactTypesAreKnown(t *testing.T) {
	known := map[string]bool{
		"github.com/statuslint/statuslint/internal/reconcilepath.WritesStatus": true,
		"github.com/statuslint/statuslint/internal/reconcilepath.hasWriters":   true,
		// Exported beside WritesStatus, in the same run: only where a
		// method of the returned type reaches a status Update.
		"github.com/statuslint/statuslint/internal/reconcilepath.Constructs": true,
		// Exported only by packages that import the client or reconcile
		// package directly (fieldmanager's mayExport uses reach.Matters).
		"github.com/statuslint/statuslint/passes/fieldmanager.ParamWrites": true,
		// The same rule (handedOn.export runs only when mayExport).
		"github.com/statuslint/statuslint/passes/fieldmanager.FieldWrites": true,
		// Exported only by packages that import the client, reconcile,
		// manager or root package directly (mayExportOptions); the last
		// two are in Triggers as crmodel.OptionsPaths.
		"github.com/statuslint/statuslint/passes/fieldmanager.ManagerOptions": true,
		// Exported in the same run (exportOptions), after the same check
		// (these two).
		"github.com/statuslint/statuslint/passes/fieldmanager.ClientResults":  true,
		"github.com/statuslint/statuslint/passes/fieldmanager.ManagerResults": true,
		// Exported only where reach builds SSA (its mayMatter: a direct
		// import of the client or reconcile package, or of a package with
		// hasWriters), so never by a package the skip answers for.
		"github.com/statuslint/statuslint/passes/statuswrites.WritesStatusOf": true,
		// Exported in the same run (exportFact), after the same check.
		"github.com/statuslint/statuslint/passes/statuswrites.NamedAs": true,
		// The same: exported only where reach built SSA (the pass returns
		// before exporting when reach's result has no model).
		"github.com/statuslint/statuslint/passes/statusupdate.FreshThrough": true,
		// Exported in the same run, after the same check.
		"github.com/statuslint/statuslint/passes/statusupdate.LeavesWritten": true,
		// The same run and check again, and only on functions that
		// reach a status Update.
		"github.com/statuslint/statuslint/passes/statusupdate.PatchesFrom": true,
		// The same run and check again.
		"github.com/statuslint/statuslint/passes/statusupdate.CallsBeforeReturn": true,
		// Exported only where reach built SSA (the pass returns before
		// exporting when reach's result has no SSA).
		"github.com/statuslint/statuslint/passes/objectupdate.ChangesParams": true,
		// Exported only by packages that import the client or reconcile
		// package directly (watches' exportFact uses reach.Matters).
		"github.com/statuslint/statuslint/passes/watches.StatusReads": true,
	}
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			rt := reflect.TypeOf(f)
			for rt.Kind() == reflect.Pointer {
				rt = rt.Elem()
			}
			if name := rt.PkgPath() + "." + rt.Name(); !known[name] {
				t.Errorf("analyzer %s has fact type %s, which vetskip does not know: check that only packages importing one of %s (reach.ImportsThatMatter, plus a margin) can export it, or extend that list, then add it here",
					a.Name, name, strings.Join(vetskip.Triggers, ", "))
			}
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range analyzer.Analyzers {
		visit(a)
	}
}
