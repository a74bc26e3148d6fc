package fixtest

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestMergeAndConflict checks the two things the composition tests rely
// on: identical edits of two passes coalesce, and overlapping different
// edits are an error rather than a silently mangled file.
func TestMergeAndConflict(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar x = 1\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	tf := fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	at := func(off int) token.Pos { return tf.Pos(off) }
	one := analysis.SuggestedFix{Message: "one", TextEdits: []analysis.TextEdit{{Pos: at(19), End: at(20), NewText: []byte("2")}}}
	var e Edits
	if err := e.Add(fset, one); err != nil {
		t.Fatal(err)
	}
	if err := e.Add(fset, one); err != nil {
		t.Fatalf("identical fix: %v", err)
	}
	other := analysis.SuggestedFix{Message: "other", TextEdits: []analysis.TextEdit{{Pos: at(19), End: at(20), NewText: []byte("3")}}}
	if err := e.Add(fset, other); err == nil {
		t.Error("a conflicting fix was accepted")
	}
	files, err := e.Apply()
	if err != nil {
		t.Fatal(err)
	}
	if got := string(files[name]); got != "package a\n\nvar x = 2\n" {
		t.Errorf("got %q", got)
	}
}

// TestGoldensCompile type-checks every .golden file of every pass, in
// both stub trees, in place of the file it stands for: each says what the
// fixes of its package, applied together, leave, and that must build.
func TestGoldensCompile(t *testing.T) {
	for _, tree := range []string{"testdata", filepath.Join("testdata", "legacy")} {
		dir, err := filepath.Abs(filepath.Join("..", "..", tree))
		if err != nil {
			t.Fatal(err)
		}
		pkgs, golden := Goldens(t, dir, "")
		if len(pkgs) == 0 {
			t.Fatalf("%s: no .golden files", tree)
		}
		CheckCompiles(t, dir, golden, pkgs...)
	}
}
