package fieldmanager

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/flagvalue"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	reachpass "github.com/statuslint/statuslint/passes/reach"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "fieldmanager"

// Config is the pass's configuration.
type Config struct {
	// Name is the field manager the suggested fix passes when the package
	// has no owner of its own: empty for none, else one the API server
	// takes (flagvalue.CheckFieldManager).
	Name string `json:"name"`
	// Owned lists struct fields ("pkg/path.Type.Field") or types
	// ("pkg/path.Type") whose clients are known to name a field manager.
	Owned flagvalue.Objects `json:"owned"`
	// Unowned lists struct fields or types whose clients are known to name
	// none, so writes through them are reported even though the client was
	// made outside the package.
	Unowned flagvalue.Objects `json:"unowned"`
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// Validate reports the first setting of cfg that is not valid, naming it
// as the settings do (name, owned, unowned). The flags check their values
// when they are set, with the same checks; this checks a configuration
// built in code or decoded from golangci-lint's settings.
func (cfg *Config) Validate() error {
	if cfg.Name != "" {
		if err := flagvalue.CheckFieldManager(cfg.Name); err != nil {
			return fmt.Errorf("name: invalid value %q: %v", cfg.Name, err)
		}
	}
	if err := cfg.Owned.Validate(); err != nil {
		return fmt.Errorf("owned: %v", err)
	}
	if err := cfg.Unowned.Validate(); err != nil {
		return fmt.Errorf("unowned: %v", err)
	}
	return nil
}

// New returns the pass configured by cfg. It traces clients on the SSA
// index of the reachability analysis r (see reconcilepath.New); without r, on
// passes/reach's Analyzer.
func New(cfg *Config, r ...*analysis.Analyzer) *analysis.Analyzer {
	ra := reachpass.Analyzer
	if len(r) > 0 && r[0] != nil {
		ra = r[0]
	}
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  doc,
		URL:  "https://github.com/statuslint/statuslint/blob/main/docs/fieldmanager.md",
		Run: func(pass *analysis.Pass) (any, error) {
			res, _ := pass.ResultOf[ra].(*reconcilepath.Result)
			return run(pass, cfg, res)
		},
		// The directives, parsed once for every pass; the package's SSA
		// and its index, built once for every pass.
		Requires: []*analysis.Analyzer{ra, ignore.Analyzer},

		FactTypes: []analysis.Fact{new(ParamWrites), new(FieldWrites), new(ManagerOptions), new(ClientResults), new(ManagerResults)},
	}
	// The flags' defaults are cfg's values, so binding them keeps a
	// configuration built in code.
	a.Flags.Var(flagvalue.FieldManager{P: &cfg.Name}, "name", "field manager the suggested fix uses when the package has no owner constant of its own ("+flagvalue.FieldManagerRule+")")
	a.Flags.Var(&cfg.Owned, "owned", "comma-separated struct fields (pkg/path.Type.Field) or types (pkg/path.Type) whose clients name a field manager")
	a.Flags.Var(&cfg.Unowned, "unowned", "comma-separated struct fields (pkg/path.Type.Field) or types (pkg/path.Type) whose clients name no field manager")
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

func run(pass *analysis.Pass, cfg *Config, res *reconcilepath.Result) (any, error) {
	isTest := func(f *ast.File) bool { return ignore.IsTestFile(pass.Fset, f.Pos()) }
	rep := ignore.New(pass, Name)
	defer rep.Close()
	if pass.Pkg == nil || pass.TypesInfo == nil {
		return nil, nil
	}
	m := crmodel.Load(pass.Pkg)
	if m == nil {
		return nil, nil
	}
	c := &checker{
		pass:             pass,
		res:              res,
		info:             pass.TypesInfo,
		m:                m,
		owned:            settingSet(cfg.Owned),
		unowned:          settingSet(cfg.Unowned),
		pkg:              pass.Pkg,
		fset:             pass.Fset,
		memo:             make(map[memoKey]memoEntry),
		phis:             make(map[*ssa.Phi]bool),
		localOptionTypes: make(map[*types.TypeName]state),
	}
	// Test support outside _test.go files (a file of fixtures, an envtest
	// or testcontainers harness) is skipped like a _test.go file, file by
	// file: the package's other files are production code all the same.
	checked := func(f *ast.File) bool {
		return !ignore.SkipFile(pass, f, cfg.Tests) && (cfg.Tests || !isTestSupport(f))
	}
	factImports := importsParamWrites(pass)
	r := &reporter{pass: pass, rep: rep, cfg: cfg, c: c, owners: collectOwners(pass, m, checked, isTest), exports: mayExport(pass, m, factImports), factImports: factImports}
	for _, f := range pass.Files {
		if !checked(f) {
			continue
		}
		c.testCtx = isTest(f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				r.check(f, n)
				r.handover(f, n)
			case *ast.CompositeLit:
				r.storedInLiteral(f, n)
			case *ast.AssignStmt:
				r.storedByAssignment(f, n)
			}
			return true
		})
	}
	r.declareOwner()
	if mayExportOptions(pass) {
		c.testCtx = false
		c.exportOptions()
	}
	if r.exports {
		r.handed.canWrap = r.handed.canWrap || c.canWrap()
		r.handed.export(pass)
		r.exportFuncVars()
	}
	return nil, nil
}

// mayExport reports whether the package may export ParamWrites facts: it
// is not the client package itself, whose functions the pass models, and
// it imports controller-runtime's client or reconcile package directly
// (reconcilepath.Matters), or a package whose functions have ParamWrites
// facts (the operator-sdk layout's controller package, which imports only
// the manager package and each controller's, and hands the manager to
// their Add functions). The vet-mode skip of internal/vetskip analyzes
// both kinds (the second for the facts of its imports), and so does the
// standalone driver, which closes its source packages upwards: a package
// either skips never has facts to lose.
func mayExport(pass *analysis.Pass, m *crmodel.Model, factImports bool) bool {
	if pass.Pkg == m.Client {
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if reconcilepath.Matters(imp.Path()) {
			return true
		}
	}
	return factImports
}

// importsParamWrites reports whether a package the package imports
// directly has functions with ParamWrites facts.
func importsParamWrites(pass *analysis.Pass) bool {
	imports := make(map[*types.Package]bool)
	for _, imp := range pass.Pkg.Imports() {
		imports[imp] = true
	}
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*ParamWrites); ok && imports[f.Object.Pkg()] {
			return true
		}
	}
	return false
}

// settingSet normalises the owned and unowned settings: "pkg/path.Type",
// "pkg/path.Type.Field", optionally with a * or parentheses around the
// type.
func settingSet(list []string) map[string]bool {
	out := make(map[string]bool, len(list))
	for _, item := range list {
		if item = flagvalue.ObjectKey(item); item != "" {
			out[item] = true
		}
	}
	return out
}

type reporter struct {
	pass   *analysis.Pass
	rep    *ignore.Reporter
	cfg    *Config
	c      *checker
	owners []*ownerCand
	// pending are the findings whose fix passes the configured owner,
	// reported once every call is seen (declareOwner).
	pending []configuredFix

	exports bool // the package may export ParamWrites facts
	// factImports is set when a direct import has ParamWrites facts: only
	// then can a function value hold a function with one (handover).
	factImports bool
	handed      handedOn // writes for the package's facts
}

// check reports call if it is a client write that can carry a field
// manager and provably carries none.
func (r *reporter) check(file *ast.File, call *ast.CallExpr) {
	c := r.c
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	fn, recv := crmodel.MethodCall(c.info, call)
	kind := c.m.ClassifyMethod(fn, recv)
	if kind == crmodel.NotWrite {
		return
	}
	switch fn.Name() {
	case "Create", "Update", "Patch", "Apply":
	default:
		return // Delete and DeleteAllOf take no field manager
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !sig.Variadic() || sig.Params().Len() < 2 {
		return
	}
	nfixed := sig.Params().Len() - 1
	if len(call.Args) < nfixed {
		return // ill-typed
	}
	spread := call.Ellipsis.IsValid()
	if spread && len(call.Args) != nfixed+1 {
		return
	}
	instr := c.instr(call)
	if instr == nil {
		return // not in the package's SSA: undecided
	}
	if c.writeOptions(instr) != none {
		return
	}
	if fn.Name() == "Patch" && c.managedFieldsOnly(file, call, instr) {
		return // a field manager would be recorded nowhere (managedfields.go)
	}
	switch c.writeClient(instr) {
	case none:
	case unknown, named:
		// None if the package's exported functions are handed clients
		// that name none, or other packages store such a client in an
		// exported field on objects of their own: reported where they
		// are (the facts).
		if r.exports {
			if deps := c.assumed(func() state { return c.writeClient(instr) }); len(deps) > 0 {
				desc := c.describe(file, call, instr, fn, kind) + " at " + r.position(sel.Sel.Pos())
				for _, dep := range deps {
					r.handed.add(dep, 1, []string{desc})
				}
			}
		}
		return
	default:
		return
	}

	// The message.
	what := c.describe(file, call, instr, fn, kind)
	consequence := "managedFields will show the client's user agent"
	switch {
	case fn.Name() == "Apply":
		consequence = "the API server rejects an Apply without one"
	case fn.Name() == "Patch" && len(call.Args) >= 3 && c.isApplyPatch(call.Args[2]):
		what += " with client.Apply"
		consequence = "the API server rejects an apply patch without one"
	}
	msg := fmt.Sprintf("%s names no field manager; %s: pass client.FieldOwner(...)", what, consequence)

	d := analysis.Diagnostic{Pos: sel.Sel.Pos(), End: call.End(), Message: msg}
	switch {
	case spread:
		d.Message += " (no suggested fix: the options are spread from a slice; add the owner to it)"
	case ignore.CgoProcessed(file):
		d.Message += " (no suggested fix: " + ignore.CgoReason + ")"
	default:
		text, edits, configured, ok := r.owner(file, call)
		if !ok {
			d.Message += " (set -fieldmanager.name to get a suggested fix)"
			break
		}
		if configured {
			r.pending = append(r.pending, configuredFix{d: d, file: file, call: call, test: r.c.testCtx})
			return // reported by declareOwner
		}
		edits = append(edits, r.insertion(call, text))
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Pass " + text,
			TextEdits: edits,
		}}
	}
	r.rep.Report(d)
}

// qualifier qualifies type names by the name file imports their package
// under (corev1 for an import corev1 "k8s.io/api/core/v1"), else by the
// package's name; never by path.
func qualifier(file *ast.File) types.Qualifier {
	return func(p *types.Package) string {
		for _, spec := range file.Imports {
			if spec.Name == nil || spec.Name.Name == "_" || spec.Name.Name == "." {
				continue
			}
			if path, err := strconv.Unquote(spec.Path.Value); err == nil && path == p.Path() {
				return spec.Name.Name
			}
		}
		return p.Name()
	}
}

// isApplyPatch reports whether e is client.Apply, the server-side apply
// patch.
func (c *checker) isApplyPatch(e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	}
	return id != nil && c.m.IsApplyPatch(c.info.Uses[id])
}

// insertion returns the edit that adds text as the last argument of call:
// a pure insertion right before the closing parenthesis, so that it
// composes with other passes' edits of the same call.
func (r *reporter) insertion(call *ast.CallExpr, text string) analysis.TextEdit {
	at := call.Rparen
	edit := func(s string) analysis.TextEdit {
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(s)}
	}
	last := call.Args[len(call.Args)-1]
	tf := r.pass.Fset.File(at)
	if tf == nil || tf.Line(at) == tf.Line(last.End()) {
		return edit(", " + text)
	}
	// The arguments end with a comma and a newline: add a line.
	closing := r.indent(tf, at)
	argIndent := strings.Repeat("\t", tf.Position(last.Pos()).Column-1)
	if s := r.lineText(tf, last.Pos()); s != "" {
		argIndent = s[:len(s)-len(strings.TrimLeft(s, " \t"))]
	}
	if !strings.HasPrefix(argIndent, closing) {
		argIndent = closing + "\t"
	}
	return edit(argIndent[len(closing):] + text + ",\n" + closing)
}

// indent returns the text between the start of pos's line and pos when it
// is all blanks, else a tab per column before pos.
func (r *reporter) indent(tf *token.File, pos token.Pos) string {
	if s := r.lineText(tf, pos); s != "" {
		off := tf.Offset(pos) - tf.Offset(tf.LineStart(tf.Line(pos)))
		if off <= len(s) && strings.TrimLeft(s[:off], " \t") == "" {
			return s[:off]
		}
	}
	return strings.Repeat("\t", tf.Position(pos).Column-1)
}

// lineText returns the text of pos's line, or "" when the file cannot be
// read.
func (r *reporter) lineText(tf *token.File, pos token.Pos) string {
	if r.pass.ReadFile == nil {
		return ""
	}
	content, err := r.pass.ReadFile(tf.Name())
	if err != nil || len(content) != tf.Size() {
		return ""
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := start
	for end < len(content) && content[end] != '\n' {
		end++
	}
	return string(content[start:end])
}
