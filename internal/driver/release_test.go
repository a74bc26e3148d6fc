package driver

import (
	"reflect"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/statuslint/statuslint/internal/testmodule"
)

// payload stands for reach's result: something large that readers use.
type payload struct{ data []byte }

type noFact struct{}

func (*noFact) AFact() {}

type otherFact struct{}

func (*otherFact) AFact() {}

// TestRelease runs a producer with facts (so that it also runs on the
// dependencies) and two readers of its result on the stub module, and
// checks that every reader saw the result whole, that every result was
// released once its package's readers were done, and that on a
// dependency, where no reader runs, the result was released at once.
func TestRelease(t *testing.T) {
	dir := testmodule.StubModule(t)
	loaded, err := Load(LoadConfig{Dir: dir, Tests: true}, "./internal/controller/...")
	if err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	var made []*payload // every result the producer made
	var seen []string   // "reader pkg" for each read of a whole result
	producer := &analysis.Analyzer{
		Name:       "producer",
		Doc:        "makes a result",
		FactTypes:  []analysis.Fact{new(noFact)},
		ResultType: reflect.TypeOf((*payload)(nil)),
		Run: func(pass *analysis.Pass) (any, error) {
			p := &payload{data: make([]byte, 1<<10)}
			mu.Lock()
			made = append(made, p)
			mu.Unlock()
			return p, nil
		},
	}
	reader := func(name string) *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:     name,
			Doc:      "reads the result",
			Requires: []*analysis.Analyzer{producer},
			Run: func(pass *analysis.Pass) (any, error) {
				p, _ := pass.ResultOf[producer].(*payload)
				if p == nil || len(p.data) != 1<<10 {
					t.Errorf("%s on %s: result missing or released early: %v", name, pass.Pkg.Path(), p)
				}
				if pass.Analyzer.Name != name {
					t.Errorf("%s: pass names analyzer %s", name, pass.Analyzer.Name)
				}
				mu.Lock()
				seen = append(seen, name+" "+pass.Pkg.Path())
				mu.Unlock()
				return nil, nil
			},
		}
	}
	analyzers := []*analysis.Analyzer{reader("a"), reader("b")}

	rel := newReleaser(analyzers, loaded.Roots, nil)
	graph, err := checker.Analyze(rel.wrapped(analyzers), loaded.Roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
	}
	if want := 2 * len(loaded.Roots); len(seen) != want {
		t.Errorf("readers ran %d times, want %d (once each per root)", len(seen), want)
	}
	if len(made) <= len(loaded.Roots) {
		t.Errorf("producer ran %d times, want more than the %d roots (its facts take it to the dependencies)", len(made), len(loaded.Roots))
	}
	for i, p := range made {
		if p.data != nil {
			t.Errorf("result %d of %d not released", i, len(made))
		}
	}
	// The original analyzers are untouched.
	for _, a := range analyzers {
		if a.Requires[0] != producer {
			t.Errorf("%s: Requires changed", a.Name)
		}
	}
}

// TestCheckedInTurn runs analyzers the way the driver does: plan lists the
// stub module's graph without type-checking it, and every analyzer
// requires the loader's analyzer. Each analyzer must see its package and
// the package's imports type-checked, with syntax and type information;
// when the run is over, every package type-checked from source must have
// had its syntax and types.Info released, and kept its types.
func TestCheckedInTurn(t *testing.T) {
	dir := testmodule.StubModule(t)
	ld, loaded, err := plan(LoadConfig{Dir: dir, Tests: true}, []string{"./internal/controller/..."})
	if err != nil {
		t.Fatal(err)
	}
	graph := postorder(loaded.Roots)
	for _, p := range graph {
		if len(p.Syntax) > 0 || p.Types.Complete() {
			t.Errorf("%s type-checked before the run", p.ID)
		}
	}

	var mu sync.Mutex
	ran := make(map[string]int) // package → analyzers that saw it whole
	saw := func(name string, fact analysis.Fact) *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:      name,
			Doc:       "looks at the package",
			FactTypes: []analysis.Fact{fact}, // runs on the dependencies too
			Run: func(pass *analysis.Pass) (any, error) {
				whole := len(pass.Files) > 0 && pass.Pkg.Complete() && len(pass.TypesInfo.Defs) > 0
				for _, imp := range pass.Pkg.Imports() {
					whole = whole && imp.Complete()
				}
				if !whole {
					t.Errorf("%s on %s: package not type-checked: %d files, complete %v", name, pass.Pkg.Path(), len(pass.Files), pass.Pkg.Complete())
				}
				mu.Lock()
				ran[pass.Pkg.Path()]++
				mu.Unlock()
				return nil, nil
			},
		}
	}
	analyzers := []*analysis.Analyzer{saw("a", new(noFact)), saw("b", new(otherFact))}
	rel := newReleaser(analyzers, loaded.Roots, ld.analyzer())
	g, err := checker.Analyze(rel.wrapped(analyzers), loaded.Roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
	}
	for _, p := range graph {
		if ran[p.PkgPath] == 0 {
			t.Errorf("%s: no analyzer ran on it", p.ID)
		}
		if len(p.Syntax) > 0 || p.TypesInfo == nil || p.TypesInfo.Types != nil || p.TypesInfo.Defs != nil {
			t.Errorf("%s: syntax or types.Info not released", p.ID)
		}
		if !p.Types.Complete() || p.Types.Scope().Len() == 0 {
			t.Errorf("%s: types released", p.ID)
		}
	}
	t.Logf("%d packages type-checked in turn and released", len(graph))
}
