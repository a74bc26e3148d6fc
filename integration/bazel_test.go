package integration

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

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

// TestNogoConfigOnExample keeps docs/bazel.md true: it takes the nogo
// target's deps and the nogo JSON configuration from the page, generates
// a program shaped like the main nogo generates (one import per dep, the
// deps' Analyzer values in a list), builds it, and runs it through the
// unitchecker protocol (go vet -vettool) with the configured analyzer
// flags on the example. The findings must be statuslint's own.
func TestNogoConfigOnExample(t *testing.T) {
	root := testmodule.RepoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "bazel.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)

	var imports []string
	for _, m := range nogoDeps.FindAllStringSubmatch(fenced(t, doc, "starlark", "deps = ["), -1) {
		imports = append(imports, "github.com/statuslint/statuslint/"+m[1])
	}
	if len(imports) < 7 {
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

	dir := testmodule.ExampleCopy(t)
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
	mainDir := filepath.Join(dir, "nogomain")
	testmodule.WriteFiles(t, mainDir, map[string]string{"main.go": src.String()})
	bin := filepath.Join(t.TempDir(), "nogo")
	if r := run(t, dir, nil, "go", "build", "-o", bin, "./nogomain"); r.ExitCode != 0 {
		t.Fatalf("building the nogo-shaped program:\n%s\n%s", r.Stderr, src.String())
	}
	if err := os.RemoveAll(mainDir); err != nil {
		t.Fatal(err)
	}

	// Every analyzer the configuration names is one of the deps'.
	r := run(t, dir, nil, bin, "-flags")
	var known []struct{ Name string }
	if err := json.Unmarshal([]byte(r.Stdout), &known); err != nil {
		t.Fatalf("%s -flags: %v\n%s", bin, err, r.Stdout)
	}
	for name := range config {
		if !slices.ContainsFunc(known, func(f struct{ Name string }) bool { return f.Name == name }) {
			t.Errorf("the configuration names %q, which is no analyzer of the deps", name)
		}
	}

	res := run(t, dir, nil, "go", append(append([]string{"vet", "-vettool=" + bin}, flags...), "./...")...)
	if res.ExitCode != 0 && res.ExitCode != 1 {
		t.Fatalf("go vet with the nogo-shaped program: exit %d\n%s", res.ExitCode, res.Stderr)
	}
	got := diagnostics(dir, res.Stderr)
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
