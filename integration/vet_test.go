package integration

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

var update = flag.Bool("update", false, "rewrite the golden files of the integration tests")

// TestGoVetOnExample runs statuslint through the real go vet on the
// example operator, which uses the real controller-runtime, and checks
// the exact findings against integration/testdata/example.vet.golden.
func TestGoVetOnExample(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	got := goVet(t, dir)
	golden := filepath.Join(testmodule.RepoRoot(t), "integration", "testdata", "example.vet.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSpace(string(data)), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("go vet findings differ from %s (rerun with -update after checking them by hand)\ngot:\n%s\nwant:\n%s",
			golden, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, pass := range []string{"statusupdate", "fieldmanager", "conditions"} {
		if !containsPass(got, pass) {
			t.Errorf("no %s finding on the example", pass)
		}
	}

	// The standalone checker reports the same findings, with the same
	// related information (the reconcile paths) under them.
	r := run(t, dir, nil, statuslintBinary(t), "./...")
	if standalone := diagnostics(dir, r.Stderr); strings.Join(standalone, "\n") != strings.Join(got, "\n") {
		t.Errorf("standalone findings differ from go vet's:\n%s\nvs\n%s", strings.Join(standalone, "\n"), strings.Join(got, "\n"))
	}
}

// containsPass reports whether some finding came from pass; go vet names
// no analyzer, so this goes by each pass's wording.
func containsPass(lines []string, pass string) bool {
	words := map[string]string{
		"statusupdate": "status written with Update",
		"fieldmanager": "field manager",
		"conditions":   "SetStatusCondition",
	}
	for _, l := range lines {
		if strings.Contains(l, words[pass]) {
			return true
		}
	}
	return false
}

// jsonDiagnostic is one diagnostic of the checker's -json output.
type jsonDiagnostic struct {
	Posn           string            `json:"posn"`
	Message        string            `json:"message"`
	SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
}

// TestFixOnExample applies every suggested fix to a copy of the example
// (through go fix -fixtool, as users do), then checks the result builds,
// is gofmt-clean, keeps only the findings that had no fix or whose fix
// edits another package (which only statuslint -fix applies), and that
// statuslint -fix then applies exactly those: the same files as
// statuslint -fix on a fresh copy, with nothing left that has a fix, and
// a second run changes nothing.
func TestFixOnExample(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	bin := statuslintBinary(t)

	r := run(t, dir, nil, bin, "-json", "./...")
	var out map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
		t.Fatalf("statuslint -json: %v\n%s\n%s", err, r.Stdout, r.Stderr)
	}
	withFix, without, across := 0, 0, 0
	for _, byAnalyzer := range out {
		for name, raw := range byAnalyzer {
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s: %v: %s", name, err, raw)
			}
			for _, d := range diags {
				if len(d.SuggestedFixes) > 1 {
					t.Errorf("%s: %s: %d fixes, want at most one", name, d.Posn, len(d.SuggestedFixes))
				}
				if len(d.SuggestedFixes) == 1 {
					withFix++
				} else {
					without++
				}
				if strings.Contains(d.Message, "statuslint -fix adds") {
					if len(d.SuggestedFixes) != 1 {
						t.Errorf("%s: %s: says statuslint -fix fixes it, but has no fix", name, d.Posn)
					}
					across++
				}
			}
		}
	}
	if withFix == 0 {
		t.Fatal("no suggested fix on the example")
	}
	if across == 0 {
		t.Error("no fix across packages on the example (status.SetReady's callers)")
	}

	if r := run(t, dir, nil, "go", "fix", "-fixtool="+bin, "./..."); r.ExitCode != 0 {
		t.Fatalf("go fix -fixtool: exit %d\n%s%s", r.ExitCode, r.Stdout, r.Stderr)
	}
	if r := run(t, dir, nil, "go", "build", "./..."); r.ExitCode != 0 {
		t.Fatalf("the fixed example does not build:\n%s", r.Stderr)
	}
	if r := run(t, dir, nil, "gofmt", "-l", "."); strings.TrimSpace(r.Stdout) != "" {
		t.Errorf("the fixed example is not gofmt-clean:\n%s", r.Stdout)
	}
	// go fix applies a package's fixes in that package's process: a fix
	// that edits another package is not offered there.
	after := goVet(t, dir)
	if len(after) != without+across {
		t.Errorf("after go fix %d findings remain, want the %d without a fix and the %d fixed across packages:\n%s", len(after), without, across, strings.Join(after, "\n"))
	}

	// statuslint -fix, the standalone driver with its own merging of
	// edits (internal/textedit), applies every fix at once; on the copy
	// go fix left, it applies the rest, to the same files.
	standalone := testmodule.ExampleCopy(t)
	wantExit := 0
	if without > 0 {
		wantExit = 3 // the findings without a fix remain, printed
	}
	if r := run(t, standalone, nil, bin, "-fix", "./..."); r.ExitCode != wantExit {
		t.Fatalf("statuslint -fix: exit %d, want %d\n%s", r.ExitCode, wantExit, r.Stderr)
	}
	if r := run(t, standalone, nil, "go", "build", "./..."); r.ExitCode != 0 {
		t.Fatalf("the example fixed by statuslint -fix does not build:\n%s", r.Stderr)
	}
	if left := goVet(t, standalone); len(left) != without {
		t.Errorf("after statuslint -fix %d findings remain, want the %d without a fix:\n%s", len(left), without, strings.Join(left, "\n"))
	}
	if r := run(t, dir, nil, bin, "-fix", "./..."); r.ExitCode != wantExit {
		t.Fatalf("statuslint -fix after go fix: exit %d, want %d\n%s", r.ExitCode, wantExit, r.Stderr)
	}
	fixed := snapshotGoFiles(t, standalone)
	if got := snapshotGoFiles(t, dir); got != fixed {
		t.Errorf("go fix -fixtool then statuslint -fix, and statuslint -fix alone, left different files:\n%s", firstDifference(got, fixed))
	}

	// A second fix run changes nothing.
	if r := run(t, dir, nil, bin, "-fix", "./..."); r.ExitCode != wantExit {
		t.Fatalf("second statuslint -fix: exit %d, want %d\n%s", r.ExitCode, wantExit, r.Stderr)
	}
	if again := snapshotGoFiles(t, dir); again != fixed {
		t.Error("a second statuslint -fix changed files")
	}
}

func snapshotGoFiles(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(path, ".go") {
			data, _ := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			b.WriteString(rel + "\n" + string(data))
		}
		return nil
	})
	return b.String()
}
