package driver

import (
	"container/heap"
	"go/types"
	"reflect"
	"runtime"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// x/tools' checker keeps every action's result until the run ends: the
// result of a required analyzer stays in the ResultOf map of every pass
// that read it. For statuslint that is reach's SSA of each analyzed
// package and of its direct imports, a few hundred kilobytes to a few
// megabytes a package, held for every package of the module at once
// (bench/RESULTS.md). A result is of no use once every analyzer that
// reads it has run on that package, and the driver prints only
// diagnostics. So [releaser] runs copies of the analyzers that, once the
// last reader of a result on a package has returned, zero the struct the
// result points to, which releases what it holds.
//
// That alone is not enough: the checker starts every action at once, so
// every package's result would be made before most readers get to run.
// The copies therefore run at most GOMAXPROCS analyzers at a time, and a
// free slot goes first to a reader (which lets results go), then to the
// package that comes first in the import graph (whose readers the
// readers of its importers wait for). A Run never waits for another, so
// the slots cannot deadlock.

//
// With a loader (the standalone driver's [loader.analyzer]), every
// analyzer requires it, so that a package is type-checked only when the
// checker gets to it; it takes a slot too, after the readers and the
// producers, so that the packages type-checked and not yet analysed stay
// few. Once every analyzer has run on such a package, its syntax and
// types.Info are released as well.

// A releaser wraps the analyzers of one run.
type releaser struct {
	orig    map[*analysis.Analyzer]*analysis.Analyzer   // wrapper → original
	wrapper map[*analysis.Analyzer]*analysis.Analyzer   // original → wrapper
	readers map[*analysis.Analyzer][]*analysis.Analyzer // original → the originals that require it
	slots   *slots                                      // analyzers running at once, readers and dependencies first
	cache   *factCache                                  // nil, or facts to replay and record (cache.go)
	loader  *analysis.Analyzer                          // nil, or what every analyzer requires first
	pkgOf   map[*types.Package]*packages.Package        // the graph's packages, for the loader's

	mu      sync.Mutex
	pending map[resultKey]int // readers yet to run on the package
	results map[resultKey]any // results waiting for their readers
	// left counts the analyzers yet to run on a package whose syntax
	// is released after them (loader only), and passes holds the
	// passes that ran there, whose Files go with it.
	left   map[*types.Package]int
	passes map[*types.Package][]*analysis.Pass
}

type resultKey struct {
	a   *analysis.Analyzer // original
	pkg any                // the package's *types.Package
}

// newReleaser returns a releaser for running analyzers on roots, whose
// Imports are the graph the checker will walk. loader, if not nil, is
// the analyzer that type-checks each package of it (see above).
func newReleaser(analyzers []*analysis.Analyzer, roots []*packages.Package, loader *analysis.Analyzer) *releaser {
	r := &releaser{
		orig:    make(map[*analysis.Analyzer]*analysis.Analyzer),
		wrapper: make(map[*analysis.Analyzer]*analysis.Analyzer),
		readers: make(map[*analysis.Analyzer][]*analysis.Analyzer),
		slots:   newSlots(runtime.GOMAXPROCS(0)),
		loader:  loader,
		pkgOf:   make(map[*types.Package]*packages.Package),
		pending: make(map[resultKey]int),
		results: make(map[resultKey]any),
		left:    make(map[*types.Package]int),
		passes:  make(map[*types.Package][]*analysis.Pass),
	}
	if loader != nil {
		r.wrap(loader)
	}
	for _, a := range analyzers {
		r.wrap(a)
	}

	// The actions the checker will make, by the checker's rule: every
	// analyzer on every root, what an action's analyzer requires on the
	// same package, and an analyzer with facts on the package's imports.
	type action struct {
		a   *analysis.Analyzer
		pkg *packages.Package
	}
	seen := make(map[action]bool)
	var visit func(a *analysis.Analyzer, p *packages.Package)
	visit = func(a *analysis.Analyzer, p *packages.Package) {
		k := action{a, p}
		if seen[k] {
			return
		}
		seen[k] = true
		if loader != nil && a != loader {
			visit(loader, p)
		}
		for _, req := range a.Requires {
			visit(req, p)
		}
		if len(a.FactTypes) > 0 {
			for _, imp := range p.Imports {
				visit(a, imp)
			}
		}
	}
	for _, a := range analyzers {
		for _, p := range roots {
			visit(a, p)
		}
	}
	for i, p := range postorder(roots) {
		if p.Types != nil {
			r.slots.rank[p.Types] = i
			r.pkgOf[p.Types] = p
		}
	}
	for k := range seen {
		if k.pkg.Types == nil {
			continue
		}
		if loader != nil && k.a != loader && k.pkg.TypesInfo != nil {
			r.left[k.pkg.Types]++
		}
		for _, req := range k.a.Requires {
			r.pending[resultKey{req, k.pkg.Types}]++
		}
	}
	return r
}

// wrap returns the wrapper of a, made once, with the wrappers of what a
// requires.
func (r *releaser) wrap(a *analysis.Analyzer) *analysis.Analyzer {
	if w := r.wrapper[a]; w != nil {
		return w
	}
	w := new(analysis.Analyzer)
	*w = *a
	r.wrapper[a] = w
	r.orig[w] = a
	w.Requires = nil
	if r.loader != nil && a != r.loader {
		w.Requires = append(w.Requires, r.wrap(r.loader))
	}
	for _, req := range a.Requires {
		w.Requires = append(w.Requires, r.wrap(req))
		r.readers[req] = append(r.readers[req], a)
	}
	w.Run = func(pass *analysis.Pass) (any, error) { return r.run(a, pass) }
	return w
}

// wrapped returns the wrappers of analyzers.
func (r *releaser) wrapped(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	ws := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		ws[i] = r.wrapper[a]
	}
	return ws
}

// original returns the analyzer a wrapper stands for (a itself if it is
// not a wrapper).
func (r *releaser) original(a *analysis.Analyzer) *analysis.Analyzer {
	if o := r.orig[a]; o != nil {
		return o
	}
	return a
}

// run runs a, the original analyzer, on a copy of the pass that names
// the original analyzers, then releases the results that a was the last
// to read on the package.
//
// On a package whose facts come from the fact cache, a does not run:
// the cached facts are exported instead (no analyzer may see such a
// package, which has no syntax). On a dependency analysed from source,
// the facts a exported are recorded for the cache.
func (r *releaser) run(a *analysis.Analyzer, pass *analysis.Pass) (any, error) {
	if res, ok := r.cache.replay(a, pass); ok {
		return res, nil
	}
	p := *pass
	p.Analyzer = a
	p.ResultOf = make(map[*analysis.Analyzer]any, len(pass.ResultOf))
	for w, res := range pass.ResultOf {
		p.ResultOf[r.original(w)] = res
	}

	produces := len(r.readers[a]) > 0
	class := reader
	switch {
	case a == r.loader:
		class = loading
	case produces:
		class = producer
	}
	r.slots.acquire(pass.Pkg, class)
	res, err := a.Run(&p)
	r.slots.release()
	r.cache.record(a, pass, err)
	if a == r.loader {
		return res, err
	}

	r.mu.Lock()
	var done []any
	if produces && err == nil {
		k := resultKey{a, pass.Pkg}
		if r.pending[k] > 0 {
			r.results[k] = res
		} else {
			done = append(done, res) // no reader runs on this package
		}
	}
	for _, req := range a.Requires {
		k := resultKey{req, pass.Pkg}
		r.pending[k]--
		if r.pending[k] == 0 {
			if res, ok := r.results[k]; ok {
				done = append(done, res)
				delete(r.results, k)
			}
		}
	}
	var last bool
	if n, ok := r.left[pass.Pkg]; ok {
		r.left[pass.Pkg] = n - 1
		r.passes[pass.Pkg] = append(r.passes[pass.Pkg], pass)
		last = n == 1
	}
	var passes []*analysis.Pass
	if last {
		passes = r.passes[pass.Pkg]
		delete(r.passes, pass.Pkg)
	}
	r.mu.Unlock()
	for _, res := range done {
		release(res)
	}
	if last {
		r.releaseSyntax(pass.Pkg, passes)
	}
	return res, err
}

// releaseSyntax drops a package's syntax and types.Info, every analyzer
// having run on it. The checker keeps each action's pass, and each pass
// the files, so those go too; the positions stay in the file set.
func (r *releaser) releaseSyntax(pkg *types.Package, passes []*analysis.Pass) {
	for _, p := range passes {
		p.Files = nil
	}
	if p := r.pkgOf[pkg]; p != nil {
		p.Syntax = nil
		if p.TypesInfo != nil {
			*p.TypesInfo = types.Info{}
		}
	}
}

// release zeroes the struct a result points to, if it does.
func release(res any) {
	v := reflect.ValueOf(res)
	if v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct && v.Elem().CanSet() {
		v.Elem().SetZero()
	}
}

// slots bounds the analyzers running at once. A free slot goes to the
// waiting reader whose package comes first in the import graph's
// postorder, or when no reader waits, to the first such producer (an
// analyzer whose result others read). Readers first lets results go as
// soon as they can; dependencies first lets the readers of a package's
// importers, which wait for the package's readers (for their facts), run
// soon after. Together they keep the results made and not yet read to a
// few packages.
type slots struct {
	rank map[any]int // *types.Package → position in postorder

	mu      sync.Mutex
	free    int
	waiting []waiter // heap by rank
}

type waiter struct {
	rank  int
	ready chan struct{}
}

func newSlots(n int) *slots {
	return &slots{rank: make(map[any]int), free: n}
}

// What an analyzer waiting for a slot is: each class waits for every
// one before it.
const (
	reader   = iota // reads a result, which it may let go
	producer        // makes a result others read
	loading         // type-checks a package (the loader)
)

// acquire waits for a slot to run an analyzer of the class on pkg.
func (s *slots) acquire(pkg any, class int) {
	s.mu.Lock()
	if s.free > 0 {
		s.free--
		s.mu.Unlock()
		return
	}
	rank, ok := s.rank[pkg]
	if !ok {
		rank = len(s.rank)
	}
	rank += class * (len(s.rank) + 1)
	w := waiter{rank: rank, ready: make(chan struct{})}
	heap.Push((*waiters)(&s.waiting), w)
	s.mu.Unlock()
	<-w.ready // the slot is handed over by release
}

func (s *slots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiting) == 0 {
		s.free++
		return
	}
	w := heap.Pop((*waiters)(&s.waiting)).(waiter)
	close(w.ready)
}

type waiters []waiter

func (h waiters) Len() int           { return len(h) }
func (h waiters) Less(i, j int) bool { return h[i].rank < h[j].rank }
func (h waiters) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *waiters) Push(x any)        { *h = append(*h, x.(waiter)) }
func (h *waiters) Pop() any {
	old := *h
	w := old[len(old)-1]
	*h = old[:len(old)-1]
	return w
}
