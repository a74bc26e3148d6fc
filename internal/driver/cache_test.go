package driver

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/testmodule"
	"github.com/statuslint/statuslint/internal/vetskip"
)

// TestMain points the fact cache at a directory of the tests' own, so
// that no test reads or writes the user's; the tests that look at the
// cache give themselves a fresh one.
func TestMain(m *testing.M) {
	dir, err := testmodule.SharedDir("statuslint-facts-")
	if err != nil {
		panic(err)
	}
	os.Setenv(EnvCache, dir)
	testmodule.Main(m)
}

var (
	loadLine  = regexp.MustCompile(`(?m)^statuslint: loaded (\d+) packages, (\d+) of them type-checked from source .*\n`)
	cacheLine = regexp.MustCompile(`(?m)^statuslint: fact cache .*: (\d+) packages' facts read, (\d+) written.*\n`)
	// Positions in the fact log: those of a cached package's objects
	// come from export data, which has lines but no columns.
	factColumn = regexp.MustCompile(`(?m)^(\S+?:\d+):\d+(: (object|package) .* has fact )`)
)

// A cacheRun is what one run with -debug=fv said.
type cacheRun struct {
	code          int
	out           string // findings and facts, sorted, without the summaries
	total, source int
	read, written int
	cacheLine     bool   // the run used the cache
	summary       string // its summary line
}

// runCache runs the driver with -debug=fv (findings and facts) in dir.
func runCache(t *testing.T, dir string, args ...string) cacheRun {
	t.Helper()
	code, _, stderr := runIn(t, dir, append([]string{"-debug=fv"}, args...)...)
	var r cacheRun
	r.code = code
	m := loadLine.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no load summary:\n%s", stderr)
	}
	r.total, r.source = atoi(t, m[1]), atoi(t, m[2])
	if c := cacheLine.FindStringSubmatch(stderr); c != nil {
		r.cacheLine = true
		r.summary = strings.TrimSpace(c[0])
		r.read, r.written = atoi(t, c[1]), atoi(t, c[2])
	}
	out := cacheLine.ReplaceAllString(loadLine.ReplaceAllString(stderr, ""), "")
	out = factColumn.ReplaceAllString(out, "$1$2")
	r.out = strings.Join(sortedLines(out), "\n")
	return r
}

// coldAndWarm runs the driver twice on a fresh cache and checks that the
// second run read from the cache what the first wrote, type-checked
// fewer packages from source, and found and logged the same.
func coldAndWarm(t *testing.T, dir string, args ...string) (cold, warm cacheRun) {
	t.Helper()
	t.Setenv(EnvCache, t.TempDir())
	cold = runCache(t, dir, args...)
	warm = runCache(t, dir, args...)
	if cold.code != 3 || warm.code != 3 {
		t.Errorf("exit codes %d and %d, want 3 (findings)", cold.code, warm.code)
	}
	if !cold.cacheLine || cold.read != 0 || cold.written == 0 {
		t.Errorf("cold run: read %d, wrote %d; want 0 and some", cold.read, cold.written)
	}
	if warm.read != cold.written || warm.written != 0 {
		t.Errorf("warm run: read %d, wrote %d; want %d and 0", warm.read, warm.written, cold.written)
	}
	if warm.total != cold.total || warm.source != cold.source-warm.read {
		t.Errorf("type-checked from source: %d of %d cold, %d of %d warm (%d cached)", cold.source, cold.total, warm.source, warm.total, warm.read)
	}
	if cold.out != warm.out {
		t.Errorf("cold cache:\n%s\nwarm cache:\n%s", cold.out, warm.out)
	}
	t.Logf("cold: %d of %d type-checked from source; warm: %d, %d packages' facts from the cache", cold.source, cold.total, warm.source, warm.read)
	return cold, warm
}

// TestCacheSameFindingsAndFacts: with a warm cache, the stub module's
// dependencies that carry facts (status, with a package fact and object
// facts, and wrap, which passes them on) are read from export data, and
// the findings and every fact are those of the cold run.
func TestCacheSameFindingsAndFacts(t *testing.T) {
	dir := testmodule.StubModule(t)
	_, warm := coldAndWarm(t, dir, "./internal/controller/...")
	for _, want := range []string{
		"(*status.Writer).Flush",
		"status.SetReady",
		"package example.com/skiptest/internal/status has fact",
		"object func status.SetReady",
	} {
		if !strings.Contains(warm.out, want) {
			t.Errorf("warm run lacks %q:\n%s", want, warm.out)
		}
	}
}

// TestCacheOnExample does the same on a copy of the bundled example,
// whose cached dependencies are controller-runtime's.
func TestCacheOnExample(t *testing.T) {
	if testing.Short() {
		t.Skip("loads controller-runtime")
	}
	dir := testmodule.ExampleCopy(t)
	_, warm := coldAndWarm(t, dir, "./...")
	if !strings.Contains(warm.out, "controllerutil.CreateOrPatch") || !strings.Contains(warm.out, "status.SetReady") {
		t.Errorf("facts or findings missing:\n%s", warm.out)
	}
}

// TestCacheOnGeneratedModule does the same on a module from bench/gen,
// analysing its controllers only, so that its status helper packages,
// which carry object and package facts, are dependencies taken from the
// cache too.
func TestCacheOnGeneratedModule(t *testing.T) {
	if testing.Short() {
		t.Skip("loads controller-runtime")
	}
	bench := filepath.Join(testmodule.RepoRoot(t), "bench")
	if _, err := os.Stat(filepath.Join(bench, "gen")); err != nil {
		t.Skip("no generator")
	}
	dir := filepath.Join(t.TempDir(), "op")
	cmd := exec.Command("go", "run", "./gen", "-packages", "12", "-out", dir)
	cmd.Dir = bench
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./gen: %v\n%s", err, out)
	}
	_, warm := coldAndWarm(t, dir, "./internal/controller/...")
	var helperFacts, pkgFacts int
	for line := range strings.SplitSeq(warm.out, "\n") {
		if strings.Contains(line, "/internal/status/") && strings.Contains(line, " has fact ") {
			helperFacts++
			if strings.Contains(line, ": package ") {
				pkgFacts++
			}
		}
	}
	if helperFacts == 0 || pkgFacts == 0 {
		t.Errorf("warm run: %d facts of the status helpers, %d of them package facts; want some of each:\n%s", helperFacts, pkgFacts, warm.out)
	}
}

// TestCacheInvalidation changes a cached dependency so that its facts go,
// and with them those of relay, which calls it and whose own source does
// not change: the roots' findings must follow, and come back with the
// original source. (That relay's key changes through status's key alone
// is TestCacheKeys': here its export file changes too.)
func TestCacheInvalidation(t *testing.T) {
	dir := testmodule.StubModule(t)
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/relay/relay.go": `package relay

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/skiptest/internal/status"
)

func Ready(ctx context.Context, c client.Client, obj client.Object) error {
	return status.SetReady(ctx, c, obj)
}
`,
		"internal/controller/viarelay/viarelay.go": `package viarelay

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/skiptest/api"
	"example.com/skiptest/internal/relay"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, relay.Ready(ctx, r, &w)
}
`,
	})
	t.Setenv(EnvCache, t.TempDir())
	file := filepath.Join(dir, "internal", "status", "status.go")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Not inlinable, so that relay's facts come from SetReady's fact,
	// not from its body inlined.
	orig = []byte(strings.Replace(string(orig), "func SetReady(", "//go:noinline\nfunc SetReady(", 1))
	testmodule.WriteFiles(t, dir, map[string]string{"internal/status/status.go": string(orig)})
	findings := func(r cacheRun) (setReady, flush, relayed bool) {
		for line := range strings.SplitSeq(r.out, "\n") {
			if strings.Contains(line, " has fact ") {
				continue
			}
			setReady = setReady || strings.Contains(line, "direct.go") && strings.Contains(line, "status.SetReady")
			flush = flush || strings.Contains(line, "(*status.Writer).Flush")
			relayed = relayed || strings.Contains(line, "viarelay.go") && strings.Contains(line, "relay.Ready")
		}
		return setReady, flush, relayed
	}

	first := runCache(t, dir, "./internal/controller/...")
	if sr, fl, rl := findings(first); !sr || !fl || !rl {
		t.Fatalf("no findings through status.SetReady (%v), Flush (%v) or relay.Ready (%v):\n%s", sr, fl, rl, first.out)
	}
	warm := runCache(t, dir, "./internal/controller/...")
	if warm.read == 0 {
		t.Fatalf("second run read nothing from the cache")
	}

	// Neither function writes the status any more.
	changed := strings.ReplaceAll(string(orig), "Status().Update(ctx, obj)", "Get(ctx, client.ObjectKeyFromObject(obj), obj)")
	if changed == string(orig) {
		t.Fatal("status.go has no Status().Update to change")
	}
	testmodule.WriteFiles(t, dir, map[string]string{"internal/status/status.go": changed})
	after := runCache(t, dir, "./internal/controller/...")
	if sr, fl, rl := findings(after); sr || fl || rl {
		t.Errorf("after the change, findings through status.SetReady (%v), Flush (%v) or relay.Ready (%v) remain:\n%s", sr, fl, rl, after.out)
	}
	if after.written == 0 {
		t.Errorf("the changed dependency's facts were not written")
	}
	if strings.Contains(after.out, "has fact writes status") {
		t.Errorf("stale facts:\n%s", after.out)
	}

	testmodule.WriteFiles(t, dir, map[string]string{"internal/status/status.go": string(orig)})
	back := runCache(t, dir, "./internal/controller/...")
	for _, r := range []cacheRun{first, warm, after, back} {
		t.Logf("%d from source, %d packages' facts read, %d written", r.source, r.read, r.written)
	}
	if back.out != first.out {
		t.Errorf("with the original source again:\n%s\nfirst run:\n%s", back.out, first.out)
	}
}

// TestCacheCorrupt truncates every entry: the next run ignores them,
// computes the facts again, and finds the same.
func TestCacheCorrupt(t *testing.T) {
	dir := testmodule.StubModule(t)
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	cold := runCache(t, dir, "./internal/controller/...")
	entries := cacheEntries(t, cache)
	if len(entries) == 0 || len(entries) != cold.written {
		t.Fatalf("%d files in the cache, %d entries written", len(entries), cold.written)
	}
	saved := make(map[string][]byte)
	for _, f := range entries {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		saved[f] = data
	}
	truncate := func(f string) {
		t.Helper()
		if err := os.WriteFile(f, saved[f][:len(saved[f])/2], 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// One entry at a time: its package is analysed again, and so are
	// the cached packages above it, which must not be read from export
	// data when it is type-checked from source.
	for _, bad := range entries {
		for _, f := range entries {
			if err := os.WriteFile(f, saved[f], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		truncate(bad)
		one := runCache(t, dir, "./internal/controller/...")
		if one.read >= cold.written || one.written == 0 || one.out != cold.out {
			t.Errorf("one entry truncated: read %d, wrote %d of %d; findings and facts:\n%s\ncold:\n%s", one.read, one.written, cold.written, one.out, cold.out)
		}
	}

	for _, f := range entries {
		truncate(f)
	}
	again := runCache(t, dir, "./internal/controller/...")
	if again.read != 0 || again.written != cold.written || again.source != cold.source {
		t.Errorf("after truncation: read %d, wrote %d, %d from source; want 0, %d, %d", again.read, again.written, again.source, cold.written, cold.source)
	}
	if again.out != cold.out {
		t.Errorf("after truncation:\n%s\ncold:\n%s", again.out, cold.out)
	}
	warm := runCache(t, dir, "./internal/controller/...")
	if warm.read != cold.written {
		t.Errorf("the rewritten entries were not read: %d of %d", warm.read, cold.written)
	}
}

// TestCacheOff: STATUSLINT_CACHE=off and STATUSLINT_NOSKIP=1 neither read
// nor write the cache; unset, it is in the user cache directory.
func TestCacheOff(t *testing.T) {
	dir := testmodule.StubModule(t)
	// A home of the test's own, for os.UserCacheDir, with the go
	// command's caches and settings where they were.
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOENV").Output()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		t.Setenv([]string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"}[i], v)
	}
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv("HOME", home)
	home = filepath.Join(home, "statuslint")

	t.Setenv(EnvCache, "off")
	off := runCache(t, dir, "./internal/controller/...")
	if off.cacheLine || len(cacheFiles(t, home)) != 0 {
		t.Errorf("%s=off used a cache", EnvCache)
	}

	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	t.Setenv(vetskip.EnvDisable, "1")
	noskip := runCache(t, dir, "./internal/controller/...")
	if noskip.cacheLine || len(cacheFiles(t, cache)) != 0 {
		t.Errorf("%s=1 wrote the cache", vetskip.EnvDisable)
	}
	t.Setenv(vetskip.EnvDisable, "")
	cold := runCache(t, dir, "./internal/controller/...")
	if cold.written == 0 || cold.source != off.source {
		t.Fatalf("cold run: wrote %d, %d from source (off: %d)", cold.written, cold.source, off.source)
	}
	t.Setenv(vetskip.EnvDisable, "1")
	noskip = runCache(t, dir, "./internal/controller/...")
	if noskip.cacheLine || noskip.source != noskip.total {
		t.Errorf("%s=1 with a warm cache: %d of %d from source, cache line %v", vetskip.EnvDisable, noskip.source, noskip.total, noskip.cacheLine)
	}
	t.Setenv(vetskip.EnvDisable, "")
	t.Setenv(EnvCache, "off")
	if off2 := runCache(t, dir, "./internal/controller/..."); off2.cacheLine || off2.source != off.source {
		t.Errorf("%s=off with a warm cache: %d from source, want %d", EnvCache, off2.source, off.source)
	}

	os.Unsetenv(EnvCache)
	def := runCache(t, dir, "./internal/controller/...")
	if !def.cacheLine || len(cacheEntries(t, filepath.Join(home, "facts"))) != def.written || def.written == 0 {
		t.Errorf("default cache: wrote %d; in the user cache dir: %q", def.written, cacheFiles(t, home))
	}
}

// cacheFiles lists the files under dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, path)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// cacheEntries lists the cache's entries under dir, without trim.txt or
// any other file.
func cacheEntries(t *testing.T, dir string) []string {
	t.Helper()
	return slices.DeleteFunc(cacheFiles(t, dir), func(f string) bool {
		return !isEntryName(filepath.Base(filepath.Dir(f)), filepath.Base(f))
	})
}

// TestCacheKeys: a package's key changes with its files' contents, with
// the key of a dependency type-checked from source even when nothing of
// the package itself changes, with the export file of a dependency read
// from export data, and with any analyzer flag.
func TestCacheKeys(t *testing.T) {
	t.Setenv(EnvCache, t.TempDir())
	dir := t.TempDir()
	testmodule.WriteFiles(t, dir, map[string]string{"a/a.go": "package a\n", "b/b.go": "package b\n"})
	ext := &packages.Package{ID: "ext", PkgPath: "ext", ExportFile: "ext-1"}
	a := &packages.Package{ID: "a", PkgPath: "a", Name: "a", ExportFile: "a-1", CompiledGoFiles: []string{filepath.Join(dir, "a", "a.go")}}
	b := &packages.Package{ID: "b", PkgPath: "b", Name: "b", ExportFile: "b-1", CompiledGoFiles: []string{filepath.Join(dir, "b", "b.go")},
		Imports: map[string]*packages.Package{"a": a, "ext": ext}}
	order := []*packages.Package{ext, a, b}
	source := map[*packages.Package]bool{a: true, b: true}

	flagged := &analysis.Analyzer{Name: "flagged", Doc: "x", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	mode := flagged.Flags.String("mode", "one", "")
	keys := func() (ka, kb [32]byte) {
		t.Helper()
		c, err := openFactCache([]*analysis.Analyzer{flagged})
		if err != nil || c == nil {
			t.Fatalf("openFactCache: %v, %v", c, err)
		}
		c.keys(nil, order, source)
		return c.keyOf[a], c.keyOf[b]
	}
	a0, b0 := keys()
	if a1, b1 := keys(); a1 != a0 || b1 != b0 {
		t.Fatal("keys differ between two computations")
	}

	testmodule.WriteFiles(t, dir, map[string]string{"a/a.go": "package a // changed\n"})
	if a1, b1 := keys(); a1 == a0 || b1 == b0 {
		t.Errorf("a's source changed: a's key changed %v, b's %v; want both", a1 != a0, b1 != b0)
	}
	testmodule.WriteFiles(t, dir, map[string]string{"a/a.go": "package a\n"})
	if a1, b1 := keys(); a1 != a0 || b1 != b0 {
		t.Errorf("a's source back: keys not back")
	}

	ext.ExportFile = "ext-2"
	if a1, b1 := keys(); a1 != a0 || b1 == b0 {
		t.Errorf("ext's export file changed: a's key changed %v (want false), b's %v (want true)", a1 != a0, b1 != b0)
	}
	ext.ExportFile = "ext-1"

	*mode = "two"
	if a1, b1 := keys(); a1 == a0 || b1 == b0 {
		t.Errorf("a flag changed: keys did not")
	}
}
