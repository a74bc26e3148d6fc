// Package gopls runs statuslint's analyzers in gopls, built with them by
// tools/gopls: TestGopls and TestGoplsBuilder, and TestFrontendsGopls,
// gopls's part of the differential test of the front ends. They are a
// package of their own, the one that builds gopls.
package gopls

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/statuslint/statuslint/integration/internal/frontend"
	"github.com/statuslint/statuslint/internal/testmodule"
)

var (
	goplsOnce sync.Once
	goplsPath string
	goplsErr  error
	goplsOut  []byte
)

// goplsBinary builds gopls with statuslint's analyzers (tools/gopls) once per
// test run and returns its path. The builder keeps its work dir under the user
// cache dir, so a run after the first reuses the go command's caches.
func goplsBinary(t *testing.T) string {
	t.Helper()
	goplsOnce.Do(func() {
		dir, err := testmodule.SharedDir("statuslint-gopls-")
		if err != nil {
			goplsErr = err
			return
		}
		goplsPath = filepath.Join(dir, "gopls")
		start := time.Now()
		cmd := exec.Command("go", "run", ".", "-v", "-o", goplsPath, "-repo", testmodule.RepoRoot(t))
		cmd.Dir = filepath.Join(testmodule.RepoRoot(t), "tools", "gopls")
		goplsOut, goplsErr = cmd.CombinedOutput()
		t.Logf("built gopls in %s", time.Since(start).Round(time.Second))
	})
	if goplsErr != nil {
		t.Fatalf("building gopls with statuslint (cd tools/gopls && go run . -o ...): %v\n%s", goplsErr, goplsOut)
	}
	return goplsPath
}

// goplsExampleCopy copies the example operator to a new directory and points its
// replace of statuslint at this checkout.
func goplsExampleCopy(t *testing.T, name string) string {
	t.Helper()
	root := testmodule.RepoRoot(t)
	tmp, err := filepath.EvalSymlinks(t.TempDir()) // gopls and vet print resolved paths
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, name)
	testmodule.CopyTree(t, filepath.Join(root, "example"), dir)
	if res := frontend.Run(t, dir, frontend.GoEnv(), "go", "mod", "edit", "-replace", "github.com/statuslint/statuslint="+root); res.ExitCode != 0 {
		t.Fatalf("go mod edit -replace: %s", res.Stderr)
	}
	return dir
}

// goplsVetDiag is one diagnostic of go vet -json, with its analyzer.
type goplsVetDiag struct {
	Analyzer string
	Posn     string // file:line:col, file relative to the module
	Message  string
	Fixes    []string // messages of the suggested fixes
}

// goplsVet runs statuslint through go vet -json in dir and returns its
// diagnostics.
func goplsVet(t *testing.T, dir, statuslint string) []goplsVetDiag {
	t.Helper()
	res := frontend.Run(t, dir, frontend.GoEnv(), "go", "vet", "-vettool="+statuslint, "-json", "./...")
	if res.ExitCode != 0 {
		t.Fatalf("go vet -vettool=statuslint -json ./... exited %d:\n%s%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	// One JSON object per package: {pkg: {analyzer: [diagnostic...] or {"error": ...}}}.
	var diags []goplsVetDiag
	dec := json.NewDecoder(strings.NewReader(res.Stdout))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go vet -json output: %v\n%s", err, res.Stdout)
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var list []struct {
					Posn           string `json:"posn"`
					Message        string `json:"message"`
					SuggestedFixes []struct {
						Message string `json:"message"`
					} `json:"suggested_fixes"`
				}
				if err := json.Unmarshal(raw, &list); err != nil {
					t.Fatalf("go vet -json: %s: %s: %s", pkg, analyzer, raw)
				}
				for _, d := range list {
					// gopls names the analyzer apart; go vet's message
					// ends with it (NameFindings).
					vd := goplsVetDiag{Analyzer: analyzer, Posn: goplsRelPosn(t, dir, d.Posn), Message: frontend.WithoutPassName(d.Message)}
					for _, f := range d.SuggestedFixes {
						vd.Fixes = append(vd.Fixes, f.Message)
					}
					diags = append(diags, vd)
				}
			}
		}
	}
	return diags
}

// goplsRelPosn turns file:line:col with an absolute or dir-relative file into one
// relative to dir, in slash form.
func goplsRelPosn(t *testing.T, dir, posn string) string {
	t.Helper()
	m := regexp.MustCompile(`^(.*\.go):(\d+):(\d+)$`).FindStringSubmatch(posn)
	if m == nil {
		t.Fatalf("unexpected position %q", posn)
	}
	file := m[1]
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(rel) + ":" + m[2] + ":" + m[3]
}

// goplsDiag is one diagnostic printed by gopls check.
type goplsDiag struct {
	Posn    string // file:line:col, file relative to the module
	Message string
}

// goplsSpan matches gopls check's lines: file:line:col[-[line:]col]: message.
var goplsSpan = regexp.MustCompile(`^(.*\.go):(\d+):(\d+)(?:-(?:\d+:)?\d+)?: (.*)$`)

// goplsCheck runs gopls check on files (relative to dir) and returns what it
// printed, without the related-information lines.
func goplsCheck(t *testing.T, dir, gopls string, files []string) ([]goplsDiag, string) {
	t.Helper()
	start := time.Now()
	res := frontend.Run(t, dir, frontend.GoEnv(), gopls, append([]string{"check"}, files...)...)
	t.Logf("gopls check %s: %s", strings.Join(files, " "), time.Since(start).Round(time.Second))
	if res.ExitCode != 0 {
		t.Fatalf("gopls check exited %d:\n%s%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	var diags []goplsDiag
	for line := range strings.SplitSeq(strings.TrimSpace(res.Stdout), "\n") {
		if line == "" {
			continue
		}
		m := goplsSpan.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("unexpected gopls check line %q", line)
		}
		if strings.HasPrefix(m[4], "- ") { // related information of the line before
			continue
		}
		diags = append(diags, goplsDiag{Posn: goplsRelPosn(t, dir, m[1]+":"+m[2]+":"+m[3]), Message: m[4]})
	}
	return diags, res.Stdout
}

// goplsIsStatusupdate reports whether a gopls message is statusupdate's.
func goplsIsStatusupdate(msg string) bool { return strings.Contains(msg, "status written with Update") }

// TestGoplsBuilder runs the tests of tools/gopls, a nested module that the
// repository's go test ./... does not reach: its patch of gopls's analyzer
// list must fail loudly, naming the file and the anchor, when the list moves.
func TestGoplsBuilder(t *testing.T) {
	res := frontend.Run(t, filepath.Join(testmodule.RepoRoot(t), "tools", "gopls"), []string{"GOWORK=off"}, "go", "test", "./...")
	if res.ExitCode != 0 {
		t.Fatalf("go test in tools/gopls exited %d:\n%s%s", res.ExitCode, res.Stdout, res.Stderr)
	}
}

// TestGopls checks that gopls built by tools/gopls reports statuslint's
// diagnostics where go vet -vettool=statuslint does, and that its quick fix
// for statusupdate edits a file as statuslint -fix does.
func TestGopls(t *testing.T) {
	gopls := goplsBinary(t)
	statuslint := frontend.Statuslint(t)
	root := testmodule.RepoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "example", "go.mod")); err != nil {
		t.Fatalf("the example operator is missing: %v", err)
	}

	dir := goplsExampleCopy(t, "gopls")

	// What the command line reports: statuslint's analyzers through go vet.
	start := time.Now()
	vet := goplsVet(t, dir, statuslint)
	t.Logf("go vet -vettool=statuslint: %d diagnostics in %s", len(vet), time.Since(start).Round(time.Second))

	// The files to check: every controller file, and every file vet
	// reports on.
	fileSet := make(map[string]bool)
	ctrl, err := filepath.Glob(filepath.Join(dir, "internal", "controller", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ctrl {
		if !strings.HasSuffix(f, "_test.go") {
			rel, _ := filepath.Rel(dir, f)
			fileSet[filepath.ToSlash(rel)] = true
		}
	}
	vetMessages := make(map[string]bool)
	for _, d := range vet {
		fileSet[goplsFileOf(d.Posn)] = true
		vetMessages[d.Message] = true
	}
	files := slices.Sorted(maps.Keys(fileSet))
	if len(files) == 0 {
		t.Fatal("no controller files in example/internal/controller")
	}

	// 1. gopls check reports the same diagnostics at the same positions.
	want := make(map[string]bool)
	for _, d := range vet {
		want[d.Posn+": "+d.Message] = true
	}
	checked, out := goplsCheck(t, dir, gopls, files)
	got := make(map[string]bool)
	for _, d := range checked {
		if vetMessages[d.Message] || goplsIsStatusupdate(d.Message) {
			got[d.Posn+": "+d.Message] = true
		}
	}
	if len(want) == 0 {
		t.Errorf("go vet -vettool=statuslint reports nothing on the example operator: the analyzers report nothing yet, or the example has no findings")
	}
	if !maps.Equal(want, got) {
		t.Errorf("gopls check and go vet -vettool=statuslint disagree on statuslint's diagnostics\n"+
			"go vet:\n%s\ngopls (statuslint's):\n%s\ngopls check printed:\n%s",
			goplsLines(want), goplsLines(got), out)
	}

	// gopls shows a finding's reconcile path as related information: the
	// step at the call that leads on (gopls check prints it "- " first).
	step := regexp.MustCompile(`widget_controller\.go:53:25(?:-[\d:]+)?: - \(\*WidgetReconciler\)\.Reconcile calls \(\*WidgetReconciler\)\.markReady\n`)
	if !step.MatchString(out) {
		t.Errorf("gopls check shows no reconcile path as related information for the Update in markReady:\n%s", out)
	}

	// 2. The quick fix for statusupdate, executed by gopls, edits the file
	// as statuslint -fix does. Take the file with the fewest fixable
	// statusupdate sites, so the fewest gopls runs are needed.
	fixable := make(map[string][]goplsVetDiag)
	titles := make(map[string]bool)
	for _, d := range vet {
		if d.Analyzer == "statusupdate" && len(d.Fixes) > 0 {
			f := goplsFileOf(d.Posn)
			fixable[f] = append(fixable[f], d)
			titles[d.Fixes[0]] = true
		}
	}
	if len(fixable) == 0 {
		t.Fatalf("go vet -vettool=statuslint reports no statusupdate diagnostic with a suggested fix on the example operator")
	}
	var file string
	for f, ds := range fixable {
		if file == "" || len(ds) < len(fixable[file]) || len(ds) == len(fixable[file]) && f < file {
			file = f
		}
	}
	var quoted []string
	for title := range titles {
		quoted = append(quoted, regexp.QuoteMeta(title))
	}
	sort.Strings(quoted)
	titleRE := "^(?:" + strings.Join(quoted, "|") + ")$"

	// statuslint -fix with statusupdate alone, on another copy: with every
	// pass it would also apply the other passes' fixes to the file.
	fixDir := goplsExampleCopy(t, "fix")
	start = time.Now()
	res := frontend.Run(t, fixDir, frontend.GoEnv(), statuslint, "-statusupdate", "-fix", "./...")
	t.Logf("statuslint -statusupdate -fix ./... exited %d in %s:\n%s%s",
		res.ExitCode, time.Since(start).Round(time.Second), res.Stdout, res.Stderr)

	// gopls applies one fix per run; positions move after each, so later
	// sites are taken from a fresh gopls check.
	sites := []string{fixable[file][0].Posn}
	for applied := 0; applied < len(fixable[file]); applied++ {
		if applied > 0 {
			sites = nil
			diags, _ := goplsCheck(t, dir, gopls, []string{file})
			for _, d := range diags {
				if goplsIsStatusupdate(d.Message) {
					sites = append(sites, d.Posn)
				}
			}
		}
		done := false
		for _, site := range sites {
			start := time.Now()
			res := frontend.Run(t, dir, frontend.GoEnv(), gopls, "codeaction", "-kind=quickfix", "-title="+titleRE, "-exec", "-write", site)
			t.Logf("gopls codeaction -kind=quickfix -exec -write %s: exit %d in %s", site, res.ExitCode, time.Since(start).Round(time.Second))
			if res.ExitCode == 0 {
				done = true
				break
			}
			if !strings.Contains(res.Stderr, "no matching code action") {
				t.Fatalf("gopls codeaction at %s exited %d:\n%s%s", site, res.ExitCode, res.Stdout, res.Stderr)
			}
		}
		if !done {
			t.Fatalf("gopls offered %d of the %d statusupdate quick fixes go vet reports in %s (sites tried: %v)",
				applied, len(fixable[file]), file, sites)
		}
	}

	gotSrc, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	wantSrc, err := os.ReadFile(filepath.Join(fixDir, file))
	if err != nil {
		t.Fatal(err)
	}
	orig, err := os.ReadFile(filepath.Join(root, "example", file))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(wantSrc, orig) {
		t.Errorf("statuslint -statusupdate -fix left %s unchanged", file)
	}
	if !bytes.Equal(gotSrc, wantSrc) {
		// gopls applies a fix's edits as they are; statuslint -fix also
		// gofmts the file and drops unused imports.
		t.Errorf("%s after gopls's statusupdate quick fix differs from statuslint -statusupdate -fix "+
			"(gopls applies the edits verbatim, statuslint -fix also formats the file: are the fix's edits gofmt-clean?):\n%s",
			file, goplsDiff(t, filepath.Join(fixDir, file), filepath.Join(dir, file)))
	}
}

// goplsFileOf returns the file of file:line:col.
func goplsFileOf(posn string) string {
	i := strings.LastIndex(posn, ":")
	return posn[:strings.LastIndex(posn[:i], ":")]
}

func goplsLines(set map[string]bool) string {
	var lines []string
	for k := range set {
		lines = append(lines, "\t"+k)
	}
	sort.Strings(lines)
	if len(lines) == 0 {
		return "\t(none)\n"
	}
	return strings.Join(lines, "\n") + "\n"
}

// goplsDiff returns a unified diff from want to got, or both files whole
// where diff is unavailable.
func goplsDiff(t *testing.T, want, got string) string {
	t.Helper()
	if _, err := exec.LookPath("diff"); err == nil {
		res := frontend.Run(t, "", nil, "diff", "-u", "--label", "statuslint -fix", "--label", "gopls codeaction", want, got)
		return res.Stdout
	}
	w, _ := os.ReadFile(want)
	g, _ := os.ReadFile(got)
	return fmt.Sprintf("statuslint -fix:\n%s\ngopls codeaction:\n%s", w, g)
}

// TestMain removes the binaries the tests built once and shared.
func TestMain(m *testing.M) { testmodule.Main(m) }
