package fieldmanager_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/fixtest"
	"github.com/statuslint/statuslint/passes/fieldmanager"
)

// TestComposesWithStatusUpdate applies the fixes of the real statusupdate
// and fieldmanager passes, built by the suite, to the same calls, merged as
// statuslint's -fix merges them: statusupdate turns Update into Patch and
// adds a snapshot, fieldmanager appends a field owner, both may add the
// client import. The result must match the .golden files and be
// gofmt-clean as it is.
func TestComposesWithStatusUpdate(t *testing.T) {
	t.Parallel()
	dir := current(t)
	// fieldmanager's own findings, against the want comments.
	analysistest.Run(t, dir, fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"}), "fieldmanager/compose")

	cfg := &analyzer.Config{Disable: []string{"conditions", "statuswrites", "objectupdate"}}
	cfg.FieldManager.Name = "widget-controller"
	as, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	files := fixtest.Run(t, dir, as, "fieldmanager/compose")
	if len(files) != 2 {
		t.Errorf("edited %d files, want 2", len(files))
	}
	// The package has no owner of its own: the fixes pass one constant,
	// declared once.
	decls := 0
	for name, got := range files {
		if formatted, err := format.Source(got); err != nil {
			t.Errorf("%s: fixed file does not parse: %v\n%s", name, err, got)
		} else if !bytes.Equal(formatted, got) {
			t.Errorf("%s: fixed file is not gofmt-clean:\n%s", name, got)
		}
		if !bytes.Contains(got, []byte("Status().Patch(")) || !bytes.Contains(got, []byte("fieldOwner")) {
			t.Errorf("%s: the fixes of both passes should be applied:\n%s", name, got)
		}
		decls += bytes.Count(got, []byte(`const fieldOwner = client.FieldOwner("widget-controller")`))
		want, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: fixed file differs from its .golden:\n%s", filepath.Base(name), got)
		}
	}
	if decls != 1 {
		t.Errorf("the owner constant is declared %d times, want once", decls)
	}
}
