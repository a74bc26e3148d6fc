// Package nogo runs statuslint as Bazel's nogo runs it: a vet tool shaped
// like the main nogo generates from the deps docs/bazel.md lists, each
// pass's package-level Analyzer run by unitchecker, without
// cmd/statuslint's driver (its flags, its skipping of dependencies that
// cannot matter). TestNogoConfigOnExample keeps docs/bazel.md true;
// TestFrontendsNogo is the nogo-shaped tool's part of the differential
// test of the front ends.
package nogo

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/statuslint/statuslint/integration/internal/differential"
	"github.com/statuslint/statuslint/integration/internal/frontend"
	"github.com/statuslint/statuslint/internal/testmodule"
)

// nogoDeps matches the labels of statuslint's packages in docs/bazel.md.
var nogoDeps = regexp.MustCompile(`"@com_github_statuslint_statuslint//([^":]+)(?::[^"]*)?"`)

// fenced returns the first fenced block of lang in doc that contains key.
func fenced(t *testing.T, doc, lang, key string) string {
	t.Helper()
	for _, part := range strings.Split(doc, "```"+lang+"\n")[1:] {
		block, _, _ := strings.Cut(part, "```")
		if strings.Contains(block, key) {
			return block
		}
	}
	t.Fatalf("docs/bazel.md has no %s block with %q", lang, key)
	return ""
}

// bazelDoc returns docs/bazel.md.
func bazelDoc(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testmodule.RepoRoot(t), "docs", "bazel.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// nogoImports returns the import paths of the nogo target's deps in
// docs/bazel.md.
func nogoImports(t *testing.T) []string {
	t.Helper()
	var imports []string
	for _, m := range nogoDeps.FindAllStringSubmatch(fenced(t, bazelDoc(t), "starlark", "deps = ["), -1) {
		imports = append(imports, "github.com/statuslint/statuslint/"+m[1])
	}
	return imports
}

var (
	nogoOnce sync.Once
	nogoPath string
	nogoErr  string
)

// nogoShaped builds, once per test binary, a program shaped like the main
// nogo generates from the deps of docs/bazel.md (one import per dep, the
// deps' Analyzer values in a list) and returns its path.
func nogoShaped(t *testing.T) string {
	t.Helper()
	imports := nogoImports(t)
	root := testmodule.RepoRoot(t)
	nogoOnce.Do(func() {
		var src strings.Builder
		src.WriteString("// Shaped like the main nogo generates from its deps.\npackage main\n\nimport (\n\t\"golang.org/x/tools/go/analysis\"\n\t\"golang.org/x/tools/go/analysis/unitchecker\"\n\n")
		for i, p := range imports {
			fmt.Fprintf(&src, "\tanalyzer%d %q\n", i, p)
		}
		src.WriteString(")\n\nvar analyzers = []*analysis.Analyzer{\n")
		for i := range imports {
			fmt.Fprintf(&src, "\tanalyzer%d.Analyzer,\n", i)
		}
		src.WriteString("}\n\nfunc main() { unitchecker.Main(analyzers...) }\n")

		// Built in a module of its own that requires this checkout as
		// the example does; -trimpath keeps the module's path out of
		// the binary, so that go vet, which keys its cache on the vet
		// tool's contents, finds what earlier runs of the same tool
		// computed.
		dir, err := testmodule.SharedDir("statuslint-nogo-")
		if err != nil {
			nogoErr = err.Error()
			return
		}
		mod := filepath.Join(dir, "src")
		if err := testmodule.CopyDir(filepath.Join(root, "example"), mod); err != nil {
			nogoErr = fmt.Sprintf("copying the example: %v", err)
			return
		}
		err = os.MkdirAll(filepath.Join(mod, "nogomain"), 0o755)
		if err == nil {
			err = os.WriteFile(filepath.Join(mod, "nogomain", "main.go"), []byte(src.String()), 0o644)
		}
		if err != nil {
			nogoErr = err.Error()
			return
		}
		env := frontend.GoEnv()
		if r := frontend.Run(t, mod, env, "go", "mod", "edit", "-replace=github.com/statuslint/statuslint="+root); r.ExitCode != 0 {
			nogoErr = fmt.Sprintf("go mod edit -replace: exit %d\n%s", r.ExitCode, r.Stderr)
			return
		}
		bin := filepath.Join(dir, "nogo")
		if r := frontend.Run(t, mod, env, "go", "build", "-trimpath", "-o", bin, "./nogomain"); r.ExitCode != 0 {
			nogoErr = fmt.Sprintf("building the nogo-shaped program:\n%s\n%s", r.Stderr, src.String())
			return
		}
		nogoPath = bin
	})
	if nogoErr != "" {
		t.Fatal(nogoErr)
	}
	return nogoPath
}

// TestNogoConfigOnExample keeps docs/bazel.md true: it takes the nogo
// target's deps and the nogo JSON configuration from the page, builds a
// program shaped like the main nogo generates (nogoShaped), and runs it
// through the unitchecker protocol (go vet -vettool) with the configured
// analyzer flags on the example. The findings must be statuslint's own:
// those of integration/testdata/example.vet.golden, which integration's
// TestGoVetOnExample checks (and rewrites with -update).
func TestNogoConfigOnExample(t *testing.T) {
	root := testmodule.RepoRoot(t)
	doc := bazelDoc(t)

	if imports := nogoImports(t); len(imports) < 7 {
		t.Fatalf("the BUILD snippet lists %d of statuslint's packages: %v", len(imports), imports)
	}

	var config map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(fenced(t, doc, "json", "analyzer_flags")), &config); err != nil {
		t.Fatalf("the nogo configuration is not valid JSON: %v", err)
	}
	var flags []string
	for name, entry := range config {
		for key, raw := range entry {
			switch key {
			case "description", "only_files", "exclude_files":
				var v any
				if err := json.Unmarshal(raw, &v); err != nil {
					t.Errorf("%s.%s: %v", name, key, err)
				}
			case "analyzer_flags":
				// nogo takes the values as strings, as a command line would.
				var af map[string]string
				if err := json.Unmarshal(raw, &af); err != nil {
					t.Errorf("%s.analyzer_flags: values must be strings: %v", name, err)
				}
				for f, v := range af {
					flags = append(flags, fmt.Sprintf("-%s.%s=%s", name, f, v))
				}
			default:
				t.Errorf("%s: %q is not a nogo configuration key", name, key)
			}
		}
	}
	sort.Strings(flags)
	if len(flags) == 0 {
		t.Fatal("the nogo configuration sets no analyzer flags")
	}

	bin := nogoShaped(t)
	dir := testmodule.ExampleCopy(t)

	// Every analyzer the configuration names is one of the deps'.
	r := frontend.Run(t, dir, nil, bin, "-flags")
	var known []struct{ Name string }
	if err := json.Unmarshal([]byte(r.Stdout), &known); err != nil {
		t.Fatalf("%s -flags: %v\n%s", bin, err, r.Stdout)
	}
	for name := range config {
		if !slices.ContainsFunc(known, func(f struct{ Name string }) bool { return f.Name == name }) {
			t.Errorf("the configuration names %q, which is no analyzer of the deps", name)
		}
	}

	res := frontend.Run(t, dir, nil, "go", append(append([]string{"vet", "-vettool=" + bin}, flags...), "./...")...)
	if res.ExitCode != 0 && res.ExitCode != 1 {
		t.Fatalf("go vet with the nogo-shaped program: exit %d\n%s", res.ExitCode, res.Stderr)
	}
	got := frontend.Diagnostics(dir, res.Stderr)
	golden, err := os.ReadFile(filepath.Join(root, "integration", "testdata", "example.vet.golden"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSpace(string(golden)), "\n")
	if !slices.Equal(got, want) {
		t.Errorf("the nogo-shaped program's findings differ from statuslint's (example.vet.golden)\ngot:\n%s\nwant:\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFrontendsNogo is the nogo-shaped vet tool's part of the differential
// test of the front ends (integration/internal/differential): go vet
// -vettool=nogo-shaped, which analyses the test variants, reports what
// statuslint -test=false reports in the non-test files of every module,
// the related information included. Its fixes are not compared: Bazel
// applies no fixes through go vet, and the tool, which skips no
// dependency, would analyse them all again for a go vet run with other
// flags.
func TestFrontendsNogo(t *testing.T) {
	nogo := nogoShaped(t)
	// Skipping no dependency, the tool analyses each in full, a minute
	// or more on two cores where go vet has not cached it: do that once
	// here, on the dependencies the modules share, rather than in the
	// modules' parallel runs each.
	dir := frontend.ExampleCopy(t, differential.GolangciConfig)
	if r := frontend.Run(t, dir, frontend.GoEnv(), "go", "vet", "-vettool="+nogo, "./..."); r.ExitCode != 0 && r.ExitCode != 1 {
		t.Fatalf("go vet -vettool=nogo-shaped on the example: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	differential.Test(t, []differential.Finder{{
		Frontend: "go vet -vettool=nogo-shaped",
		Find: func(t *testing.T, dir string) []string {
			t.Helper()
			r := frontend.Run(t, dir, frontend.GoEnv(), "go", "vet", "-vettool="+nogo, "./...")
			if r.ExitCode != 0 && r.ExitCode != 1 {
				t.Fatalf("go vet -vettool=nogo-shaped ./...: exit %d\n%s", r.ExitCode, r.Stderr)
			}
			return frontend.Diagnostics(dir, r.Stderr)
		},
		Related: true,
	}}, nil)
}

// TestMain removes the binaries the tests built once and shared.
func TestMain(m *testing.M) { testmodule.Main(m) }
