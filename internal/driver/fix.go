package driver

import (
	"fmt"
	"go/format"
	"go/token"
	"io"
	"log"
	"os"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/statuslint/statuslint/internal/textedit"
)

// applyFixes applies the first suggested fix of every root diagnostic, as
// multichecker's -fix does: each fix is merged, whole or not at all, into
// the edits accepted so far (identical edits, such as the same fix found
// in a package and its test variant, or the same import added twice,
// coalesce); a fix that conflicts, or that would edit a generated file, is
// left out and counted. Each changed file is then gofmt-ed and written,
// or, with printDiff, shown as a unified diff on w.
func applyFixes(graph *checker.Graph, generated func(filename string) bool, printDiff bool, w io.Writer, log *log.Logger, verbose bool) error {
	type fixAt struct {
		fix  *analysis.SuggestedFix
		fset *token.FileSet
	}
	var fixes []fixAt
	for _, act := range graph.Roots {
		if act.Err != nil {
			continue
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixes = append(fixes, fixAt{&d.SuggestedFixes[0], act.Package.Fset})
			}
		}
	}

	baseline := make(map[string][]byte)
	accepted := make(map[string][]textedit.Edit)
	var good, skipped int
fixes:
	for _, fa := range fixes {
		byFile := make(map[string][]textedit.Edit)
		for _, e := range fa.fix.TextEdits {
			tf := fa.fset.File(e.Pos)
			if tf == nil {
				return fmt.Errorf("fix %q: edit outside any file", fa.fix.Message)
			}
			if generated(tf.Name()) {
				skipped++
				continue fixes
			}
			name := tf.Name()
			if _, ok := baseline[name]; !ok {
				content, err := os.ReadFile(name)
				if err != nil {
					log.Printf("skipping fix to file %s: %v", name, err)
					continue fixes
				}
				if len(content) != tf.Size() {
					return fmt.Errorf("%s changed while it was analyzed (%d bytes, now %d); no fix applied", name, tf.Size(), len(content))
				}
				baseline[name] = content
			}
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			byFile[name] = append(byFile[name], textedit.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(end), New: string(e.NewText)})
		}
		merged := make(map[string][]textedit.Edit)
		for name, edits := range byFile {
			textedit.Sort(edits)
			if prev := accepted[name]; len(prev) > 0 {
				m, ok := textedit.Merge(prev, edits)
				if !ok {
					continue fixes // conflict
				}
				edits = m
			}
			merged[name] = edits
		}
		for name, edits := range merged {
			accepted[name] = edits
		}
		good++
	}
	bad := len(fixes) - good - skipped

	names := make([]string, 0, len(accepted))
	for name := range accepted {
		names = append(names, name)
	}
	sort.Strings(names)
	var written, failed int
	wd := workingDir()
	for _, name := range names {
		final, err := textedit.Apply(baseline[name], accepted[name])
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if formatted, err := format.Source(final); err == nil {
			final = formatted
		}
		if printDiff {
			short := shortPath(name, wd)
			io.WriteString(w, textedit.Unified(short+" (old)", short+" (new)", string(baseline[name]), string(final)))
			continue
		}
		mode := os.FileMode(0o644)
		if fi, err := os.Stat(name); err == nil {
			mode = fi.Mode().Perm()
		}
		if err := os.WriteFile(name, final, mode); err != nil {
			log.Print(err)
			failed++
			continue
		}
		written++
	}

	if bad > 0 || failed > 0 {
		if printDiff {
			return fmt.Errorf("%d of %s skipped (conflicting edits)", bad, plural(len(fixes), "fix", "fixes"))
		}
		return fmt.Errorf("applied %d of %s; %s updated (run again to apply more)",
			good, plural(len(fixes), "fix", "fixes"), plural(written, "file", "files"))
	}
	if verbose {
		if skipped > 0 {
			log.Printf("skipped %s that would edit generated files", plural(skipped, "fix", "fixes"))
		}
		log.Printf("applied %s, updated %s", plural(good, "fix", "fixes"), plural(written, "file", "files"))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
