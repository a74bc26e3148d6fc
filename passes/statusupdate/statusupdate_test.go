package statusupdate_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/relatedtest"
	"github.com/statuslint/statuslint/passes/statusupdate"
)

func newAnalyzer(t *testing.T, roots string) *analysis.Analyzer {
	t.Helper()
	cfg := &statusupdate.Config{}
	if roots != "" { // an empty setting is an error; left out, there are none
		if err := cfg.Roots.Set(roots); err != nil {
			t.Fatal(err)
		}
	}
	return statusupdate.New(cfg, reconcilepath.New(&cfg.Roots, &cfg.Tests))
}

// testdata returns the absolute path of a GOPATH-style tree of stubs and
// cases: testdata (current controller-runtime) or testdata/legacy.
func testdata(elem ...string) string {
	dir, err := filepath.Abs(filepath.Join(append([]string{"..", "..", "testdata"}, elem...)...))
	if err != nil {
		panic(err)
	}
	return dir
}

// TestFixes covers the fixable writes; every fix is checked against a
// .golden file.
func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/basic", "statusupdate/shadow", "statusupdate/snapshots", "statusupdate/kept")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"basic.go:177: basic.go:169 (*ParamReconciler).Reconcile calls (*ParamReconciler).refresh",
	})
}

// TestPaths covers each way a reconcile reaches a write, and the writes
// that must not be reported.
func TestPaths(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/paths", "statusupdate/ownifaces")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"paths.go:35: paths.go:37 (*R).Reconcile calls a function literal in (*R).Reconcile",
		"paths.go:52: paths.go:31 (*R).Reconcile calls (*R).markReady",
		"paths.go:57: paths.go:44 (*R).Reconcile calls updateAny",
		"paths.go:67: paths.go:30 (*R).Reconcile calls (*updater).set",
		"paths.go:87: paths.go:30 (*R).Reconcile calls (valueSetter).set",
	})
}

// TestCrossPackage covers facts: the helper package exports a fact, the
// reconciler's package reports at its call.
func TestCrossPackage(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/crosspkg")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"crosspkg.go:20: crosspkg.go:20 (*R).Reconcile calls helpers.SetReady → helpers.update, which updates the status at helpers.go:19",
	})
}

// TestThroughInterface covers a write of another package's type reached
// through an interface the reconciler keeps: the constructor's Constructs
// fact names the type, its method's fact the write. The updater that
// writes nothing, and one whose source is not known, are quiet.
func TestThroughInterface(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/throughiface")
	relatedtest.Check(t, results, []string{
		"throughiface.go:31: throughiface.go:31 (*R).Reconcile calls (*updaters.widgetUpdater).SetReady, which updates the status at updaters.go:38",
	})
	// The fix is the method's, in its package: the call stays.
	fixes.AllowAcrossPackages(true)
	t.Cleanup(func() { fixes.AllowAcrossPackages(false) })
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/throughiface")
}

// TestThroughWriterParam covers another package's helper that updates
// through the writer it is handed (mongodb-kubernetes-operator's
// status.Update): a call handing it the status writer is a status Update,
// one handing it another subresource's writer is not.
func TestThroughWriterParam(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/writeruse")
}

// TestOneFindingPerWrite covers a write of another package reached from
// several calls: one finding, at the call nearest the root, the other
// calls as related information, a call under a directive left out.
func TestOneFindingPerWrite(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/grouped")
	var related []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				related = append(related, fmt.Sprintf("%s:%d %s", filepath.Base(p.Filename), p.Line, rel.Message))
			}
		}
	}
	want := []string{
		"grouped.go:32 (*R).Reconcile calls relay.MarkReady → helpers.SetReady → helpers.update, which updates the status at helpers.go:19",
		"grouped.go:40 this call reaches the same write ((*R).Reconcile → (*R).deep → helpers.SetReady → helpers.update at helpers.go:19)",
		"grouped.go:46 this call reaches the same write ((*R).Reconcile → (*R).deep → (*R).deeper → helpers.SetReady → helpers.update at helpers.go:19)",
		"grouped.go:35 this call reaches the same write ((*R).Reconcile → helpers.SetReady → helpers.update at helpers.go:19)",
	}
	slices.Sort(want)
	slices.Sort(related)
	if !slices.Equal(related, want) {
		t.Errorf("related information:\n%s\nwant:\n%s", strings.Join(related, "\n"), strings.Join(want, "\n"))
	}
}

// TestFreshReaders covers objects read from the API server (the
// manager's API reader, client.New without a cache) before the write:
// not reported; and the look-alikes that still are.
func TestFreshReaders(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/readers")
}

// TestScaffoldLayout is kubebuilder's layout: the package's tests build the
// reconcilers with an uncached client, and main (another package) with the
// manager's. The package and its test variant get the same findings.
func TestScaffoldLayout(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/scaffold")
}

// TestTestsOn checks tests as code of their own: the test files' writes
// judged with the tests' stores, the production writes as without tests.
func TestTestsOn(t *testing.T) {
	cfg := &statusupdate.Config{Tests: true}
	analysistest.Run(t, testdata(), statusupdate.New(cfg, reconcilepath.New(&cfg.Roots, &cfg.Tests)), "statusupdate/testson", "statusupdate/scaffold")
}

// TestFreshAcrossPackages covers helpers of another package that read the
// object again through a reader they are handed: their facts, and the
// calls that hand in an uncached client (not reported) or the cached one.
func TestFreshAcrossPackages(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/freshhelpers", "statusupdate/freshcaller")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"freshcaller.go:39: freshcaller.go:39 (*R).Reconcile calls freshhelpers.Write, which updates the status at freshhelpers.go:53",
		"freshcaller.go:49: freshcaller.go:49 (*Cached).Reconcile calls freshhelpers.UpdateWithRetry → a function literal in freshhelpers.UpdateWithRetry, which updates the status at freshhelpers.go:24",
		"freshcaller.go:50: freshcaller.go:50 (*Cached).Reconcile calls freshhelpers.Refresh → freshhelpers.refresh, which updates the status at freshhelpers.go:38",
	})
}

// TestFreshFromCallers covers an object parameter written or read fresh
// by every call of an unexported function, and the calls that break it.
func TestFreshFromCallers(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/callers")
}

// TestFreshAfterCallee covers a status Update after a call of a helper
// that wrote the object, and the helpers that do not always write it.
func TestFreshAfterCallee(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/callees")
}

// TestRoots covers extra roots named by the roots setting.
func TestRoots(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, `^\(\*statusupdate/roots\.Loop\)\.Run$`), "statusupdate/roots")
}

func TestLegacy(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata("legacy"), newAnalyzer(t, ""), "statusupdate/legacy")
	relatedtest.Check(t, results, []string{
		"legacy.go:50: legacy.go:44 (*WidgetReconciler).Reconcile calls (*WidgetReconciler).setReady",
	})
}

func TestBadRootsPattern(t *testing.T) {
	var p reconcilepath.Pattern
	if err := p.Set("(unclosed"); err == nil {
		t.Fatal("want an error for an invalid regular expression")
	}
}

// TestIgnoreDirectives covers //statuslint:ignore and
// //statuslint:file-ignore, and the directives that are reported themselves.
func TestIgnoreDirectives(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/ignored", "statusupdate/fileignored")
}

// TestCgo covers a package that uses cgo.
func TestCgo(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/cgo")
}

// TestConflictRetry covers writes inside client-go's retry.RetryOnConflict
// and retry.OnError that read through the cached client: reported, and the
// message says the retry softens the conflict without preventing it.
func TestConflictRetry(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/retried")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"retried.go:26: retried.go:19 (*Reconciler).Reconcile uses a function literal in (*Reconciler).Reconcile",
		"retried.go:68: retried.go:62 (*Helper).Reconcile uses a function literal in (*Helper).Reconcile",
		"retried.go:68: retried.go:68 a function literal in (*Helper).Reconcile calls helpers.SetReady → helpers.update, which updates the status at helpers.go:19",
	})
}

// TestFailedLoadPaths covers a writer reached both from the handling of a
// failed Get and from the path that loaded the object: the message names
// the latter.
func TestFailedLoadPaths(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/failedload")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		// The path that loaded the object, not the one that failed to.
		"failedload.go:36: failedload.go:22 (*R).Reconcile calls (*R).work",
		"failedload.go:36: failedload.go:32 (*R).work calls (*R).setStatus",
		"failedload.go:53: failedload.go:49 (*OnlyFailed).Reconcile calls (*OnlyFailed).report",
		"failedload.go:69: failedload.go:65 (*Both).Reconcile calls (*Both).write",
	})
}

// TestWrittenAcrossPackages covers objects written by another package's
// helpers: a status Update after a helper that updates the object on every
// path (not reported) or only on some, and a helper writing the status of
// the object it is handed, called with a just-written object (not
// reported) or a cached one.
func TestWrittenAcrossPackages(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/writtenhelpers", "statusupdate/writtenrelay", "statusupdate/writtencaller")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"writtencaller.go:56: writtencaller.go:56 (*R).Reconcile calls writtenrelay.ReloadWith → writtenhelpers.Reload, which updates the status at writtenhelpers.go:63",
		"writtencaller.go:71: writtencaller.go:71 (*R).Reconcile calls writtenhelpers.Replace, which updates the status at writtenhelpers.go:71",
	})
}

// TestLateWrites covers writes that run after the statement they are
// written at (deferred calls and closures, closures called at once, a
// conflict retry's closure): fixed with a snapshot where the enclosing
// function loads the object, unless it reads into the object again or the
// closure runs in a goroutine.
func TestLateWrites(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/late")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"late.go:34: late.go:115 (*R).Reconcile calls (*R).Deferred",
		"late.go:34: late.go:29 (*R).Deferred calls a function literal in (*R).Deferred",
		"late.go:51: late.go:118 (*R).Reconcile calls (*R).DeferredCall",
		"late.go:64: late.go:121 (*R).Reconcile calls (*R).Immediate",
		"late.go:64: late.go:62 (*R).Immediate calls a function literal in (*R).Immediate",
		"late.go:79: late.go:124 (*R).Reconcile calls (*R).Retried",
		"late.go:79: late.go:72 (*R).Retried uses a function literal in (*R).Retried",
	})
}

// TestThreadedSnapshot covers status Updates of an object parameter,
// fixed by a snapshot each caller takes at its load and hands in, and the
// helpers whose signature must stay.
func TestThreadedSnapshot(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/threaded")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"threaded.go:70: threaded.go:24 (*R).Reconcile calls (*R).markReady",
		"threaded.go:77: threaded.go:37 (*R).Reconcile calls setBoth",
		"threaded.go:82: threaded.go:37 (*R).Reconcile calls setBoth",
		"threaded.go:108: threaded.go:59 (*Fixed).Reconcile calls (*R).relay",
		"threaded.go:108: threaded.go:104 (*R).relay calls (*R).leaf",
		"threaded.go:123: threaded.go:38 (*R).Reconcile uses (*R).valued",
	})
}

// TestStoredWriters covers status writers kept before they are used (a
// field a constructor sets, a variable of the writer type, a method value,
// a parameter): each write is reported.
func TestStoredWriters(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/stored")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"stored.go:58: stored.go:54 (*R).Reconcile calls write",
	})
}

// TestThreadedSnapshotKeepsTests covers a helper that a test of the
// package calls: no fix changes its signature; it gets a sibling, which
// the package's own call moves to.
func TestThreadedSnapshotKeepsTests(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/threadedtests")
	// A test that uses the name for something else does not count.
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/testnamesake")
}

// TestSiblings covers the fix of a write in another package's helper: the
// helper's package describes a sibling that patches from a snapshot (a
// PatchesFrom fact); the caller's fix adds it there and calls it with a
// copy taken after the load. Only a driver that applies every package's
// fixes together is handed it (fixes.AllowAcrossPackages); elsewhere the
// finding says what statuslint -fix would do, in the same words.
func TestSiblings(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/siblinghelpers")
	results := analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/siblings")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: a fix across packages offered where the driver applies fixes package by package", r.Pass.Fset.Position(d.Pos))
			}
		}
	}
	fixes.AllowAcrossPackages(true)
	t.Cleanup(func() { fixes.AllowAcrossPackages(false) })
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/siblings")
	// A relay through a second package: each package's sibling calls the
	// next one's.
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/siblingrelaycaller")
}

// TestTypedClientGet covers objects read with a client-go typed client,
// straight from the API server: a status Update of one is not reported;
// of one a lister returned, it is.
func TestTypedClientGet(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/typedget")
}

// TestSiblingsInPackage covers writes in helpers whose signature the fix
// must keep (exported, or called by a test beside them): the sibling is
// added beside the helper and the package's calls move to it, deferred
// ones included; a deferred call whose object is read again later blocks
// the fix, and the finding names it.
func TestSiblingsInPackage(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/exportedhelpers")
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/exportedhelpersreread")
}

// TestReadHelper covers an object read through a helper that returns the
// object it has just read: the call is the load.
func TestReadHelper(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/readhelper")
}

// TestCopyOfLoaded covers writes of deep copies of loaded objects: the
// copy is the load, the snapshot goes after it.
func TestCopyOfLoaded(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/copyofloaded")
}

// TestSiblingChain covers a write at the end of a chain of helpers that
// tests call: every helper on the chain keeps its signature and gets a
// sibling, each calling the next, and the reconcile's calls move to them.
func TestSiblingChain(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/siblingchain")
}

// TestGenericHelper covers a snapshot threaded through a generic helper.
func TestGenericHelper(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/generichelper")
}

// TestThreadedAfterReload covers a caller that loads the object again on
// some paths (a finalizer Update) before the call: the copy goes after
// the statement that holds the reload, unless the status changed before.
func TestThreadedAfterReload(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/threadedreload")
}

// TestCallbacks covers writes in a function literal that another
// package's function only calls before it returns (a CallsBeforeReturn
// fact): the snapshot is taken where the literal is made, directly or
// threaded through the helper the literal calls; a function that keeps
// the literal gets no fix.
func TestCallbacks(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/callbackhelpers")
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/callbacks")
}

// TestHandedAsMetadata covers an object handed, between its Get and a
// metadata Patch made on some paths, to a function the pass cannot look
// into (agent-sandbox's Tracer.StartSpan): taken as metav1.Object or
// client.Object, it reaches only the metadata, and the snapshot goes
// after the Patch, threaded to the helper or in the reconcile itself;
// taken as anything else, or by a function of the package that asserts
// it back to its type, there is no fix, and the message says which
// hand-over may change the status.
func TestHandedAsMetadata(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/traced")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"traced.go:143: traced.go:123 (*Traced).Reconcile calls (*Traced).updateStatus",
		"traced.go:196: traced.go:191 (*Marked).Reconcile calls (*Marked).markReady",
	})
}
