package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/statuslint/statuslint/internal/sarif"
	"github.com/statuslint/statuslint/internal/version"
	"github.com/statuslint/statuslint/passes/reach"
)

// A Finding is one diagnostic of a root package, reported once: a
// package and its test variant ("pkg [pkg.test]") analyse the same
// non-test files and make the same findings twice, and a reader wants
// one of each (the package's own, when both made it).
type Finding struct {
	PkgID      string
	Analyzer   *analysis.Analyzer
	Fset       *token.FileSet
	Diagnostic analysis.Diagnostic
}

// Findings returns the findings of the graph's root packages, each once,
// in the graph's order (dependencies first, then each package's
// analyzers in turn).
func Findings(graph *checker.Graph) []Finding {
	type key struct {
		pos, end token.Position
		analyzer *analysis.Analyzer
		message  string
	}
	index := make(map[key]int)
	var out []Finding
	for act := range graph.All() {
		if !act.IsRoot || act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), act.Analyzer, d.Message}
			if i, ok := index[k]; ok {
				// The package's own entry wins over its test
				// variant's.
				if isTestVariant(out[i].PkgID) && !isTestVariant(act.Package.ID) {
					out[i].PkgID = act.Package.ID
				}
				continue
			}
			index[k] = len(out)
			out = append(out, Finding{PkgID: act.Package.ID, Analyzer: act.Analyzer, Fset: fset, Diagnostic: d})
		}
	}
	return out
}

// isTestVariant reports whether a package ID names a package compiled for
// its tests: "pkg [pkg.test]", "pkg_test [pkg.test]" and "pkg.test".
func isTestVariant(id string) bool {
	return strings.Contains(id, " [") || strings.HasSuffix(id, ".test")
}

// shortPath returns filename relative to the working directory when the
// file is under it, as go vet prints it; else filename.
func shortPath(filename, wd string) string {
	if wd == "" || !filepath.IsAbs(filename) {
		return filename
	}
	rel, err := filepath.Rel(wd, filename)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filename
	}
	return rel
}

// workingDir returns the working directory with symbolic links resolved
// (the loader's file names are resolved), or "" when it is unknown.
func workingDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	if resolved, err := filepath.EvalSymlinks(wd); err == nil {
		return resolved
	}
	return wd
}

// printText prints the findings as go vet does, "file:line:col: message"
// (the message ends with the pass's name: see NameFindings), and each
// related position on a line of its own, indented by a tab. Paths are relative to the working directory wd when the file
// is under it. With contextLines nonnegative, each position is followed by
// its lines and that many lines around them.
func printText(w io.Writer, findings []Finding, contextLines int, wd string) error {
	var b strings.Builder
	for _, f := range findings {
		print := func(pos, end token.Pos, message string) {
			posn := f.Fset.Position(pos)
			posn.Filename = shortPath(posn.Filename, wd)
			fmt.Fprintf(&b, "%s: %s\n", posn, message)
			if contextLines < 0 {
				return
			}
			endPosn := f.Fset.Position(end)
			if !endPosn.IsValid() {
				endPosn = f.Fset.Position(pos)
			}
			data, _ := os.ReadFile(f.Fset.Position(pos).Filename)
			lines := strings.Split(string(data), "\n")
			for i := posn.Line - contextLines; i <= endPosn.Line+contextLines; i++ {
				if 1 <= i && i <= len(lines) {
					fmt.Fprintf(&b, "%d\t%s\n", i, lines[i-1])
				}
			}
		}
		d := f.Diagnostic
		print(d.Pos, d.End, d.Message)
		for _, rel := range d.Related {
			print(rel.Pos, rel.End, "\t"+rel.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// The JSON output is go vet's (-json), read by the same tools: a tree from
// package ID to analyzer name to the diagnostics, or to {"error": ...}.
// File names in it stay absolute, as go vet -json has them: the edits'
// offsets are applied by programs that may run elsewhere.
type (
	jsonTextEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonSuggestedFix struct {
		Message string         `json:"message"`
		Edits   []jsonTextEdit `json:"edits"`
	}
	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonDiagnostic struct {
		Category       string             `json:"category,omitempty"`
		Posn           string             `json:"posn"`
		End            string             `json:"end"`
		Message        string             `json:"message"`
		SuggestedFixes []jsonSuggestedFix `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated      `json:"related,omitempty"`
	}
	jsonError struct {
		Err string `json:"error"`
	}
)

// printJSON prints the findings, each once under the package that made it,
// and the errors of the graph's actions, in go vet's -json form.
func printJSON(w io.Writer, graph *checker.Graph, findings []Finding) error {
	tree := make(map[string]map[string]any)
	add := func(id, name string, v any) {
		m := tree[id]
		if m == nil {
			m = make(map[string]any)
			tree[id] = m
		}
		m[name] = v
	}
	for act := range graph.All() {
		if act.Err != nil {
			add(act.Package.ID, act.Analyzer.Name, jsonError{act.Err.Error()})
		}
	}
	for _, f := range findings {
		fset, d := f.Fset, f.Diagnostic
		jd := jsonDiagnostic{
			Category: d.Category,
			Posn:     fset.Position(d.Pos).String(),
			End:      fset.Position(cmp.Or(d.End, d.Pos)).String(),
			Message:  d.Message,
		}
		for _, fix := range d.SuggestedFixes {
			jf := jsonSuggestedFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				jf.Edits = append(jf.Edits, jsonTextEdit{
					Filename: fset.Position(e.Pos).Filename,
					Start:    fset.Position(e.Pos).Offset,
					End:      fset.Position(cmp.Or(e.End, e.Pos)).Offset,
					New:      string(e.NewText),
				})
			}
			jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
		}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{
				Posn:    fset.Position(r.Pos).String(),
				End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
				Message: r.Message,
			})
		}
		m := tree[f.PkgID]
		list, _ := m[f.Analyzer.Name].([]jsonDiagnostic)
		add(f.PkgID, f.Analyzer.Name, append(list, jd))
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// printSARIF prints the findings as SARIF 2.1.0, one rule per pass (the
// shared analysis, which reports nothing, has none), file URIs relative
// to the repository's root.
func printSARIF(w io.Writer, analyzers []*analysis.Analyzer, findings []Finding) error {
	var rules []*analysis.Analyzer
	for _, a := range analyzers {
		if a.Name != reach.Name {
			rules = append(rules, a)
		}
	}
	fs := make([]sarif.Finding, len(findings))
	for i, f := range findings {
		fs[i] = sarif.Finding{Analyzer: f.Analyzer, Fset: f.Fset, Diagnostic: f.Diagnostic}
	}
	return sarif.Write(w, rules, fs, sarif.Options{
		Version: version.String(),
		Root:    sarif.RepoRoot(workingDir()),
	})
}
