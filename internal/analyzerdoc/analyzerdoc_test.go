package analyzerdoc

import (
	"strings"
	"testing"
)

const src = `// Package p defines two analyzers.
//
// # Analyzer first
//
// first: report the first thing
//
// It reports the first thing.
//
//	code stays indented
//
// # Analyzer second
//
// second: report the second thing
package p
`

func TestExtract(t *testing.T) {
	got, err := Extract(src, "first")
	if err != nil {
		t.Fatal(err)
	}
	if want := "report the first thing\n\nIt reports the first thing.\n\n\tcode stays indented"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, err := Extract(src, "second"); err != nil || got != "report the second thing" {
		t.Errorf("second: %q, %v", got, err)
	}
	for _, c := range []struct{ name, content string }{
		{"third", src}, // no section
		{"first", strings.Replace(src, "first: report", "report", 1)}, // no summary line
		{"x", "package p\n"}, // no doc comment
	} {
		if _, err := Extract(c.content, c.name); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
