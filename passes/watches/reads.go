package watches

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/statuslint/statuslint/internal/reach"
)

// StatusReads is a package's fact: the object kinds (package path and
// type name) whose status its production code reads, directly or through
// the packages it calls, or hands to code the pass cannot read. A builder
// in another package consults it for the reconcilers and helpers that
// live here.
type StatusReads struct {
	Kinds []string
}

func (*StatusReads) AFact() {}

func (f *StatusReads) String() string {
	if len(f.Kinds) == 0 {
		return "reads no status"
	}
	return "reads status of " + strings.Join(f.Kinds, ", ")
}

// exportFact records what the package's production code reads, in a
// package that imports controller-runtime's client or reconcile package
// directly: the vet-mode skip (internal/vetskip) answers for the others
// without running the pass, so no fact is theirs under any driver, and a
// call into such a package counts as unknown (scanCall).
func (c *checker) exportFact() {
	if !slices.ContainsFunc(c.pass.Pkg.Imports(), func(p *types.Package) bool { return reach.Matters(p.Path()) }) {
		return
	}
	kinds := c.packageReads()
	fact := &StatusReads{}
	for k := range kinds {
		fact.Kinds = append(fact.Kinds, k)
	}
	slices.Sort(fact.Kinds)
	c.pass.ExportPackageFact(fact)
}

// packageReads returns the kinds whose status any production function of
// the package reads: the scope used when a builder's reconciler cannot be
// resolved, and the package's fact.
func (c *checker) packageReads() map[string]bool {
	if c.pkgReads == nil {
		c.pkgReads = make(map[string]bool)
		for _, fn := range c.productionFuncs() {
			c.scanReads(fn, c.pkgReads)
		}
	}
	return c.pkgReads
}

// safePackages are the packages whose functions, handed an object, do not
// act on its status: the API machinery, controller-runtime, client-go,
// logging. Standard library packages count as safe too (isSafe).
var safePackages = []string{
	"k8s.io/api/",
	"k8s.io/apimachinery/",
	"k8s.io/client-go/",
	"k8s.io/klog",
	"k8s.io/utils/",
	"sigs.k8s.io/controller-runtime",
	"github.com/go-logr/",
}

// stdTop are the first elements of the standard library's import paths
// (a module path need not have a dot, so that alone does not tell).
var stdTop = map[string]bool{}

func init() {
	for _, p := range strings.Fields(`archive bufio bytes cmp compress container context crypto database
		debug embed encoding errors expvar flag fmt go hash html image index io iter log maps math
		mime net os path plugin reflect regexp runtime slices sort strconv strings structs sync
		syscall testing text time unicode unique unsafe weak`) {
		stdTop[p] = true
	}
}

func isSafe(path string) bool {
	path = canonical(path)
	first, _, _ := strings.Cut(path, "/")
	if stdTop[first] {
		return true
	}
	for _, p := range safePackages {
		if strings.HasPrefix(path, p) || path == strings.TrimSuffix(p, "/") {
			return true
		}
	}
	return false
}

// scanReads adds to into the kinds whose status node's code reads:
//   - a selection of the Status field of an object;
//   - a call of a function of another package that carries a StatusReads
//     fact: every kind in it (the function may load such an object itself);
//   - an object handed to a function the pass cannot read (another
//     package without a fact, outside safePackages; a function value):
//     its kind.
//
// Functions of the package that node calls are scanned where the caller
// asks (the reachable set, or every function).
func (c *checker) scanReads(node ast.Node, into map[string]bool) {
	info := c.pass.TypesInfo
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			sel := info.Selections[n]
			if sel == nil || sel.Kind() != types.FieldVal {
				return true
			}
			field, _ := sel.Obj().(*types.Var)
			if k := statusField(sel.Recv(), field); k != nil {
				into[kindKey(k)] = true
			}
		case *ast.CallExpr:
			c.scanCall(n, into)
		}
		return true
	})
}

func (c *checker) scanCall(call *ast.CallExpr, into map[string]bool) {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	var unknown bool
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return
	case *types.Func:
		pkg := callee.Pkg()
		if pkg == nil || pkg == c.pass.Pkg {
			return // scanned itself where it is reachable
		}
		if isSafe(pkg.Path()) {
			return
		}
		var fact StatusReads
		if c.pass.ImportPackageFact(pkg, &fact) {
			for _, k := range fact.Kinds {
				into[k] = true
			}
			return
		}
		unknown = true
	default:
		// A function value: a literal of the package is scanned where it
		// is reachable; anything else cannot be read.
		if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
			return
		}
		unknown = true
	}
	if !unknown {
		return
	}
	for _, arg := range call.Args {
		for _, k := range objectsIn(info.TypeOf(arg)) {
			into[kindKey(k)] = true
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil {
			for _, k := range objectsIn(s.Recv()) {
				into[kindKey(k)] = true
			}
		}
	}
}
