// Package ignore implements statuslint's own suppression directives, so
// they work the same under go vet, golangci-lint and gopls:
//
//	//statuslint:ignore statusupdate,conditions the webhook owns this status
//	//statuslint:file-ignore fieldmanager generated client wrappers
//
// The first form, on the reported line or the line above it, silences the
// named passes there; the second silences them in the whole file. A reason
// is required. A directive without one, one naming an unknown pass, and one
// that silences nothing are reported themselves, so stale directives do
// not pile up.
package ignore

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Passes are the names directives may use; analyzer.Names must equal it
// (checked by the analyzer package's tests).
var Passes = []string{"statusupdate", "fieldmanager", "conditions", "statuswrites", "objectupdate"}

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
	used     bool
	skipped  bool // in a _test.go or generated file, which passes may skip
}

// Reporter reports one pass's diagnostics, dropping those its directives
// silence. Call Close after the pass's last Report.
type Reporter struct {
	pass       *analysis.Pass
	name       string
	directives []*directive
}

// New parses the directives of the package's files for the pass name.
func New(pass *analysis.Pass, name string) *Reporter {
	r := &Reporter{pass: pass, name: name}
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
					r.directives = append(r.directives, d)
				}
			}
		}
	}
	return r
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
		for _, dir := range r.directives {
			if dir.file != tf || !slices.Contains(dir.passes, r.name) || dir.reason == "" {
				continue
			}
			if dir.fileWide || dir.line == line || (!dir.trailing && dir.line == line-1) {
				dir.used = true
				return
			}
		}
	}
	r.pass.Report(d)
}

// Close reports the directives that concern this pass and are wrong: no
// reason, an unknown pass (reported by the pass whose name is closest, so
// exactly once), or silencing nothing.
func (r *Reporter) Close() {
	for _, d := range r.directives {
		kind := "statuslint:ignore"
		if d.fileWide {
			kind = "statuslint:file-ignore"
		}
		for _, u := range d.unknown {
			if closest(u) == r.name {
				r.pass.Reportf(d.pos, "%s names unknown pass %q (did you mean %s? valid: %s)", kind, u, r.name, strings.Join(Passes, ", "))
			}
		}
		if len(d.passes) == 0 && len(d.unknown) == 0 {
			if r.name == Passes[0] {
				r.pass.Reportf(d.pos, "%s names no pass: write //%s <pass>[,<pass>] <reason>", kind, kind)
			}
			continue
		}
		if !slices.Contains(d.passes, r.name) || d.passes[0] != r.name && d.reason == "" {
			continue
		}
		switch {
		case d.reason == "":
			r.pass.Reportf(d.pos, "%s needs a reason: write //%s %s <why this is right>", kind, kind, strings.Join(d.passes, ","))
		case !d.used && !d.skipped:
			r.pass.Report(analysis.Diagnostic{
				Pos:     d.pos,
				Message: fmt.Sprintf("%s for %s silences nothing here; remove it", kind, r.name),
			})
		}
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
