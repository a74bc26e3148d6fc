// Package frontend is what the integration tests share (integration and
// the packages under it, each of which runs statuslint through one front
// end): building statuslint once per test binary, running a command, the
// go environment of a copy of the example, and reading the findings the
// front ends print.
//
// The packages are split by the tool they build and run (golangci-lint,
// gopls, a nogo-shaped vet tool), so that each stays well within go test's
// default timeout of 10 minutes; see the README's Tests section.
package frontend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/testmodule"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// Statuslint builds cmd/statuslint once per test binary and returns its
// path. The binary is in a [testmodule.SharedDir]: call [testmodule.Main]
// from TestMain.
func Statuslint(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := testmodule.SharedDir("statuslint-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "statuslint")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/statuslint")
		cmd.Dir = testmodule.RepoRoot(t)
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("building statuslint: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

// Result is what a command printed and how it exited.
type Result struct {
	Stdout, Stderr string
	ExitCode       int
}

// Run runs name with args in dir, env added to the environment, and
// returns its output; it fails the test only when the command cannot be
// started.
func Run(t testing.TB, dir string, env []string, name string, args ...string) Result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String()}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		res.ExitCode = ee.ExitCode()
	}
	return res
}

// GoEnv is the host's go environment for commands run in a copy of the
// example (or a module made from its go.mod): its go.sum may lack lines
// for the modules this checkout of statuslint requires, so the go command
// may add them.
func GoEnv() []string {
	flags := []string{"-mod=mod"}
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		if !strings.HasPrefix(f, "-mod=") && !strings.HasPrefix(f, "--mod=") {
			flags = append(flags, f)
		}
	}
	return []string{"GOFLAGS=" + strings.Join(flags, " "), "GOWORK=off"}
}

// ExampleCopy copies example/ to a new temporary directory (its path with
// symbolic links resolved, as the tools print it), points its relative
// replace directives at the directories they name in this checkout,
// writes golangciConfig as its .golangci.yml and returns the directory.
func ExampleCopy(t testing.TB, golangciConfig string) string {
	t.Helper()
	src := filepath.Join(testmodule.RepoRoot(t), "example")
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(tmp, "example")
	testmodule.CopyTree(t, src, dst)

	r := Run(t, dst, GoEnv(), "go", "mod", "edit", "-json")
	if r.ExitCode != 0 {
		t.Fatalf("go mod edit -json: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	var mod struct {
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal([]byte(r.Stdout), &mod); err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	for _, rep := range mod.Replace {
		p := rep.New.Path
		if !(p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")) {
			continue
		}
		old := rep.Old.Path
		if rep.Old.Version != "" {
			old += "@" + rep.Old.Version
		}
		if r := Run(t, dst, GoEnv(), "go", "mod", "edit", "-replace="+old+"="+filepath.Join(src, p)); r.ExitCode != 0 {
			t.Fatalf("go mod edit -replace: exit %d\n%s", r.ExitCode, r.Stderr)
		}
	}
	if err := os.WriteFile(filepath.Join(dst, ".golangci.yml"), []byte(golangciConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// DiagLine matches a finding, or a line of its related information
// (message indented by a tab), in go vet's and the command's text output.
var DiagLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

// Diagnostics extracts "file:line:col: message" lines from a tool's output,
// with file names relative to dir, sorted, and without the pass's name that
// go vet's and the command's messages end with (NameFindings), so that
// they compare with the front ends that name the pass apart (gopls,
// golangci-lint, nogo); integration's TestPassNames checks the names. The
// related information go vet and statuslint print under a finding,
// indented (the reconcile path, one step a line), is appended to the
// finding's line, each entry as " [related file:line:col: message]".
func Diagnostics(dir, out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		m := DiagLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		file := m[1]
		if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsAbs(file) {
			file = rel
		}
		file = strings.TrimPrefix(file, "./")
		if msg, ok := strings.CutPrefix(m[4], "\t"); ok && len(lines) > 0 {
			lines[len(lines)-1] += " [related " + file + ":" + m[2] + ":" + m[3] + ": " + msg + "]"
			continue
		}
		lines = append(lines, file+":"+m[2]+":"+m[3]+": "+WithoutPassName(m[4]))
	}
	sort.Strings(lines)
	return lines
}

// WithoutPassName returns a message without the " (pass)" it ends with.
func WithoutPassName(msg string) string {
	if rest, name, ok := CutPassName(msg); ok && name != "" {
		return rest
	}
	return msg
}

// CutPassName splits a message into its text and the name of the pass it
// ends with, " (statusupdate)"; ok is false when it ends with none.
func CutPassName(msg string) (text, pass string, ok bool) {
	for _, name := range append(slices.Clone(analyzer.Names), ignore.Name) {
		if text, found := strings.CutSuffix(msg, " ("+name+")"); found {
			return text, name, true
		}
	}
	return msg, "", false
}

// GoVet runs go vet -vettool=statuslint with args on ./... in dir and
// returns its findings as [Diagnostics] does.
func GoVet(t testing.TB, dir string, args ...string) []string {
	t.Helper()
	r := Run(t, dir, nil, "go", append([]string{"vet", "-vettool=" + Statuslint(t)}, append(args, "./...")...)...)
	if r.ExitCode != 0 && r.ExitCode != 1 {
		t.Fatalf("go vet: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	return Diagnostics(dir, r.Stderr)
}

// ChangedFiles lists the .go files whose contents differ between the
// module copies a and b.
func ChangedFiles(t testing.TB, a, b string) []string {
	t.Helper()
	var changed []string
	err := filepath.Walk(b, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(b, path)
		x, _ := os.ReadFile(filepath.Join(a, rel))
		y, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if string(x) != string(y) {
			changed = append(changed, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return changed
}

// Minus returns the findings of a that are not in b.
func Minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// Lines formats findings one a line, indented, for a test's message.
func Lines(findings []string) string {
	if len(findings) == 0 {
		return "\t(none)"
	}
	return "\t" + strings.Join(findings, "\n\t")
}

// FirstDifference shows where two texts start to differ.
func FirstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	start := max(0, i-200)
	return fmt.Sprintf("at byte %d:\n%s\n--- vs ---\n%s", i, a[start:min(len(a), i+200)], b[start:min(len(b), i+200)])
}
