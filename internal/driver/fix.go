package driver

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"io"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/statuslint/statuslint/internal/textedit"
)

// applyFixes applies the first suggested fix of every finding, as
// multichecker's -fix does: each fix is merged, whole or not at all, into
// the edits accepted so far (identical edits, such as the same import
// added twice, coalesce); a fix that conflicts, that would edit a
// generated file or a file that cannot be read, is left out. Each changed
// file is then gofmt-ed and, with printDiff, shown as a unified diff on w;
// else the files are written all or none (writeAll).
//
// It returns the findings still standing: those without a fix and those
// whose fix was left out (all of them when nothing could be written), for
// the caller to print.
func applyFixes(findings []Finding, generated func(filename string) bool, printDiff bool, w io.Writer, log *log.Logger, verbose bool) ([]Finding, error) {
	baseline := make(map[string][]byte)
	accepted := make(map[string][]textedit.Edit)
	var remaining, applied []Finding
	var withFix, conflicts, inGenerated int
fixes:
	for _, f := range findings {
		if len(f.Diagnostic.SuggestedFixes) == 0 {
			remaining = append(remaining, f)
			continue
		}
		withFix++
		fix := &f.Diagnostic.SuggestedFixes[0]
		for _, e := range fix.TextEdits {
			tf := f.Fset.File(e.Pos)
			if tf == nil {
				return findings, fmt.Errorf("fix %q: edit outside any file; no file changed", fix.Message)
			}
			name := tf.Name()
			if generated(name) {
				inGenerated++
				remaining = append(remaining, f)
				continue fixes
			}
			if _, ok := baseline[name]; !ok {
				content, err := os.ReadFile(name)
				if err != nil {
					log.Printf("fix not applied: %v", err)
					remaining = append(remaining, f)
					continue fixes
				}
				if len(content) != tf.Size() {
					return findings, fmt.Errorf("%s changed while it was analysed (%d bytes, now %d); no file changed", name, tf.Size(), len(content))
				}
				baseline[name] = content
			}
		}
		// Every edit is in a file, checked above: no error.
		byFile, _ := textedit.FromAnalysis(f.Fset, fix.TextEdits)
		merged := make(map[string][]textedit.Edit)
		for name, edits := range byFile {
			if prev := accepted[name]; len(prev) > 0 {
				m, ok := textedit.Merge(prev, edits)
				if !ok {
					conflicts++
					remaining = append(remaining, f)
					continue fixes
				}
				edits = m
			}
			merged[name] = edits
		}
		for name, edits := range merged {
			accepted[name] = edits
		}
		applied = append(applied, f)
	}

	names := slices.Sorted(maps.Keys(accepted))
	changes := make([]fileChange, 0, len(names))
	wd := workingDir()
	for _, name := range names {
		final, err := textedit.Apply(baseline[name], accepted[name])
		if err != nil {
			return findings, fmt.Errorf("%s: %v; no file changed", name, err)
		}
		if formatted, err := format.Source(final); err == nil {
			final = formatted
		}
		if printDiff {
			short := shortPath(name, wd)
			io.WriteString(w, textedit.Unified(short+" (old)", short+" (new)", string(baseline[name]), string(final)))
			continue
		}
		changes = append(changes, fileChange{name: name, old: baseline[name], new: final})
	}
	if !printDiff {
		if err := writeAll(changes); err != nil {
			return findings, err
		}
	}

	verb := "applied"
	if printDiff {
		verb = "would apply"
	}
	if conflicts > 0 {
		log.Printf("%s %d of %s: %s conflicting with another's edits (run again to apply more)",
			verb, len(applied), plural(withFix, "fix", "fixes"), plural(conflicts, "fix", "fixes"))
	}
	if verbose {
		if inGenerated > 0 {
			log.Printf("skipped %s that would edit generated files", plural(inGenerated, "fix", "fixes"))
		}
		log.Printf("%s %s, %s %s", verb, plural(len(applied), "fix", "fixes"), map[bool]string{true: "changing", false: "updated"}[printDiff], plural(len(names), "file", "files"))
	}
	return remaining, nil
}

// fileChange is a file -fix rewrites: its contents as analysed and as
// fixed.
type fileChange struct {
	name     string
	old, new []byte
}

// The file system calls writeAll makes, replaceable by tests.
var (
	createTemp = os.CreateTemp
	rename     = os.Rename
)

// writeAll writes every change or none. First each file is checked: it
// still has the contents that were analysed, and it can be opened for
// writing (a read-only or immutable file fails here). Then each new
// content goes to a temporary file in the file's directory, with the
// file's permissions, and only when all of them are written are they
// renamed into place. A failure before the renames leaves every file as
// it was; a rename that fails puts back the files already renamed. The
// error names the file and why, and says that no file changed.
func writeAll(changes []fileChange) error {
	wd := workingDir()
	fail := func(name string, err error) error {
		return fmt.Errorf("%s: %v; no file changed", shortPath(name, wd), err)
	}
	modes := make([]os.FileMode, len(changes))
	for i, c := range changes {
		cur, err := os.ReadFile(c.name)
		if err != nil {
			return fail(c.name, err)
		}
		if !bytes.Equal(cur, c.old) {
			return fail(c.name, errors.New("changed since it was analysed"))
		}
		fi, err := os.Stat(c.name)
		if err != nil {
			return fail(c.name, err)
		}
		modes[i] = fi.Mode().Perm()
		f, err := os.OpenFile(c.name, os.O_WRONLY, 0)
		if err != nil {
			return fail(c.name, fmt.Errorf("cannot be written: %v", errors.Unwrap(err)))
		}
		f.Close()
	}
	temps := make([]string, 0, len(changes))
	removeTemps := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for i, c := range changes {
		tmp, err := createTemp(filepath.Dir(c.name), "."+filepath.Base(c.name)+".statuslint-*")
		if err != nil {
			removeTemps()
			return fail(c.name, fmt.Errorf("cannot write beside it: %v", err))
		}
		temps = append(temps, tmp.Name())
		_, err = tmp.Write(c.new)
		if err == nil {
			err = tmp.Chmod(modes[i])
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			removeTemps()
			return fail(c.name, err)
		}
	}
	for i, c := range changes {
		if err := rename(temps[i], c.name); err != nil {
			// Put back what was renamed already; the rest is untouched.
			for j := range i {
				os.WriteFile(changes[j].name, changes[j].old, modes[j])
			}
			removeTemps()
			return fail(c.name, err)
		}
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
