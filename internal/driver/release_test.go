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

	rel := newReleaser(analyzers, loaded.Roots)
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
