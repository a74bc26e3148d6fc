package fieldmanager

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// reportManagerHandover reports a manager handed to another package's
// function whose fact says the client of that manager parameter reaches
// writes that name no field manager, and the manager's options name none.
// The fix sets Client.FieldOwner in the options literal the manager was
// made with, which names a field manager for every write of the manager's
// client at once.
func (r *reporter) reportManagerHandover(name string, arg ast.Expr, val ssa.Value, pw ParamWrite) {
	hasOwner := r.c.m.ClientOptionsHas("FieldOwner")
	advice := "set Client: client.Options{FieldOwner: ...} in the manager's options"
	if !hasOwner {
		advice = "give the manager a NewClient that wraps its client with client.WithFieldOwner(...)"
	}
	d := handoverDiagnostic("manager handed to "+name+" makes a client that", arg, pw, advice)
	if !hasOwner {
		d.Message += " (no suggested fix: this controller-runtime release's client.Options has no FieldOwner)"
		r.rep.Report(d)
		return
	}
	fix, why := r.managerFix(val)
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	} else {
		d.Message += " (" + why + ")"
	}
	r.rep.Report(d)
}

// managerFix builds the fix that names a field manager in the options
// literal the manager e was made with, or says why there is none.
func (r *reporter) managerFix(mgr ssa.Value) (*analysis.SuggestedFix, string) {
	lit, why := r.c.managerOptionsLiteral(mgr, 0)
	if lit == nil {
		return nil, "no suggested fix: " + why
	}
	file := r.c.fileOf(lit.Pos())
	if file == nil {
		return nil, "no suggested fix: the manager's options are not in this package's files"
	}
	if ignore.CgoProcessed(file) {
		return nil, "no suggested fix: " + ignore.CgoReason
	}
	owner, ok := r.ownerString(file, lit.Pos())
	if !ok {
		return nil, "set -fieldmanager.name to get a suggested fix"
	}
	// The literal to add to: the Client options when the manager's
	// options set them as a literal, else the manager's options, which
	// gain a Client element.
	into, text := lit, ""
	var edits []analysis.TextEdit
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil, "no suggested fix: the manager's options literal has no field names"
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Client" {
			inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
			if !ok {
				return nil, "no suggested fix: the manager's Client options are not a struct literal here"
			}
			into, text = inner, "FieldOwner: "+owner
		}
	}
	if text == "" {
		clientPkg := r.c.m.Client
		name, imp := fixes.AddImport(r.pass, file, lit.Pos(), clientPkg.Path(), clientPkg.Name())
		edits = append(edits, imp...)
		text = "Client: " + name + ".Options{FieldOwner: " + owner + "}"
	}
	newText, ok := r.insertElement(lit, into, text)
	if !ok {
		return nil, "no suggested fix: the manager's options literal could not be rewritten"
	}
	edits = append(edits, analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: newText})
	return &analysis.SuggestedFix{
		Message:   "Name a field manager in the manager's client options: FieldOwner: " + owner,
		TextEdits: edits,
	}, ""
}

// maxManagerHops bounds how far managerOptionsLiteral follows a manager
// parameter to the one call that hands it in.
const maxManagerHops = 8

// managerOptionsLiteral returns the manager.Options struct literal the
// manager value mgr was made with: the one manager.New or ctrl.NewManager
// call it comes from, with its options a literal or a local variable
// holding one; a parameter of a function called once in the package is
// followed to its argument. Otherwise it says why not.
func (c *checker) managerOptionsLiteral(mgr ssa.Value, hops int) (*ast.CompositeLit, string) {
	const notMade = "the manager is not made in view of the hand-over"
	if hops > maxManagerHops {
		return nil, notMade
	}
	for {
		mgr = valueflow.Unconvert(mgr)
		// A manager variable captured by a closure: its one value.
		if v, ok := mgr.(*ssa.UnOp); ok && v.Op == token.MUL {
			if vals, ok := c.localValues(v.X); ok && len(vals) == 1 {
				mgr = vals[0]
				continue
			}
		}
		break
	}
	if p, ok := mgr.(*ssa.Parameter); ok {
		ref, ok := paramRefOf(p)
		if !ok {
			return nil, notMade
		}
		var sites []ssa.CallInstruction
		for _, call := range c.program().DirectCalls(ref.fn) {
			if c.testCtx || !ignore.IsTestFile(c.fset, call.Pos()) {
				sites = append(sites, call)
			}
		}
		if len(sites) != 1 {
			return nil, "the manager is handed in by more than one caller"
		}
		arg := argument(sites[0].Common(), ref.index)
		if arg == nil {
			return nil, notMade
		}
		return c.managerOptionsLiteral(arg, hops+1)
	}
	opts, _ := c.managerConstructorOptions(mgr)
	if opts == nil {
		return nil, notMade
	}
	return c.optionsLiteral(opts, 0)
}

// optionsLiteral returns the manager.Options struct literal that result
// index of expression e is: e itself, the one value of a local variable,
// or the literal the one return of a function of the package returns
// (options built by a function of main), through at most a few such
// steps. Otherwise it says why not.
func (c *checker) optionsLiteral(e ast.Expr, depth int) (*ast.CompositeLit, string) {
	const notLiteral = "the manager's options are not a struct literal here"
	if depth > maxManagerHops {
		return nil, notLiteral
	}
	index := 0
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		ov, ok := c.info.Uses[id].(*types.Var)
		if !ok || !c.isLocal(ov) {
			return nil, notLiteral
		}
		if e, index = c.onlyValue(ov); e == nil {
			return nil, notLiteral
		}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if index == 0 {
			return x, ""
		}
	case *ast.CallExpr:
		fn := crmodel.CalledFunc(c.info, x)
		if fn == nil || fn.Pkg() != c.pkg {
			return nil, notLiteral
		}
		ret, why := c.onlyReturn(fn)
		if ret == nil {
			return nil, why
		}
		if index < len(ret.Results) && len(ret.Results) > 1 || index == 0 && len(ret.Results) == 1 {
			return c.optionsLiteral(ret.Results[index], depth+1)
		}
	}
	return nil, notLiteral
}

// onlyReturn returns the one return statement of fn, a function declared
// in the package, or says why there is none.
func (c *checker) onlyReturn(fn *types.Func) (*ast.ReturnStmt, string) {
	const several = "the function that makes the manager's options returns them in more than one place"
	file := c.fileOf(fn.Pos())
	if file == nil {
		return nil, "the manager's options are made outside this package's files"
	}
	var decl *ast.FuncDecl
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && c.info.Defs[fd.Name] == fn && fd.Body != nil {
			decl = fd
		}
	}
	if decl == nil {
		return nil, "the manager's options are made outside this package's files"
	}
	var rets []*ast.ReturnStmt
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	if len(rets) != 1 {
		return nil, several
	}
	return rets[0], ""
}

// onlyValue returns the one expression a local variable is assigned, in
// its declaration or an assignment, and the index of the variable among
// the results when that expression is a call with several (opts, err :=
// loadOptions()); nil when the variable is assigned none (a parameter),
// several, or by a range clause.
func (c *checker) onlyValue(v *types.Var) (ast.Expr, int) {
	file := c.fileOf(v.Pos())
	if file == nil {
		return nil, 0
	}
	type value struct {
		e     ast.Expr
		index int
	}
	var vals []value
	add := func(id ast.Expr, val ast.Expr, index int) {
		if id, ok := ast.Unparen(id).(*ast.Ident); ok && (c.info.Defs[id] == v || c.info.Uses[id] == v) {
			vals = append(vals, value{val, index})
		}
	}
	// lhs = rhs: one value each, or one call with a result for each.
	assign := func(lhs, rhs []ast.Expr) {
		for i, l := range lhs {
			switch {
			case len(lhs) == len(rhs):
				add(l, rhs[i], 0)
			case len(rhs) == 1:
				add(l, rhs[0], i)
			default:
				add(l, nil, 0)
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			names := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				names[i] = id
			}
			assign(names, n.Values)
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e != nil {
					add(e, nil, 0)
				}
			}
		}
		return true
	})
	if len(vals) != 1 {
		return nil, 0
	}
	return vals[0].e, vals[0].index
}

// fileOf returns the package's file that holds pos.
func (c *checker) fileOf(pos token.Pos) *ast.File { return fixes.FileOf(c.pass, pos) }

// insertElement returns the source of the composite literal outer with
// text added as the last element of into (outer itself or a literal inside
// it), formatted as gofmt would format it in place: gofmt aligns the values
// of keyed elements, so a line inserted by hand would not be gofmt-clean.
func (r *reporter) insertElement(outer, into *ast.CompositeLit, text string) ([]byte, bool) {
	tf := r.pass.Fset.File(outer.Pos())
	if tf == nil || r.pass.ReadFile == nil {
		return nil, false
	}
	src, err := r.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil, false
	}
	// A raw string spanning lines would be changed by re-indenting.
	multiline := false
	ast.Inspect(outer, func(n ast.Node) bool {
		if bl, ok := n.(*ast.BasicLit); ok && tf.Line(bl.Pos()) != tf.Line(bl.End()) {
			multiline = true
		}
		return !multiline
	})
	if multiline {
		return nil, false
	}
	var at token.Pos
	var ins string
	switch {
	case len(into.Elts) == 0:
		at, ins = into.Rbrace, text
	case tf.Line(into.Elts[len(into.Elts)-1].End()) == tf.Line(into.Rbrace):
		at, ins = into.Elts[len(into.Elts)-1].End(), ", "+text
	default:
		// The elements end with a comma and a newline: a line of its own.
		at, ins = into.Rbrace, text+",\n"
	}
	start, mid, end := tf.Offset(outer.Pos()), tf.Offset(at), tf.Offset(outer.End())
	lit := string(src[start:mid]) + ins + string(src[mid:end])

	const prefix = "package p\n\nvar _ = "
	out, err := format.Source([]byte(prefix + lit + "\n"))
	if err != nil || !bytes.HasPrefix(out, []byte(prefix)) {
		return nil, false
	}
	formatted := strings.TrimSuffix(string(out[len(prefix):]), "\n")
	// Indent the lines after the first as the literal's first line is.
	line := r.lineText(tf, outer.Pos())
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	lines := strings.Split(formatted, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return []byte(strings.Join(lines, "\n")), true
}
