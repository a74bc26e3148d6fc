package watches

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
)

// predicateFix adds to the watch the option that keeps what the owner
// reacts to and drops status-only updates:
//
//	builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{},
//		predicate.LabelChangedPredicate{}, predicate.AnnotationChangedPredicate{}))
//
// Creates, deletes and changes to the spec, labels and annotations still
// wake the reconcile. It returns the reason when there is none.
//
// The fix is offered where the builder is generic (TypedBuilder,
// controller-runtime v0.18 on): there WithPredicates, Or and the three
// predicates all exist, Predicate is TypedPredicate[client.Object], and Or
// takes its type argument explicitly (it cannot be inferred from the
// predicate structs). Which release the code uses is told from the
// builder's type alone: a driver that reads the builder and predicate
// packages from export data sees only the parts of them the code names,
// so looking for Or there would give another answer under go vet than
// standalone.
func (c *checker) predicateFix(ctl *controller, w *watch) (*analysis.SuggestedFix, string) {
	if w.call.Ellipsis.IsValid() {
		return nil, "the options are passed as a slice"
	}
	builderPkg, generic := c.builderPackage(w)
	if builderPkg == nil {
		return nil, "controller-runtime's builder package cannot be read"
	}
	if !generic {
		return nil, "before controller-runtime v0.18 which predicates there are cannot be told; add them by hand"
	}
	builderPath := crmodel.Unvendor(builderPkg.Path())

	file := ctl.file
	pos := w.call.Pos()
	var edits []analysis.TextEdit
	importName := func(path, name string) string {
		local, e := fixes.AddImport(c.pass, file, pos, path, name)
		edits = append(edits, e...)
		return local
	}
	b := importName(builderPath, "builder")
	p := importName(predicatePath, "predicate")
	or := p + ".Or[" + importName(crmodel.ClientPath, "client") + ".Object]"
	// One predicate a line, as a person would write it (gofmt keeps it):
	//
	//	Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.Or[client.Object](
	//		predicate.GenerationChangedPredicate{},
	//		...
	//	))).
	indent := c.indentOf(w.pos())
	var text strings.Builder
	fmt.Fprintf(&text, ", %s.WithPredicates(%s(\n", b, or)
	for _, name := range []string{"GenerationChangedPredicate", "LabelChangedPredicate", "AnnotationChangedPredicate"} {
		fmt.Fprintf(&text, "%s\t%s.%s{},\n", indent, p, name)
	}
	fmt.Fprintf(&text, "%s))", indent)
	last := w.call.Args[len(w.call.Args)-1]
	edits = append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(text.String())})
	return &analysis.SuggestedFix{
		Message:   "Drop status-only updates of " + w.kind.Obj().Name() + " with predicates",
		TextEdits: fixes.UniqueEdits(edits),
	}, ""
}

// builderPackage returns controller-runtime's builder package as the
// watch's call sees it, and whether its builder is generic (TypedBuilder,
// v0.18 on; Builder is then an alias of TypedBuilder[reconcile.Request]).
func (c *checker) builderPackage(w *watch) (*types.Package, bool) {
	_, recv := crmodel.MethodCall(c.pass.TypesInfo, w.call) // a builder call: see collect
	n := crmodel.NamedOf(recv)
	if n == nil {
		return nil, false
	}
	return n.Origin().Obj().Pkg(), n.Origin().TypeParams().Len() > 0
}

// indentOf returns the white space that starts the line of pos, read from
// the file; none when the file cannot be read.
func (c *checker) indentOf(pos token.Pos) string {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return ""
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}
