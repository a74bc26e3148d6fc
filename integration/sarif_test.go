package integration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/sarif"
	"github.com/statuslint/statuslint/internal/testmodule"
)

var (
	sarifcheckOnce sync.Once
	sarifcheckPath string
	sarifcheckErr  error
)

// sarifcheckBinary builds tools/sarifcheck, the SARIF 2.1.0 schema
// validator (a nested module), once per test run and returns its path.
func sarifcheckBinary(t *testing.T) string {
	t.Helper()
	sarifcheckOnce.Do(func() {
		dir, err := testmodule.SharedDir("statuslint-sarifcheck-")
		if err != nil {
			sarifcheckErr = err
			return
		}
		sarifcheckPath = filepath.Join(dir, "sarifcheck")
		start := time.Now()
		cmd := exec.Command("go", "build", "-o", sarifcheckPath, ".")
		cmd.Dir = filepath.Join(testmodule.RepoRoot(t), "tools", "sarifcheck")
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			sarifcheckErr = err
			t.Logf("building tools/sarifcheck:\n%s", out)
			return
		}
		t.Logf("built sarifcheck in %v", time.Since(start).Round(time.Millisecond))
	})
	if sarifcheckErr != nil {
		t.Fatalf("building tools/sarifcheck: %v", sarifcheckErr)
	}
	return sarifcheckPath
}

// sarifFindings runs statuslint's analyzers, as the command configures
// them by default, on test packages of testdata/src (with their tests, so
// that a package and its test variant report the same findings) and
// returns the analyzers and the root findings.
func sarifFindings(t *testing.T) ([]*analysis.Analyzer, []sarif.Finding) {
	t.Helper()
	dir := filepath.Join(testmodule.RepoRoot(t), "testdata")
	as, err := analyzer.New(&analyzer.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   dir,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, "statusupdate/paths", "statusupdate/crosspkg/...", "statuswrites/basic", "fieldmanager/basic", "conditions/basic")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var findings []sarif.Finding
	for act := range g.All() {
		if !act.IsRoot || act.Err != nil {
			continue
		}
		for _, d := range act.Diagnostics {
			findings = append(findings, sarif.Finding{Analyzer: act.Analyzer, Fset: act.Package.Fset, Diagnostic: d})
		}
	}
	return as, findings
}

// TestSarifSchema validates internal/sarif's log of real findings (with
// related locations, fixes, and a finding of a package reported again by
// its test variant) against the SARIF 2.1.0 schema, with tools/sarifcheck,
// and checks that the validator rejects a log with a required property
// dropped or a column out of range.
func TestSarifSchema(t *testing.T) {
	check := sarifcheckBinary(t)
	root := filepath.Join(testmodule.RepoRoot(t), "testdata")
	as, findings := sarifFindings(t)

	var related, fixes int
	for _, f := range findings {
		if len(f.Diagnostic.Related) > 0 {
			related++
		}
		if len(f.Diagnostic.SuggestedFixes) > 0 {
			fixes++
		}
	}
	if related == 0 || fixes == 0 {
		t.Fatalf("%d findings, %d with related information, %d with fixes: want some of each", len(findings), related, fixes)
	}

	var buf bytes.Buffer
	if err := sarif.Write(&buf, as, findings, sarif.Options{Version: "v0.0.0-test", Root: root}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID           string
				RelatedLocations []json.RawMessage
				Fixes            []json.RawMessage
				Locations        []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if len(results) >= len(findings) {
		t.Errorf("%d results of %d findings: the test variants' copies are still there", len(results), len(findings))
	}
	rules := make(map[string]bool)
	var withRelated, withFixes int
	for _, r := range results {
		rules[r.RuleID] = true
		if len(r.RelatedLocations) > 0 {
			withRelated++
		}
		if len(r.Fixes) > 0 {
			withFixes++
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || !strings.HasPrefix(loc.ArtifactLocation.URI, "src/") {
			t.Errorf("result of %s at %+v: want a uri relative to testdata", r.RuleID, loc.ArtifactLocation)
		}
	}
	for _, name := range []string{"statusupdate", "statuswrites", "fieldmanager", "conditions"} {
		if !rules[name] {
			t.Errorf("no result of %s", name)
		}
	}
	if withRelated == 0 || withFixes == 0 {
		t.Errorf("%d results with related locations, %d with fixes: want some of each", withRelated, withFixes)
	}

	dir := t.TempDir()
	good := filepath.Join(dir, "statuslint.sarif")
	if err := os.WriteFile(good, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The unit tests' golden log: files outside the root, a colon in a
	// path, fixes that only insert, escaped message text.
	golden := filepath.Join(testmodule.RepoRoot(t), "internal", "sarif", "testdata", "golden.sarif")
	res := run(t, dir, nil, check, good, golden)
	if res.ExitCode != 0 || strings.Count(res.Stdout, ": valid\n") != 2 {
		t.Fatalf("sarifcheck exited %d:\n%s%s", res.ExitCode, res.Stdout, res.Stderr)
	}

	// The validator must see a broken log.
	for _, tc := range []struct {
		name, want string
		edit       func(log map[string]any)
	}{
		{"no message", "missing property 'message'", func(log map[string]any) {
			delete(nth(log, "runs", 0, "results", 0), "message")
		}},
		{"no driver name", "missing property 'name'", func(log map[string]any) {
			delete(nth(log, "runs", 0, "tool", "driver"), "name")
		}},
		{"column 0", "minimum", func(log map[string]any) {
			nth(log, "runs", 0, "results", 0, "locations", 0, "physicalLocation", "region")["startColumn"] = 0
		}},
		{"bad level", "level", func(log map[string]any) {
			nth(log, "runs", 0, "results", 0)["level"] = "severe"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log map[string]any
			if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
				t.Fatal(err)
			}
			tc.edit(log)
			data, err := json.Marshal(log)
			if err != nil {
				t.Fatal(err)
			}
			bad := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".sarif")
			if err := os.WriteFile(bad, data, 0o644); err != nil {
				t.Fatal(err)
			}
			res := run(t, dir, nil, check, bad)
			if res.ExitCode != 1 || !strings.Contains(res.Stderr, "not valid SARIF 2.1.0") || !strings.Contains(res.Stderr, tc.want) {
				t.Errorf("sarifcheck on a log with %s: exit %d, want 1 and %q:\n%s%s", tc.name, res.ExitCode, tc.want, res.Stdout, res.Stderr)
			}
		})
	}
}

// nth walks a decoded JSON value by object keys and array indexes and
// returns the object it reaches.
func nth(v any, path ...any) map[string]any {
	for _, p := range path {
		switch p := p.(type) {
		case string:
			v = v.(map[string]any)[p]
		case int:
			v = v.([]any)[p]
		}
	}
	return v.(map[string]any)
}

// TestSarifCommand runs the binary with -format=sarif on a copy of the
// example (a git repository, as GitHub checks it out): the log is valid
// SARIF 2.1.0, names every finding the text report has by its pass, with
// paths relative to the repository's root, and the run exits 0 with
// findings, as -json does.
func TestSarifCommand(t *testing.T) {
	check := sarifcheckBinary(t)
	dir := testmodule.ExampleCopy(t)
	repo := filepath.Dir(dir)
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := statuslintBinary(t)
	r := run(t, dir, nil, bin, "-format=sarif", "./...")
	if r.ExitCode != 0 {
		t.Fatalf("-format=sarif: exit %d, want 0\n%s", r.ExitCode, r.Stderr)
	}
	file := filepath.Join(t.TempDir(), "statuslint.sarif")
	if err := os.WriteFile(file, []byte(r.Stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := run(t, dir, nil, check, file); res.ExitCode != 0 {
		t.Fatalf("sarifcheck: exit %d\n%s%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(r.Stdout), &log); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, res := range log.Runs[0].Results {
		loc := res.Locations[0].PhysicalLocation
		uri, ok := strings.CutPrefix(loc.ArtifactLocation.URI, filepath.Base(dir)+"/")
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || !ok {
			t.Errorf("%s: uri %+v, want one relative to the repository's root", res.RuleID, loc.ArtifactLocation)
		}
		got = append(got, fmt.Sprintf("%s:%d:%d: %s", uri, loc.Region.StartLine, loc.Region.StartColumn, res.RuleID))
	}
	text := run(t, dir, nil, bin, "./...")
	var want []string
	for _, line := range strings.Split(text.Stderr, "\n") {
		m := diagLine.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[4], "\t") {
			continue
		}
		_, pass, _ := cutPassName(m[4])
		want = append(want, fmt.Sprintf("%s:%s:%s: %s", m[1], m[2], m[3], pass))
	}
	slices.Sort(got)
	slices.Sort(want)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("SARIF results:\n%s\ntext findings:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
