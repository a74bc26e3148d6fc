package fixes

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// Fixes that edit another package: a fix at a call in one package that also
// adds code to the package of the called helper (statusupdate's sibling
// helper, see passes/statusupdate/sibling.go). The helper's package
// describes its part in a fact, as FileEdits: file names and byte offsets,
// which mean the same in every process, where a token.Pos means something
// only in the FileSet it came from. The caller's package turns them into
// TextEdits of its own pass (ResolveEdits).
//
// Only a driver that applies the fixes of every package of a run together,
// merging identical edits, may be handed such a fix: statuslint's
// standalone driver. go vet -fix and go fix run one process per package,
// each writing its own fixes, so two packages calling one helper would each
// add its sibling; gopls applies one fix at a time. The standalone driver
// turns them on (AllowAcrossPackages); everywhere else the fix is not
// offered, and the finding says what statuslint -fix would do.

var acrossPackages atomic.Bool

// AllowAcrossPackages says whether the running driver applies every fix of
// a run together, so that fixes may edit other packages' files.
func AllowAcrossPackages(on bool) { acrossPackages.Store(on) }

// AcrossPackages reports whether fixes may edit other packages' files.
func AcrossPackages() bool { return acrossPackages.Load() }

// FileEdit is a text edit of a file named by its path, for a fact: replace
// the bytes [Offset, End) of File, which has Size bytes, by Text.
type FileEdit struct {
	File        string
	Size        int
	Offset, End int
	Text        string
}

// FileEditsOf turns edits made in pass's own files into FileEdits.
func FileEditsOf(fset *token.FileSet, edits []analysis.TextEdit) ([]FileEdit, error) {
	out := make([]FileEdit, 0, len(edits))
	for _, e := range edits {
		tf := fset.File(e.Pos)
		if tf == nil {
			return nil, errors.New("edit outside any file")
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		out = append(out, FileEdit{File: tf.Name(), Size: tf.Size(), Offset: tf.Offset(e.Pos), End: tf.Offset(end), Text: string(e.NewText)})
	}
	return out, nil
}

// addMu serializes adding files to a FileSet, so that two passes resolving
// edits of the same file add it once.
var addMu sync.Mutex

// ResolveEdits turns FileEdits into TextEdits of fset: in the file of fset
// by that name (the helper's package was type-checked from source in this
// run), or in a file added to fset for it, read from disk (its package's
// types came from export data). A file of another size than the fact says,
// or that cannot be read, fails: it changed since its package was analysed.
func ResolveEdits(fset *token.FileSet, edits []FileEdit) ([]analysis.TextEdit, error) {
	out := make([]analysis.TextEdit, 0, len(edits))
	files := make(map[string]*token.File)
	for _, e := range edits {
		tf := files[e.File]
		if tf == nil {
			var err error
			if tf, err = fileNamed(fset, e.File, e.Size); err != nil {
				return nil, err
			}
			files[e.File] = tf
		}
		if e.Offset < 0 || e.End < e.Offset || e.End > tf.Size() {
			return nil, fmt.Errorf("%s: edit at %d:%d outside the file", e.File, e.Offset, e.End)
		}
		out = append(out, analysis.TextEdit{Pos: tf.Pos(e.Offset), End: tf.Pos(e.End), NewText: []byte(e.Text)})
	}
	return out, nil
}

func fileNamed(fset *token.FileSet, name string, size int) (*token.File, error) {
	find := func() *token.File {
		var found *token.File
		fset.Iterate(func(f *token.File) bool {
			if f.Name() == name && f.Size() == size {
				found = f
				return false
			}
			return true
		})
		return found
	}
	if tf := find(); tf != nil {
		return tf, nil
	}
	addMu.Lock()
	defer addMu.Unlock()
	if tf := find(); tf != nil {
		return tf, nil
	}
	content, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if len(content) != size {
		return nil, fmt.Errorf("%s changed since its package was analysed (%d bytes, now %d)", name, size, len(content))
	}
	tf := fset.AddFile(name, -1, size)
	tf.SetLinesForContent(content)
	return tf, nil
}
