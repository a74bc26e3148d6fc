package ignore

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Passes are the names directives may use; analyzer.Names must equal it
// (checked by the analyzer package's tests).
var Passes = []string{"statusupdate", "fieldmanager", "conditions", "statuswrites", "objectupdate", "watches"}

const (
	linePrefix = "//statuslint:ignore"
	filePrefix = "//statuslint:file-ignore"
)

type directive struct {
	pos      token.Pos
	file     *token.File
	line     int  // line of the comment
	trailing bool // after code on its line: it covers that line only
	fileWide bool
	passes   []string
	reason   string
	unknown  []string
	skipped  bool // in a _test.go or generated file, which passes may skip
}

func (d *directive) kind() string {
	if d.fileWide {
		return "statuslint:file-ignore"
	}
	return "statuslint:ignore"
}

// Directives are the directives of one package, parsed once by [Analyzer]
// and read by every pass through its [Reporter]. They are not changed
// after parsing, so passes running at the same time may share them.
type Directives struct {
	list []*directive
}

// Name is the directive analyzer's name: the users' -directives flag.
const Name = "directives"

// Analyzer parses the package's directives once, for every pass that
// requires it, and reports the directives that are wrong whatever passes
// run: one without a reason, one naming an unknown pass, one naming none.
// The passes report only what concerns each alone: a directive for it that
// silences nothing. It is a root of the suite (analyzer.New), so that these
// reports do not depend on a pass that happens to be turned off.
var Analyzer = &analysis.Analyzer{
	Name:       Name,
	Doc:        doc,
	URL:        "https://github.com/statuslint/statuslint#silencing-a-finding",
	Run:        func(pass *analysis.Pass) (any, error) { return check(pass), nil },
	ResultType: reflect.TypeOf((*Directives)(nil)),
}

// Parse parses the directives of the package's files.
func Parse(pass *analysis.Pass) *Directives {
	ds := &Directives{}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if d := parse(c, tf); d != nil {
					d.skipped = SkipFile(pass, f, false)
					d.trailing = trailing(pass, tf, c.Pos())
					ds.list = append(ds.list, d)
				}
			}
		}
	}
	return ds
}

// check parses the package's directives and reports the wrong ones.
func check(pass *analysis.Pass) *Directives {
	ds := Parse(pass)
	for _, d := range ds.list {
		kind := d.kind()
		for _, u := range d.unknown {
			pass.Reportf(d.pos, "%s names unknown pass %q (did you mean %s? valid: %s)", kind, u, closest(u), strings.Join(Passes, ", "))
		}
		switch {
		case len(d.passes) == 0 && len(d.unknown) == 0:
			pass.Reportf(d.pos, "%s names no pass: write //%s <pass>[,<pass>] <reason>", kind, kind)
		case len(d.passes) > 0 && d.reason == "":
			pass.Reportf(d.pos, "%s needs a reason: write //%s %s <why this is right>", kind, kind, strings.Join(d.passes, ","))
		}
	}
	return ds
}

// Reporter reports one pass's diagnostics, dropping those its directives
// silence. Call Close after the pass's last Report.
type Reporter struct {
	pass       *analysis.Pass
	name       string
	directives *Directives
	used       map[*directive]bool // this pass's own: the Directives are shared
}

// New returns the reporter of the pass name. It reads the directives
// [Analyzer] parsed when the pass requires it, and parses them itself
// otherwise, so a pass used on its own still honours them.
func New(pass *analysis.Pass, name string) *Reporter {
	ds, _ := pass.ResultOf[Analyzer].(*Directives)
	if ds == nil {
		ds = Parse(pass)
	}
	return &Reporter{pass: pass, name: name, directives: ds, used: make(map[*directive]bool)}
}

func parse(c *ast.Comment, tf *token.File) *directive {
	text := c.Text
	var fileWide bool
	switch {
	case strings.HasPrefix(text, filePrefix):
		text, fileWide = text[len(filePrefix):], true
	case strings.HasPrefix(text, linePrefix):
		text = text[len(linePrefix):]
	default:
		return nil
	}
	if text != "" && text[0] != ' ' && text[0] != '\t' {
		return nil // some other word, such as //statuslint:ignored
	}
	d := &directive{pos: c.Pos(), file: tf, line: tf.Line(c.Pos()), fileWide: fileWide}
	// A comment after the reason ("// want ..." in tests) is not part of it.
	if i := strings.Index(text, "//"); i >= 0 {
		text = text[:i]
	}
	fields := strings.Fields(text)
	if len(fields) > 0 {
		for _, p := range strings.Split(fields[0], ",") {
			if p == "" {
				continue
			}
			if slices.Contains(Passes, p) {
				d.passes = append(d.passes, p)
			} else {
				d.unknown = append(d.unknown, p)
			}
		}
		d.reason = strings.Join(fields[1:], " ")
	}
	return d
}

// Report reports d unless a directive for this pass silences it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	tf := r.pass.Fset.File(d.Pos)
	if tf != nil {
		line := tf.Line(d.Pos)
		for _, dir := range r.directives.list {
			if dir.file != tf || !slices.Contains(dir.passes, r.name) || dir.reason == "" {
				continue
			}
			if dir.fileWide || dir.line == line || (!dir.trailing && dir.line == line-1) {
				r.used[dir] = true
				return
			}
		}
	}
	r.pass.Report(d)
}

// Close reports this pass's directives that silenced nothing. The other
// wrong directives (no reason, unknown or no pass) are [Analyzer]'s to
// report, once whatever passes run.
func (r *Reporter) Close() {
	for _, d := range r.directives.list {
		if !slices.Contains(d.passes, r.name) || d.reason == "" || r.used[d] || d.skipped {
			continue
		}
		r.pass.Report(analysis.Diagnostic{
			Pos:     d.pos,
			Message: fmt.Sprintf("%s for %s silences nothing here; remove it", d.kind(), r.name),
		})
	}
}

// closest returns the pass whose name is nearest to s by edit distance,
// the first on ties.
func closest(s string) string {
	best, bestDist := Passes[0], -1
	for _, p := range Passes {
		if d := distance(s, p); bestDist < 0 || d < bestDist {
			best, bestDist = p, d
		}
	}
	return best
}

func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// trailing reports whether code precedes the comment at pos on its line.
func trailing(pass *analysis.Pass, tf *token.File, pos token.Pos) bool {
	if pass.ReadFile == nil {
		return false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return false
	}
	off := tf.Offset(pos)
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	if off > len(src) || start > off {
		return false
	}
	return strings.TrimSpace(string(src[start:off])) != ""
}
