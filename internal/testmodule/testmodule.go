// Package testmodule writes small Go modules for tests that run the go
// command (go vet, go list) on code using controller-runtime: a module
// whose controller-runtime, apimachinery, client-go and logr are the API
// stubs under testdata/src, replaced in go.mod, so no network is needed.
package testmodule

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
)

// RepoRoot returns the root of the statuslint repository.
func RepoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the testmodule source")
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// CopyDir copies the directory tree src to dst, keeping file modes.
func CopyDir(src, dst string) error {
	return filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
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
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// CopyTree copies the directory tree src to dst, failing the test on error.
func CopyTree(t testing.TB, src, dst string) {
	t.Helper()
	if err := CopyDir(src, dst); err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}

// ExampleCopy copies the bundled example operator to a temporary
// directory and points its replace directive back at this checkout. It
// skips the test when there is no example.
func ExampleCopy(t testing.TB) string {
	t.Helper()
	src := filepath.Join(RepoRoot(t), "example")
	if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
		t.Skip("no example module")
	}
	dst := filepath.Join(t.TempDir(), "example")
	CopyTree(t, src, dst)
	cmd := exec.Command("go", "mod", "edit", "-replace=github.com/statuslint/statuslint="+RepoRoot(t))
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit: %v\n%s", err, out)
	}
	return dst
}

// WriteFiles writes files (slash-separated names relative to dir).
func WriteFiles(t testing.TB, dir string, files map[string]string) {
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

// StubModule writes, in a new temporary directory, the module
// example.com/skiptest using the API stubs as replaced modules, with
// packages api, internal/util (imports nothing that matters),
// internal/status (status writers), internal/wrap (passes on a fact of
// status without importing controller-runtime) and two controllers,
// internal/controller and internal/controller/direct.
func StubModule(t testing.TB) string {
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
		CopyTree(t, filepath.Join(RepoRoot(t), "testdata", "src", filepath.FromSlash(stubs[p])), sub)
		WriteFiles(t, sub, map[string]string{"go.mod": "module " + p + "\n\ngo 1.22\n"})
		fmt.Fprintf(&mod, "require %s v0.0.0\nreplace %s => ./stubs/%d\n", p, p, i)
	}
	WriteFiles(t, dir, map[string]string{
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

var (
	sharedMu   sync.Mutex
	sharedDirs []string
)

// SharedDir creates a temporary directory that outlives a single test:
// for what a package's tests build once and share (a binary, a GOPATH).
// [Main] removes every such directory when the tests are done.
func SharedDir(prefix string) (string, error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", err
	}
	sharedMu.Lock()
	sharedDirs = append(sharedDirs, dir)
	sharedMu.Unlock()
	return dir, nil
}

// Main runs the tests and then removes the directories made by
// [SharedDir]; call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	sharedMu.Lock()
	for _, dir := range sharedDirs {
		os.RemoveAll(dir)
	}
	sharedMu.Unlock()
	os.Exit(code)
}
