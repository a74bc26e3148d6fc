package harness

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestEditsApply applies the requeue edits to a copy of the example and
// builds it: a change to the example that moves what they edit fails here,
// not in the middle of a benchmark. (The hand fixes, which expect -fix's
// edits first, are checked by TestConflicts.)
func TestEditsApply(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a copy of the example")
	}
	example, err := filepath.Abs(filepath.Join("..", "..", "..", "example"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := CopyDir(example, dir, nil); err != nil {
		t.Fatal(err)
	}
	if err := ApplyEdits(dir, requeueEdits, false); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the example with the requeue edits: %v\n%s", err, out)
	}
}
