package textedit

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// FromAnalysis converts a suggested fix's edits, positions in fset, to
// sorted byte-offset edits per file name: the one conversion the -fix
// driver's merge, the fixes' own checks and the tests share. An edit
// without an End is an insertion, as analysis.TextEdit documents.
func FromAnalysis(fset *token.FileSet, edits []analysis.TextEdit) (map[string][]Edit, error) {
	out := make(map[string][]Edit)
	for _, e := range edits {
		tf := fset.File(e.Pos)
		if tf == nil {
			return nil, fmt.Errorf("edit at %d outside any file", e.Pos)
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		out[tf.Name()] = append(out[tf.Name()], Edit{Start: tf.Offset(e.Pos), End: tf.Offset(end), New: string(e.NewText)})
	}
	for _, es := range out {
		Sort(es)
	}
	return out, nil
}
