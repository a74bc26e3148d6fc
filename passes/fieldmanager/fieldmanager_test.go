package fieldmanager_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/fixtest"

	"github.com/statuslint/statuslint/internal/relatedtest"
	"github.com/statuslint/statuslint/passes/fieldmanager"
)

// dir returns the absolute path of a testdata directory (GOPATH entries
// must be absolute).
func dir(t *testing.T, rel string) string {
	t.Helper()
	abs, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func current(t *testing.T) string { return dir(t, "../../testdata") }
func legacy(t *testing.T) string  { return dir(t, "../../testdata/legacy") }

func TestBasic(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/basic", "fieldmanager/ownifaces")
}

func TestPresent(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/present")
}

func TestUnknown(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/unknown")
}

// TestFlow covers clients decided at each write from where their value
// comes from there: a variable reassigned after a write or on one branch,
// assigned in a closure, or whose address escapes.
func TestFlow(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/flow")
}

func TestNearMiss(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/nearmiss")
}

// TestManagedFields covers the writes that send nothing but managed
// fields (and the resource version): not reported, and counted in no
// fact, so a hand-over of a client to helpers that only write those is
// not reported either; the near misses are.
func TestManagedFields(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}),
		"fieldmanager/managedfields",
		"fieldmanager/handover/mfhelper",
		"fieldmanager/handover/mfmain",
	)
}

func TestLookalike(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"}), "fieldmanager/lookalike")
}

func TestFixes(t *testing.T) {
	t.Parallel()
	a := fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"})
	analysistest.RunWithSuggestedFixes(t, current(t), a,
		"fieldmanager/configured",
		"fieldmanager/reuse",
		"fieldmanager/reusetyped",
		"fieldmanager/shadow",
		"fieldmanager/imports",
		"fieldmanager/ownerconst",
	)
}

func TestLegacy(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, legacy(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/silent")
	a := fieldmanager.New(&fieldmanager.Config{Name: "configmap-controller"})
	analysistest.RunWithSuggestedFixes(t, legacy(t), a, "fieldmanager/basic")
}

func TestSettings(t *testing.T) {
	t.Parallel()
	a := fieldmanager.New(&fieldmanager.Config{})
	for flag, value := range map[string]string{
		"owned":   "fieldmanager/settings.OwnedField.Client, fieldmanager/settings.OwnedType, fieldmanager/settings.OuterOwned",
		"unowned": "fieldmanager/settings.Forced.C,fieldmanager/settings.(*ForcedType)",
	} {
		if err := a.Flags.Set(flag, value); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, current(t), a, "fieldmanager/settings")
}

func TestTests(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/testsoff")
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{Tests: true}), "fieldmanager/testson")
}

// TestHandover covers clients the package did not make: a constructor
// and a helper called in the same package, a constructor and a helper
// called from another package (the fact path, reported where the client
// is handed over, transitively through a second package), and the
// negatives: clients wrapped with WithFieldOwner, a manager configured
// with a field owner, GetClient of some other type, a function used as a
// value.
func TestHandover(t *testing.T) {
	t.Parallel()
	a := fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"})
	results := analysistest.RunWithSuggestedFixes(t, current(t), a,
		"fieldmanager/handover/ctor",
		"fieldmanager/handover/cmd",
		"fieldmanager/handover/helperuse",
		"fieldmanager/handover/mgrmain",
		"fieldmanager/handover/mgropts",
		"fieldmanager/handover/openfieldmain",
		"fieldmanager/handover/mgrfunc",
		"fieldmanager/handover/getter",
		"fieldmanager/handover/customclient",
	)
	// A hand-over names every write it reaches as related information,
	// at the hand-over (the writes themselves are in another package's
	// files).
	relatedtest.Check(t, results, []string{
		"main.go:24: main.go:24 names none: Create of *corev1.ConfigMap at controller.go:37",
		"main.go:24: main.go:24 names none: status Update of *v1alpha1.Widget at controller.go:40",
		"main.go:24: main.go:24 names none: Create of *corev1.ConfigMap at openfield.go:32",
		"main.go:24: main.go:24 names none: status Update of *v1alpha1.Widget at openfield.go:35",
	})
	analysistest.Run(t, current(t), a,
		"fieldmanager/handover/ptrmain",
		"fieldmanager/handover/wrapped",
		"fieldmanager/handover/lookalike",
		"fieldmanager/handover/embedhelper",
		"fieldmanager/handover/embeduse",
		"fieldmanager/handover/getterctor",
		"fieldmanager/handover/gettermain",
	)
}

// TestManagerOptionsFacts covers managers made from options another
// package's functions build (a config package's Load), returned through a
// helper of main and changed through pointers: the ManagerOptions facts
// decide them, and options that name a field manager, set a NewClient or
// are undecided are not reported.
func TestManagerOptionsFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}),
		"fieldmanager/handover/optsconfig",
		"fieldmanager/handover/optsmain",
	)
}

// TestMadeClientFacts covers clients another package's function makes
// (openkruise's utilclient.NewClientFromManager): a function that makes
// its client on every path exports whether it names a field manager, and
// one that returns a client it keeps or is handed options for does not.
func TestMadeClientFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/clientmaker", "fieldmanager/handover/clientmakeruse")
}

// TestAddToManagerFuncs covers the operator-sdk layout: the controller
// package appends each controller's Add to a package variable in an init
// function and calls them all with the manager, so the manager main hands
// it reaches the controllers' writes.
func TestAddToManagerFuncs(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/addgadget", "fieldmanager/handover/addwidget", "fieldmanager/handover/addfuncs", "fieldmanager/handover/addmain")
}

// TestInterfaceHandover covers reconcilers made empty in another package
// and handed their client through an interface method (Init), called on
// the values of a map or list of the program's own: the methods the
// values' types have are the ones called.
func TestInterfaceHandover(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/initers", "fieldmanager/handover/initmain")
}

// TestConstructorAlsoCalledWithFake covers mongodb-kubernetes-operator's
// client wrapper: its package calls the exported constructor with a fake
// client too, which says nothing of what other packages hand it, so the
// constructor's fact still names the writes.
func TestConstructorAlsoCalledWithFake(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/kubeclient", "fieldmanager/handover/kubeclientmain")
}

// TestFuncVarHandover covers controller-runtime's CreateOrUpdate and
// CreateOrPatch called through the root package's variables that hold
// them: the root package re-exports the functions' facts on the
// variables.
func TestFuncVarHandover(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/crvar")
}

// TestLegacyManager covers the manager's client on a release whose client
// options have no FieldOwner: it never names a field manager, wherever the
// manager comes from, and there is no WithFieldOwner to fix a hand-over
// with.
func TestLegacyManager(t *testing.T) {
	t.Parallel()
	a := fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"})
	analysistest.RunWithSuggestedFixes(t, legacy(t), a,
		"fieldmanager/handover/mgrclient",
		"fieldmanager/handover/cmd",
	)
}

// TestTestSupport: a file that imports testing outside the _test.go files
// is skipped unless the tests setting is on; the package's other files are
// not.
func TestTestSupport(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/testsupport", "fieldmanager/handover/mixedsupport")
	res := analysistest.Run(&quiet{t}, current(t), fieldmanager.New(&fieldmanager.Config{Tests: true}), "fieldmanager/handover/testsupport")
	n := 0
	for _, r := range res {
		n += len(r.Diagnostics)
	}
	if n != 1 {
		t.Errorf("with tests on, %d findings in the test-support package, want 1", n)
	}
}

// TestIllTyped runs the pass on a package that does not type-check: it
// must not panic. Whatever it reports there is not checked.
func TestIllTyped(t *testing.T) {
	t.Parallel()
	a := fieldmanager.New(&fieldmanager.Config{Name: "x"})
	a.RunDespiteErrors = true
	analysistest.Run(&quiet{t}, current(t), a, "fieldmanager/illtyped")
}

// quiet is an analysistest.Testing that ignores expectation mismatches
// but still fails on panics (which abort the test binary).
type quiet struct{ t *testing.T }

func (q *quiet) Errorf(format string, args ...any) { q.t.Logf(format, args...) }

// New binds the flags without resetting a configuration built in code (or
// decoded from golangci-lint settings) before it.
func TestNewKeepsConfig(t *testing.T) {
	t.Parallel()
	cfg := &fieldmanager.Config{Name: "op", Tests: true}
	a := fieldmanager.New(cfg)
	if cfg.Name != "op" || !cfg.Tests {
		t.Errorf("New reset the configuration: %+v", cfg)
	}
	if err := a.Flags.Set("name", "other"); err != nil || cfg.Name != "other" {
		t.Errorf("flag -name does not set Config.Name: %v, %+v", err, cfg)
	}
	if a.Name != fieldmanager.Name {
		t.Errorf("analyzer name %q", a.Name)
	}
}

// TestIgnoreDirectives covers //statuslint:ignore for this pass.
func TestIgnoreDirectives(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/ignored")
}

// TestOwnerConstEachFixAlone applies each fix of the package that gains
// an owner constant on its own, as an editor applies one, and requires the
// package to compile: every fix that passes the constant declares it, with
// the same edit.
func TestOwnerConstEachFixAlone(t *testing.T) {
	t.Parallel()
	dir := current(t)
	a := fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"})
	results := analysistest.Run(t, dir, a, "fieldmanager/ownerconst")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				var edits fixtest.Edits
				if err := edits.Add(r.Pass.Fset, fix); err != nil {
					t.Fatal(err)
				}
				files, err := edits.Apply()
				if err != nil {
					t.Fatal(err)
				}
				fixtest.CheckCompiles(t, dir, files, "fieldmanager/ownerconst")
				n++
			}
		}
	}
	if n != 5 {
		t.Errorf("%d fixes, want 5", n)
	}
}

// TestManagerResultFacts covers a manager another package's function
// makes and returns in a struct (karpenter's operator.NewOperator): the
// function exports whether the manager's client names a field manager,
// and a program that reads the manager from the struct, and hands the
// struct to no other code, decides its client from that.
func TestManagerResultFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/handover/opmaker", "fieldmanager/handover/opmain")
}
