package integration

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

// The command as users meet it (issue 32), through the real binary and
// the real go vet, on a copy of the example.

// TestPassNames: every finding names its pass, in go vet's text report
// and the command's, so that the name a //statuslint:ignore directive
// needs is on the line.
func TestPassNames(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	vet := run(t, dir, nil, "go", "vet", "-vettool="+statuslintBinary(t), "./...")
	standalone := run(t, dir, nil, statuslintBinary(t), "./...")
	if standalone.ExitCode != 3 {
		t.Errorf("statuslint ./...: exit %d, want 3 (findings)\n%s", standalone.ExitCode, standalone.Stderr)
	}
	for _, r := range []struct {
		name, out string
	}{{"go vet", vet.Stderr}, {"statuslint", standalone.Stderr}} {
		passes := make(map[string]bool)
		n := 0
		for _, line := range strings.Split(r.out, "\n") {
			m := diagLine.FindStringSubmatch(line)
			if m == nil || strings.HasPrefix(m[4], "\t") {
				continue // not a finding, or its related information
			}
			n++
			_, pass, ok := cutPassName(m[4])
			if !ok {
				t.Errorf("%s: finding without its pass's name: %s", r.name, line)
			}
			passes[pass] = true
			if strings.HasPrefix(m[1], "/") {
				t.Errorf("%s: path not relative to the working directory: %s", r.name, line)
			}
		}
		if n == 0 || !passes["statusupdate"] || !passes["fieldmanager"] || !passes["conditions"] {
			t.Errorf("%s: findings of %v only, want statusupdate, fieldmanager and conditions among them:\n%s", r.name, passes, r.out)
		}
	}

	// -fix -diff names the files as the findings do.
	diff := run(t, dir, nil, statuslintBinary(t), "-fix", "-diff", "./...")
	if !strings.Contains(diff.Stdout, "--- internal/controller/widget_controller.go (old)\n+++ internal/controller/widget_controller.go (new)\n") {
		t.Errorf("-fix -diff headers are not relative to the working directory:\n%.600s", diff.Stdout)
	}
}

// TestVersion: -version names a version, and go vet's -V=full answers as
// go vet expects ("statuslint version ... buildID=..."), with a key that
// changes when the binary does.
func TestVersion(t *testing.T) {
	bin := statuslintBinary(t)
	r := run(t, t.TempDir(), nil, bin, "-version")
	if r.ExitCode != 0 || !regexp.MustCompile(`^statuslint (v\d+\.\d+\.\d+\S*|devel( \S+)?) \(built with go\S+\)\n$`).MatchString(r.Stdout) {
		t.Errorf("-version: exit %d, printed %q", r.ExitCode, r.Stdout)
	}
	vetID := regexp.MustCompile(`^statuslint version (\S+|devel( \S+)?) buildID=([0-9a-f]{64})\n$`)
	first := run(t, t.TempDir(), nil, bin, "-V=full")
	m := vetID.FindStringSubmatch(first.Stdout)
	if first.ExitCode != 0 || m == nil {
		t.Fatalf("-V=full: exit %d, printed %q", first.ExitCode, first.Stdout)
	}
	// Another build of the same source with a different salt: another
	// key, so that go vet does not reuse the older binary's results.
	other := filepath.Join(t.TempDir(), "statuslint")
	build := exec.Command("go", "build", "-ldflags=-X main.salt=other", "-o", other, "./cmd/statuslint")
	build.Dir = testmodule.RepoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	second := run(t, t.TempDir(), nil, other, "-V=full")
	if m2 := vetID.FindStringSubmatch(second.Stdout); m2 == nil || m2[3] == m[3] {
		t.Errorf("-V=full of two different binaries: %q and %q, want different buildIDs", first.Stdout, second.Stdout)
	}
	// go vet accepts the answer.
	dir := testmodule.ExampleCopy(t)
	if r := run(t, dir, nil, "go", "vet", "-vettool="+bin, "./internal/controller/"); strings.Contains(r.Stderr, "unexpected output") {
		t.Errorf("go vet rejects -V=full:\n%s", r.Stderr)
	}
}

// TestHelpAndModule: help for a pass that does not exist names the ones
// that do; a run outside a module says what to do.
func TestHelpAndModule(t *testing.T) {
	bin := statuslintBinary(t)
	r := run(t, t.TempDir(), nil, bin, "help", "statusupdat")
	if r.ExitCode != 2 || strings.Count(r.Stderr, "\n") != 1 || !strings.Contains(r.Stderr, `no pass named "statusupdat"`) || !strings.Contains(r.Stderr, "statusupdate, fieldmanager") {
		t.Errorf("help statusupdat: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	if r := run(t, t.TempDir(), nil, bin, "help", "statusupdate"); r.ExitCode != 0 || !strings.Contains(r.Stdout+r.Stderr, "statusupdate") {
		t.Errorf("help statusupdate: exit %d\n%s%s", r.ExitCode, r.Stdout, r.Stderr)
	}

	nomod := t.TempDir()
	testmodule.WriteFiles(t, nomod, map[string]string{"x.go": "package x\n"})
	r = run(t, nomod, []string{"GOFLAGS=-mod=mod", "GO111MODULE=on"}, bin, ".")
	if r.ExitCode != 1 || !strings.Contains(r.Stderr, "no go.mod here or above") {
		t.Errorf("statuslint . outside a module: exit %d\n%s", r.ExitCode, r.Stderr)
	}
}

// TestBrokenPackage: a package that does not type-check has its errors
// printed once, its importers one line each, and no analysis errors.
func TestBrokenPackage(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	path := filepath.Join(dir, "internal", "controller", "widget_controller.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, "\nfunc broken() int { return \"x\" }\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, dir, nil, statuslintBinary(t), "./...")
	lines := strings.Split(strings.TrimSpace(r.Stderr), "\n")
	if r.ExitCode != 1 || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], "internal/controller/widget_controller.go:") || !strings.Contains(lines[0], "cannot use \"x\"") ||
		lines[1] != "statuslint: github.com/statuslint/statuslint/example/cmd not analysed: it imports github.com/statuslint/statuslint/example/internal/controller, which has errors" {
		t.Errorf("exit %d, want 1 with the type error and one line for its importer:\n%s", r.ExitCode, r.Stderr)
	}
}

// TestJSONOnce: a package with tests makes its findings in its own files
// twice, as the package and as its test variant; -json has each once,
// under the package.
func TestJSONOnce(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/controller/widget_controller_test.go": "package controller\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
	})
	r := run(t, dir, nil, statuslintBinary(t), "-json", "./...")
	var tree map[string]map[string][]jsonDiagnostic
	if err := json.Unmarshal([]byte(r.Stdout), &tree); err != nil {
		t.Fatalf("exit %d: %v\n%s%s", r.ExitCode, err, r.Stdout, r.Stderr)
	}
	seen := make(map[string]bool)
	for id, byPass := range tree {
		for _, diags := range byPass {
			for _, d := range diags {
				if strings.Contains(id, "[") {
					t.Errorf("finding under the test variant %s: %s", id, d.Message)
				}
				if seen[d.Posn+d.Message] {
					t.Errorf("finding twice: %s: %s", d.Posn, d.Message)
				}
				seen[d.Posn+d.Message] = true
			}
		}
	}
	if len(seen) == 0 {
		t.Errorf("no findings:\n%s", r.Stdout)
	}
}

// TestFixUnwritable: -fix on the example with one of the files it would
// rewrite immutable (chattr +i, which stops root too) changes no file,
// names the file, exits non-zero, and prints the findings that remain.
func TestFixUnwritable(t *testing.T) {
	if _, err := exec.LookPath("chattr"); err != nil {
		t.Skip("no chattr to make a file immutable")
	}
	dir := testmodule.ExampleCopy(t)
	locked := filepath.Join(dir, "internal", "controller", "gadget_controller.go")
	other := filepath.Join(dir, "internal", "controller", "widget_controller.go")
	if out, err := exec.Command("chattr", "+i", locked).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", locked).Run() })
	before, _ := os.ReadFile(other)
	r := run(t, dir, nil, statuslintBinary(t), "-fix", "./...")
	if r.ExitCode == 0 || !strings.Contains(r.Stderr, "statuslint: internal/controller/gadget_controller.go: cannot be written: operation not permitted; no file changed\n") {
		t.Errorf("-fix with an immutable file: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	if after, _ := os.ReadFile(other); string(after) != string(before) {
		t.Errorf("-fix changed %s although it could not write %s", other, locked)
	}
	if !strings.Contains(r.Stderr, "(statusupdate)\n") {
		t.Errorf("the findings that remain are not printed:\n%s", r.Stderr)
	}
}

// TestIndirectClientPackage: a package that hands the manager's client to
// another package's helper without importing the client package itself
// sees that package incompletely under go vet (export data lists only
// what its imports use) and completely standalone; the finding at the
// hand-over must read the same both ways (seen on a real operator: one
// said "set -fieldmanager.name", the other "whether this release has
// client.WithFieldOwner is not known").
func TestIndirectClientPackage(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/helper/helper.go": `package helper

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Ensure creates obj through c.
func Ensure(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Create(ctx, obj)
}
`,
		"internal/wiring/wiring.go": `package wiring

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/statuslint/statuslint/example/internal/helper"
)

// Run makes a manager and hands its client to the helper.
func Run(ctx context.Context) error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	return helper.Ensure(ctx, mgr.GetClient(), &corev1.ConfigMap{})
}
`,
	})
	vet := goVet(t, dir)
	r := run(t, dir, nil, statuslintBinary(t), "./...")
	standalone := diagnostics(dir, r.Stderr)
	pick := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "internal/wiring/") {
				out = append(out, l)
			}
		}
		return out
	}
	v, s := pick(vet), pick(standalone)
	if len(v) != 1 || !strings.Contains(v[0], "client handed to helper.Ensure names no field manager") || strings.Join(v, "\n") != strings.Join(s, "\n") {
		t.Errorf("go vet and standalone differ at the hand-over:\ngo vet:\n%s\nstandalone:\n%s", strings.Join(v, "\n"), strings.Join(s, "\n"))
	}
}
