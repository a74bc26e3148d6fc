package objectupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "objectupdate"

// Config is the pass's configuration. Its reconcile roots are the shared
// reachability analysis's (-statusupdate.roots).
type Config struct {
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reconcilepath.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      doc,
		URL:      "https://github.com/statuslint/statuslint/blob/main/docs/objectupdate.md",
		Requires: []*analysis.Analyzer{r, ignore.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
		// ChangesParams is exported only where reach builds SSA.
		FactTypes: []analysis.Fact{(*ChangesParams)(nil)},
	}
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	rep := ignore.New(pass, Name)
	defer rep.Close()
	res, _ := pass.ResultOf[r].(*reconcilepath.Result)
	if res == nil || res.Model == nil || res.SSA == nil {
		return nil, nil
	}
	c := newChecker(pass, res.Model)
	// Facts first, for every file: a generated file's helper is still
	// called by others, and, with the tests on, a test file's.
	c.exportFacts(res, cfg.Tests)
	snaps := fixes.NewSnapshots()
	for _, file := range pass.Files {
		if ignore.SkipFile(pass, file, cfg.Tests) {
			continue // generated code is fixed in its generator; tests hold fakes
		}
		// An Update in production code is judged by production code
		// alone (the calls of its helper that tests make say nothing of
		// it); one in a test file, with the tests on, by every file.
		view := res
		if ignore.IsTestFile(pass.Fset, file.Pos()) {
			view = res.Tests()
		}
		c.view, c.files = view, view.Files
		for _, call := range c.updates(file) {
			if d, ok := c.check(view, file, call, snaps); ok {
				rep.Report(d)
			}
		}
	}
	return nil, nil
}

// updates returns the file's calls of controller-runtime's whole-object
// Update (client.Writer's, not a status writer's), in source order.
func (c *checker) updates(file *ast.File) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		fn, recv := crmodel.MethodCall(c.info, call)
		if fn != nil && fn.Name() == "Update" && c.m.ClassifyMethod(fn, recv) == crmodel.ObjectWrite {
			out = append(out, call)
		}
		return true
	})
	return out
}

// check decides whether call, an Update, sends only metadata changes made
// since the object's load, and builds the finding.
func (c *checker) check(res *reconcilepath.Result, file *ast.File, call *ast.CallExpr, snaps *fixes.Snapshots) (analysis.Diagnostic, bool) {
	// A deferred call, or one started with go, runs away from the code
	// that changed the object: what it sends cannot be told from the
	// statements before it (site.path gives it no body).
	path, body := site{file, call}.path()
	if body == nil {
		return analysis.Diagnostic{}, false
	}
	fn := res.Func(enclosingFunc(path))
	if fn == nil || !res.Reachable(fn) {
		return analysis.Diagnostic{}, false
	}
	// Loaded here (with Get, as a List's item, or copied from one of
	// those), or a parameter of a helper whose callers load it and hand
	// it over. Loaded on some paths only, or last written with Create
	// (made in this reconcile), Update or Patch (fresh from the API
	// server): not the case at hand.
	o, ok := c.sourceOf(file, path, body, call, call.Args[1], 0)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	eff := o.eff
	if eff.Blocked != "" || eff.Changed == 0 {
		return analysis.Diagnostic{}, false
	}
	if eff.Changed&objchange.Finalizers != 0 {
		// Finalizers keep the Update's optimistic lock: see
		// docs/objectupdate.md for the decision and the threads it
		// follows.
		return analysis.Diagnostic{}, false
	}
	kind, builtIn := c.kindOf(c.info.TypeOf(call.Args[1]))
	if eff.Changed&objchange.Owners != 0 && !builtIn {
		// A JSON merge patch replaces metadata.ownerReferences whole, and
		// a custom resource takes no strategic merge patch: another
		// writer's owner reference added since the read would be lost.
		return analysis.Diagnostic{}, false
	}

	// The reconcile path, when the call is not in a reconcile root
	// itself, is related information.
	d := analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: fmt.Sprintf("%s changed and sent with Update; another writer of this %s makes it fail with 409 Conflict: patch the metadata instead",
			eff.Changed.String(), kind),
		Related: res.PathRelated(fn, c.pass.Pkg),
	}
	fix, reason := c.suggestFix(file, body, call, o.base, eff.Changed&objchange.Owners != 0, snaps)
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	} else {
		d.Message += " (no suggested fix: " + reason + ")"
	}
	return d, true
}

// isGet reports whether call is controller-runtime's Get.
func (c *checker) isGet(call *ast.CallExpr) bool {
	fn, recv := crmodel.MethodCall(c.info, call)
	return c.m.IsGet(fn, recv)
}

// kindOf returns the name of an object's type, for messages, and whether
// it is a built-in kind (a type of k8s.io/api), which takes a strategic
// merge patch.
func (c *checker) kindOf(t types.Type) (string, bool) {
	n := crmodel.NamedOf(t)
	if n == nil {
		return "object", false
	}
	obj := n.Origin().Obj()
	builtIn := obj.Pkg() != nil && (strings.HasPrefix(obj.Pkg().Path(), apiPrefix) || strings.Contains(obj.Pkg().Path(), "/vendor/"+apiPrefix))
	if types.IsInterface(n) {
		return "object", false
	}
	return obj.Name(), builtIn
}

// apiPrefix is where the built-in kinds' Go types live.
const apiPrefix = "k8s.io/api/"
