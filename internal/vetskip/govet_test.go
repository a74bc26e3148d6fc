package vetskip_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/statuslint/statuslint/internal/vetskip"
)

// These tests run statuslint through the real go vet twice on the same
// module, with the skip and without it (STATUSLINT_NOSKIP=1), and check
// that the two runs print the same findings and write the same facts file
// (vetx) for every package, dependencies included, and that the skip did
// happen. Each run uses its own build of statuslint, with a salt of its
// own, so go vet's cached results of one run or of an earlier test run
// cannot stand in for the other's.

func repoRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the test file")
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

var (
	binMu sync.Mutex
	bins  = map[string]string{}
)

// statuslint builds cmd/statuslint with the given salt, once per test run.
func statuslint(t *testing.T, salt string) string {
	t.Helper()
	binMu.Lock()
	defer binMu.Unlock()
	if bin, ok := bins[salt]; ok {
		return bin
	}
	dir, err := os.MkdirTemp("", "statuslint-vetskip-")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "statuslint")
	salt = fmt.Sprintf("%s-%d-%d", salt, os.Getpid(), time.Now().UnixNano())
	cmd := exec.Command("go", "build", "-ldflags=-X main.salt="+salt, "-o", bin, "./cmd/statuslint")
	cmd.Dir = repoRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building statuslint: %v\n%s", err, out)
	}
	bins[salt] = bin
	return bin
}

// vetRun is what one go vet run printed and wrote.
type vetRun struct {
	findings []string          // "file:line:col: message", sorted
	vetx     map[string][]byte // by package ID
	cfgs     map[string]*vetskip.Config
	skipped  []string // IDs of the packages the skip applies to
}

var workLine = regexp.MustCompile(`(?m)^WORK=(.*)$`)

// goVet runs go vet -vettool=bin in dir, keeping its work directory to
// read every package's config and facts file.
func goVet(t *testing.T, dir, bin string, noskip bool, patterns ...string) *vetRun {
	t.Helper()
	args := append([]string{"vet", "-work", "-vettool=" + bin}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	env := []string{vetskip.EnvDisable + "="}
	if noskip {
		env = []string{vetskip.EnvDisable + "=1"}
	}
	cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	m := workLine.FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("go vet printed no WORK= line (err %v):\n%s", err, stderr.String())
	}
	work := strings.TrimSpace(m[1])
	defer os.RemoveAll(work)
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("go vet: %v\n%s", err, stderr.String())
	}
	r := &vetRun{vetx: map[string][]byte{}, cfgs: map[string]*vetskip.Config{}}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "WORK=") || strings.TrimSpace(l) == "" {
			continue
		}
		r.findings = append(r.findings, strings.TrimPrefix(l, dir+string(filepath.Separator)))
	}
	sort.Strings(r.findings)
	cfgFiles, err := filepath.Glob(filepath.Join(work, "b*", "vet.cfg"))
	if err != nil || len(cfgFiles) == 0 {
		t.Fatalf("no vet.cfg in go vet's work directory (%v)", err)
	}
	for _, f := range cfgFiles {
		cfg, err := vetskip.ReadConfig(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(cfg.VetxOutput)
		if err != nil {
			t.Fatalf("%s: no facts file: %v", cfg.ID, err)
		}
		if _, dup := r.cfgs[cfg.ID]; dup {
			t.Fatalf("package %s vetted twice", cfg.ID)
		}
		r.cfgs[cfg.ID] = cfg
		r.vetx[cfg.ID] = data
		if vetskip.Reason(cfg) == "" {
			r.skipped = append(r.skipped, cfg.ID)
		}
	}
	sort.Strings(r.skipped)
	return r
}

// compare checks that the runs with and without the skip agree.
func compare(t *testing.T, skip, noskip *vetRun) {
	t.Helper()
	if a, b := strings.Join(skip.findings, "\n"), strings.Join(noskip.findings, "\n"); a != b {
		t.Errorf("findings differ\nwith the skip:\n%s\nwithout:\n%s", a, b)
	}
	if len(skip.vetx) != len(noskip.vetx) {
		t.Errorf("%d packages vetted with the skip, %d without", len(skip.vetx), len(noskip.vetx))
	}
	for id, want := range noskip.vetx {
		got, ok := skip.vetx[id]
		if !ok {
			t.Errorf("%s: not vetted with the skip", id)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: facts differ: %d bytes with the skip, %d without", id, len(got), len(want))
		}
	}
	if len(skip.skipped) == 0 {
		t.Error("the skip applied to no package")
	}
	if strings.Join(skip.skipped, ",") != strings.Join(noskip.skipped, ",") {
		t.Error("the runs disagree on which packages may be skipped")
	}
	for _, id := range skip.skipped {
		if len(noskip.vetx[id]) != 0 {
			t.Errorf("%s: may be skipped, but has %d bytes of facts when analyzed", id, len(noskip.vetx[id]))
		}
	}
}

// TestGoVetStubModule uses the controller-runtime and apimachinery stubs
// under testdata/src as modules, so it needs no network. Only
// ./internal/controller is vetted: everything else is a dependency, in
// VetxOnly mode, where the skip applies. One controller reaches a status
// Update through a method of a status package that it does not import:
// the fact comes to it re-exported in the facts of internal/wrap, a package
// that does not import controller-runtime. Skipping wrap would lose it.
func TestGoVetStubModule(t *testing.T) {
	dir := stubModule(t)
	skip := goVet(t, dir, statuslint(t, "stub-skip"), false, "./internal/controller/...")
	noskip := goVet(t, dir, statuslint(t, "stub-noskip"), true, "./internal/controller/...")
	compare(t, skip, noskip)

	const wrap = "example.com/skiptest/internal/wrap"
	if len(noskip.vetx[wrap]) == 0 {
		t.Errorf("%s passes on no facts: the test lost its point", wrap)
	}
	for _, id := range skip.skipped {
		if id == wrap || strings.HasPrefix(id, "sigs.k8s.io/") && strings.Contains(id, "client") {
			t.Errorf("%s must not be skipped", id)
		}
	}
	mustSkip := []string{"example.com/skiptest/internal/util", "fmt", "k8s.io/apimachinery/pkg/runtime"}
	for _, id := range mustSkip {
		if !contains(skip.skipped, id) {
			t.Errorf("%s not skipped", id)
		}
	}
	for _, want := range []string{
		"(*status.Writer).Flush", // through wrap's re-exported method fact
		"status.SetReady",        // a package function's fact, from a direct import
	} {
		found := false
		for _, f := range skip.findings {
			found = found || strings.Contains(f, want)
		}
		if !found {
			t.Errorf("no finding through %s; findings:\n%s", want, strings.Join(skip.findings, "\n"))
		}
	}
	t.Logf("%d packages vetted, %d skipped", len(skip.vetx), len(skip.skipped))
}

// TestGoVetExample runs on a copy of the bundled example, with the real
// controller-runtime and a thousand real dependencies; its cross-package
// status helper (internal/status) must still be reported where a
// reconciler calls it.
func TestGoVetExample(t *testing.T) {
	src := filepath.Join(repoRoot(t), "example")
	if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
		t.Skip("no example module")
	}
	dir := filepath.Join(t.TempDir(), "example")
	copyTree(t, src, dir)
	cmd := exec.Command("go", "mod", "edit", "-replace=github.com/statuslint/statuslint="+repoRoot(t))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit: %v\n%s", err, out)
	}
	skip := goVet(t, dir, statuslint(t, "example-skip"), false, "./...")
	noskip := goVet(t, dir, statuslint(t, "example-noskip"), true, "./...")
	compare(t, skip, noskip)
	found := false
	for _, f := range skip.findings {
		found = found || strings.Contains(f, "status.SetReady")
	}
	if !found {
		t.Errorf("no finding through the example's status.SetReady:\n%s", strings.Join(skip.findings, "\n"))
	}
	t.Logf("%d packages vetted, %d skipped", len(skip.vetx), len(skip.skipped))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// stubModule writes a module using the API stubs as replaced modules.
func stubModule(t *testing.T) string {
	dir := t.TempDir()
	stubs := map[string]string{ // module path → stub directory under testdata/src
		"sigs.k8s.io/controller-runtime": "sigs.k8s.io/controller-runtime",
		"k8s.io/apimachinery":            "k8s.io/apimachinery",
		"k8s.io/api":                     "k8s.io/api",
		"k8s.io/client-go":               "k8s.io/client-go",
		"github.com/go-logr/logr":        "github.com/go-logr/logr",
	}
	var mod strings.Builder
	mod.WriteString("module example.com/skiptest\n\ngo 1.22\n\n")
	var paths []string
	for p := range stubs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for i, p := range paths {
		sub := filepath.Join(dir, "stubs", fmt.Sprint(i))
		copyTree(t, filepath.Join(repoRoot(t), "testdata", "src", filepath.FromSlash(stubs[p])), sub)
		writeFiles(t, sub, map[string]string{"go.mod": "module " + p + "\n\ngo 1.22\n"})
		fmt.Fprintf(&mod, "require %s v0.0.0\nreplace %s => ./stubs/%d\n", p, p, i)
	}
	writeFiles(t, dir, map[string]string{
		"go.mod": mod.String(),
		"api/api.go": `package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Ready bool
}

func (in *Widget) DeepCopyObject() runtime.Object { c := *in; return &c }
`,
		"internal/util/util.go": `// Package util imports nothing that matters: the skip applies.
package util

import "fmt"

func Describe(name string) string { return fmt.Sprintf("widget %s", name) }
`,
		"internal/status/status.go": `package status

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func SetReady(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Status().Update(ctx, obj)
}

type Writer struct{ C client.Client }

func (w *Writer) Flush(ctx context.Context, obj client.Object) error {
	return w.C.Status().Update(ctx, obj)
}
`,
		"internal/wrap/wrap.go": `// Package wrap does not import controller-runtime, but passes on the
// fact of (*status.Writer).Flush to its importers.
package wrap

import "example.com/skiptest/internal/status"

var w status.Writer

func Writer() *status.Writer { return &w }
`,
		"internal/controller/controller.go": `package controller

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/skiptest/api"
	"example.com/skiptest/internal/util"
	"example.com/skiptest/internal/wrap"
)

// R does not import the status package: the fact of Flush reaches it
// only through wrap's facts.
type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	w.Name = util.Describe(w.Name)
	return reconcile.Result{}, wrap.Writer().Flush(ctx, &w)
}
`,
		"internal/controller/direct/direct.go": `package direct

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/skiptest/api"
	"example.com/skiptest/internal/status"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, status.SetReady(ctx, r, &w)
}
`,
	})
	return dir
}
