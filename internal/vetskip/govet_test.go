package vetskip_test

import (
	"bytes"
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
	"time"

	"github.com/statuslint/statuslint/internal/testmodule"
	"github.com/statuslint/statuslint/internal/vetskip"
)

// These tests run statuslint through the real go vet twice on the same
// module, with the skip and without it (STATUSLINT_NOSKIP=1), and check
// that the two runs print the same findings and write the same facts file
// (vetx) for every package, dependencies included, and that the skip did
// happen. Each run uses its own build of statuslint, with a salt of its
// own, so go vet's cached results of one run or of an earlier test run
// cannot stand in for the other's.

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
	dir, err := testmodule.SharedDir("statuslint-vetskip-")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "statuslint")
	salt = fmt.Sprintf("%s-%d-%d", salt, os.Getpid(), time.Now().UnixNano())
	cmd := exec.Command("go", "build", "-ldflags=-X main.salt="+salt, "-o", bin, "./cmd/statuslint")
	cmd.Dir = testmodule.RepoRoot(t)
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
		// "go: downloading ..." lines come first on a cold module cache,
		// in the first run only.
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "WORK=") || strings.HasPrefix(l, "go: ") || strings.TrimSpace(l) == "" {
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
	dir := testmodule.StubModule(t)
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
		if !slices.Contains(skip.skipped, id) {
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
	dir := testmodule.ExampleCopy(t)
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

// TestMain removes the statuslint builds the tests shared.
func TestMain(m *testing.M) { testmodule.Main(m) }
