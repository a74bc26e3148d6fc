// Package golangci runs statuslint as a golangci-lint v2 module plugin,
// built into golangci-lint by tools/golangci-lint: TestGolangciLint on the
// example, and TestFrontendsGolangciLint, golangci-lint's part of the
// differential test of the front ends. They are a package of their own,
// the one that builds golangci-lint.
package golangci

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/integration/internal/frontend"
	"github.com/statuslint/statuslint/internal/testmodule"
)

// The settings of integration/golangci/testdata/golangci.yml, as go vet
// flags. TestGolangciLint checks the file still holds these values.
var golangciVetFlags = []string{
	"-fieldmanager.name=statuslint-e2e",
	`-statusupdate.roots=^github\.com/statuslint/statuslint/example/internal/.*\.\(\*[A-Za-z]*Loop\)\.Run$`,
}

// TestGolangciLint runs statuslint as a golangci-lint v2 module plugin,
// built into golangci-lint by tools/golangci-lint, on copies of the example
// operator, and checks that golangci-lint reports exactly what go vet
// reports with the same settings, honours //nolint:statuslint, applies the
// suggested fixes with --fix, and rejects bad settings naming them.
func TestGolangciLint(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	gcl := golangciBinary(t)
	cfg := golangciConfig(t, "golangci.yml")
	for _, flag := range golangciVetFlags {
		name, value, _ := strings.Cut(strings.TrimPrefix(flag, "-"), "=")
		_, key, _ := strings.Cut(name, ".")
		if !strings.Contains(cfg, key+": "+value+"\n") && !strings.Contains(cfg, key+": '"+value+"'\n") {
			t.Fatalf("testdata/golangci.yml does not set %s to %s as golangciVetFlags does", name, value)
		}
	}

	dir := frontend.ExampleCopy(t, cfg)
	all, folded := golangciRunFolded(t, gcl, dir)
	vet := golangciVet(t, dir)

	t.Run("reconcile path", func(t *testing.T) {
		// The reconcile path of the Update in markReady, the related
		// information other drivers show at the call that leads on, is
		// folded into the finding's message, not an issue of its own
		// (golangciRunFolded fails on those).
		prefix := "internal/controller/widget_controller.go:141:9: statusupdate: "
		suffix := " [(*WidgetReconciler).Reconcile calls (*WidgetReconciler).markReady at line 53]"
		if !slices.ContainsFunc(folded, func(f string) bool { return strings.HasPrefix(f, prefix) && strings.HasSuffix(f, suffix) }) {
			t.Errorf("golangci-lint shows no reconcile path for the Update in markReady: want %s...%s among\n%s", prefix, suffix, frontend.Lines(folded))
		}
	})

	t.Run("same as go vet", func(t *testing.T) {
		if len(all) == 0 {
			t.Errorf("golangci-lint reported nothing on the example (go vet reported %d)", len(vet))
		}
		if len(vet) == 0 {
			t.Errorf("go vet reported nothing on the example")
		}
		if !slices.Equal(all, vet) {
			t.Errorf("golangci-lint and go vet differ\ngolangci-lint:\n%s\ngo vet:\n%s\nonly golangci-lint:\n%s\nonly go vet:\n%s",
				frontend.Lines(all), frontend.Lines(vet), frontend.Lines(frontend.Minus(all, vet)), frontend.Lines(frontend.Minus(vet, all)))
		}
		for _, pass := range analyzer.Names {
			if !slices.ContainsFunc(all, func(f string) bool { return golangciPass(f) == pass }) {
				t.Logf("no %s finding on the example", pass)
			}
		}
	})

	t.Run("nolint", func(t *testing.T) {
		if len(all) == 0 {
			t.Fatal("golangci-lint reported nothing, so there is nothing to silence")
		}
		nolintDir := frontend.ExampleCopy(t, cfg)
		file, line := golangciNolint(t, nolintDir, all)
		var want []string
		for _, f := range all {
			if !strings.HasPrefix(f, fmt.Sprintf("%s:%d:", file, line)) {
				want = append(want, f)
			}
		}
		got := golangciRun(t, gcl, nolintDir)
		if !slices.Equal(got, want) {
			t.Errorf("after //nolint:statuslint on %s:%d\ngot:\n%s\nwant:\n%s", file, line, frontend.Lines(got), frontend.Lines(want))
		}
	})

	t.Run("fix", func(t *testing.T) {
		if len(all) == 0 {
			t.Fatal("golangci-lint reported nothing, so there is nothing to fix")
		}
		fixDir := frontend.ExampleCopy(t, cfg)
		// --fix reports the findings it could not fix, at their
		// positions before the fix.
		unfixed := golangciRun(t, gcl, fixDir, "--fix")
		if extra := frontend.Minus(unfixed, all); len(extra) > 0 {
			t.Fatalf("golangci-lint --fix reported findings a plain run did not:\n%s", frontend.Lines(extra))
		}
		fixed := frontend.Minus(all, unfixed)
		if len(fixed) == 0 {
			t.Fatalf("golangci-lint --fix fixed none of\n%s", frontend.Lines(all))
		}
		if changed := frontend.ChangedFiles(t, dir, fixDir); len(changed) == 0 {
			t.Fatalf("golangci-lint --fix changed no file, but reported %d findings as fixed:\n%s", len(fixed), frontend.Lines(fixed))
		} else {
			t.Logf("--fix fixed %d findings, changing %s", len(fixed), strings.Join(changed, ", "))
		}
		if r := frontend.Run(t, fixDir, frontend.GoEnv(), "go", "build", "./..."); r.ExitCode != 0 {
			t.Fatalf("go build after golangci-lint --fix: exit %d\n%s", r.ExitCode, r.Stderr)
		}
		after := golangciRun(t, gcl, fixDir)
		for _, f := range fixed {
			if slices.Contains(after, f) {
				t.Errorf("still reported after --fix: %s", f)
			}
		}
		// What was not fixed is still reported, possibly on other lines
		// now, and the fixes introduced nothing new.
		if a, u := golangciWithoutPositions(after), golangciWithoutPositions(unfixed); !slices.Equal(a, u) {
			t.Errorf("findings after --fix differ from those --fix left\nafter:\n%s\nleft:\n%s", frontend.Lines(after), frontend.Lines(unfixed))
		}
	})

	t.Run("bad settings", func(t *testing.T) {
		for _, tc := range []struct{ file, want string }{
			{"misspelt.yml", "statuslint: settings: fieldmanager.nmae: unknown setting (valid: name, owned, unowned, tests)"},
			{"badregexp.yml", `statuslint: settings: statusupdate.roots: invalid regular expression "(*Loop).Run"`},
		} {
			t.Run(tc.file, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), ".golangci.yml")
				if err := os.WriteFile(path, []byte(golangciConfig(t, tc.file)), 0o644); err != nil {
					t.Fatal(err)
				}
				r := frontend.Run(t, dir, frontend.GoEnv(), gcl, "run", "--config="+path, "--output.text.path=stdout", "./...")
				if r.ExitCode == 0 || r.ExitCode == 1 {
					t.Fatalf("golangci-lint accepted %s: exit %d\n%s%s", tc.file, r.ExitCode, r.Stdout, r.Stderr)
				}
				if !strings.Contains(r.Stderr, tc.want) {
					t.Errorf("golangci-lint with %s: exit %d, stderr does not contain %q:\n%s", tc.file, r.ExitCode, tc.want, r.Stderr)
				}
			})
		}
	})
}

var (
	golangciOnce sync.Once
	golangciPath string
	golangciErr  error
)

// golangciBinary builds tools/golangci-lint (golangci-lint with statuslint
// built in) once per test run and returns its path. The binary goes to a
// fixed path in the user's cache directory, replaced atomically, so runs
// do not leave copies behind and a concurrent run never sees half a file;
// the go build cache makes all but the first build quick.
func golangciBinary(t *testing.T) string {
	t.Helper()
	golangciOnce.Do(func() {
		dir, err := os.UserCacheDir()
		if err != nil {
			dir = os.TempDir()
		}
		dir = filepath.Join(dir, "statuslint", "integration")
		if golangciErr = os.MkdirAll(dir, 0o755); golangciErr != nil {
			return
		}
		f, err := os.CreateTemp(dir, "golangci-lint-*.tmp")
		if err != nil {
			golangciErr = err
			return
		}
		tmp := f.Name()
		f.Close()
		defer os.Remove(tmp) // after a successful rename, a no-op

		start := time.Now()
		cmd := exec.Command("go", "build", "-o", tmp, ".")
		cmd.Dir = filepath.Join(testmodule.RepoRoot(t), "tools", "golangci-lint")
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			golangciErr = fmt.Errorf("building tools/golangci-lint: %v\n%s\n"+
				"(if the root go.mod changed, run go mod tidy in tools/golangci-lint)", err, out)
			return
		}
		t.Logf("built golangci-lint with statuslint in %v", time.Since(start).Round(time.Second))
		golangciPath = filepath.Join(dir, "golangci-lint")
		golangciErr = os.Rename(tmp, golangciPath)
	})
	if golangciErr != nil {
		t.Fatal(golangciErr)
	}
	return golangciPath
}

// golangciConfig returns the configuration file integration/golangci/testdata/name.
func golangciConfig(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testmodule.RepoRoot(t), "integration", "golangci", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// golangciIssue matches a finding in golangci-lint's text output with
// --path-mode=abs --output.text.print-issued-lines=false
// --output.text.colors=false: "/abs/file.go:12:3: pass: message (linter)".
var golangciIssue = regexp.MustCompile(`^(.+?\.go):(\d+):(\d+): (.*) \(([\w-]+)\)$`)

// golangciPosn matches a position in go vet's JSON output.
var golangciPosn = regexp.MustCompile(`^(.+):(\d+):(\d+)$`)

// golangciSummary matches golangci-lint's summary lines.
var golangciSummary = regexp.MustCompile(`^(\d+ issues?[.:]|\* [\w-]+: \d+)$`)

// golangciRun runs golangci-lint in dir on ./... and returns its findings
// as sorted "file:line:col: pass: message", file relative to dir. Any
// other output line fails the test, so a finding is never missed.
// A message's reconcile path is left out (golangciFoldedPath): it holds
// line numbers, which a fix moves, and go vet prints it apart.
func golangciRun(t *testing.T, gcl, dir string, args ...string) []string {
	t.Helper()
	findings, _ := golangciRunFolded(t, gcl, dir, args...)
	return findings
}

// golangciFoldedPath matches the related information the plugin folds
// into a message: " [A calls B at line 53; ...]".
var golangciFoldedPath = regexp.MustCompile(` \[[^\]]*\]$`)

// golangciRunFolded is golangciRun, also returning the findings with their
// messages whole. An issue golangci-lint makes of related information
// fails the test: the plugin folds it into the message.
func golangciRunFolded(t *testing.T, gcl, dir string, args ...string) (findings, folded []string) {
	t.Helper()
	args = append([]string{"run", "--path-mode=abs",
		"--output.text.path=stdout", "--output.text.print-issued-lines=false", "--output.text.colors=false"},
		append(args, "./...")...)
	r := frontend.Run(t, dir, frontend.GoEnv(), gcl, args...)
	if r.ExitCode != 0 && r.ExitCode != 1 {
		t.Fatalf("golangci-lint %s: exit %d\n%s%s", strings.Join(args, " "), r.ExitCode, r.Stdout, r.Stderr)
	}
	var out []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if l = strings.TrimRight(l, "\r"); l == "" || golangciSummary.MatchString(l) {
			continue
		}
		m := golangciIssue.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("golangci-lint %s: cannot parse output line %q\n%s", strings.Join(args, " "), l, r.Stdout)
		}
		if m[5] != "statuslint" {
			t.Fatalf("golangci-lint: finding from linter %s, want only statuslint: %s", m[5], l)
		}
		if strings.Contains(m[4], "(related information)") {
			t.Fatalf("golangci-lint shows related information as an issue of its own: %s", l)
		}
		folded = append(folded, golangciFinding(t, dir, m[1], m[2], m[3], m[4]))
		out = append(out, golangciFinding(t, dir, m[1], m[2], m[3], golangciFoldedPath.ReplaceAllString(m[4], "")))
	}
	if (r.ExitCode == 1) != (len(out) > 0) {
		t.Fatalf("golangci-lint %s: exit %d with %d findings\n%s%s", strings.Join(args, " "), r.ExitCode, len(out), r.Stdout, r.Stderr)
	}
	slices.Sort(out)
	return slices.Compact(out), folded
}

// golangciVet runs go vet with the statuslint binary and golangciVetFlags
// in dir and returns its findings in golangciRun's form.
func golangciVet(t *testing.T, dir string) []string {
	t.Helper()
	args := append(append([]string{"vet", "-vettool=" + frontend.Statuslint(t), "-json"}, golangciVetFlags...), "./...")
	r := frontend.Run(t, dir, frontend.GoEnv(), "go", args...)
	if r.ExitCode != 0 {
		t.Fatalf("go %s: exit %d\n%s", strings.Join(args, " "), r.ExitCode, r.Stderr)
	}
	// With -json, go vet prints one JSON tree per package, each maybe
	// after a "# package" line: package ID -> analyzer -> diagnostics
	// (or an error). Go 1.26 prints them on stdout, earlier releases on
	// stderr.
	out := r.Stdout
	if strings.TrimSpace(out) == "" {
		out = r.Stderr
	}
	var js strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "go: ") {
			js.WriteString(l + "\n")
		}
	}
	var findings []string
	dec := json.NewDecoder(strings.NewReader(js.String()))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go vet -json: %v\n%s", err, r.Stderr)
		}
		for pkg, byAnalyzer := range tree {
			for pass, raw := range byAnalyzer {
				var diags []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("go vet -json: %s: %s: %s", pkg, pass, raw)
				}
				for _, d := range diags {
					m := golangciPosn.FindStringSubmatch(d.Posn)
					if m == nil {
						t.Fatalf("go vet -json: position %q", d.Posn)
					}
					// golangci-lint names the pass before the message;
					// go vet's message ends with it (NameFindings).
					findings = append(findings, golangciFinding(t, dir, m[1], m[2], m[3], pass+": "+frontend.WithoutPassName(d.Message)))
				}
			}
		}
	}
	slices.Sort(findings)
	return slices.Compact(findings)
}

// golangciFinding formats a finding as "file:line:col: text", file
// relative to dir with forward slashes.
func golangciFinding(t *testing.T, dir, file, line, col, text string) string {
	t.Helper()
	if filepath.IsAbs(file) {
		rel, err := filepath.Rel(dir, file)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Fatalf("finding outside %s: %s", dir, file)
		}
		file = rel
	}
	return fmt.Sprintf("%s:%s:%s: %s", filepath.ToSlash(file), line, col, text)
}

// golangciPass is the pass that reported finding f.
func golangciPass(f string) string {
	_, rest, _ := strings.Cut(f, ": ")
	pass, _, _ := strings.Cut(rest, ": ")
	return pass
}

// golangciNolint appends //nolint:statuslint to the line of one of the
// findings in dir, one whose line has no comment or raw string to get in
// the way, and returns its file and line.
func golangciNolint(t *testing.T, dir string, findings []string) (string, int) {
	t.Helper()
	for _, f := range findings {
		parts := strings.SplitN(f, ":", 3)
		file := parts[0]
		line, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatalf("finding %q", f)
		}
		path := filepath.Join(dir, filepath.FromSlash(file))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := strings.Split(string(data), "\n")
		if line > len(src) || strings.Contains(src[line-1], "//") || strings.Contains(src[line-1], "/*") || strings.Contains(src[line-1], "`") {
			continue
		}
		src[line-1] += " //nolint:statuslint"
		if err := os.WriteFile(path, []byte(strings.Join(src, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return file, line
	}
	t.Fatalf("every reported line has a comment or raw string already; cannot add //nolint:statuslint to any of\n%s", frontend.Lines(findings))
	return "", 0
}

// withoutPositions drops line and column from findings, keeping file and
// text, sorted.
func golangciWithoutPositions(findings []string) []string {
	var out []string
	for _, f := range findings {
		parts := strings.SplitN(f, ":", 4)
		out = append(out, parts[0]+":"+parts[3])
	}
	slices.Sort(out)
	return out
}

// TestMain removes the binaries the tests built once and shared.
func TestMain(m *testing.M) { testmodule.Main(m) }
