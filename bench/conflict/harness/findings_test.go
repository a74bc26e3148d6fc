package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindingsSaysWhyThereIsNoJSON: when statuslint prints no JSON and
// exits with an error (a package that does not load), the error carries
// what it printed on stderr, not only the JSON decoder's complaint (a CI
// run failed with "unexpected end of JSON input" and nothing else).
func TestFindingsSaysWhyThereIsNoJSON(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "statuslint")
	script := "#!/bin/sh\necho 'example.com/op: no such package' >&2\nexit 1\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	h := &Harness{statuslint: fake}
	_, err := h.Findings(context.Background(), dir, nil)
	if err == nil || !strings.Contains(err.Error(), "no such package") {
		t.Fatalf("Findings error = %v, want the command's stderr in it", err)
	}
}
