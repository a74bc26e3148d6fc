// Package analyzerdoc takes an analyzer's Doc from its package's doc.go,
// so the text users read in `statuslint help NAME`, in gopls and on
// pkg.go.dev has one source. The doc comment holds a section
//
//	# Analyzer NAME
//
//	NAME: one-line summary
//
//	Full description...
//
// running to the next heading or the end of the comment, the convention of
// x/tools' passes; the pass embeds its doc.go (//go:embed) and extracts it.
package analyzerdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the "# Analyzer name" section of the package doc
// comment of the Go source content, without its heading and without the
// "name:" before the summary: the form analysis.Analyzer.Doc takes.
func Extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("doc.go: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package doc comment")
	}
	heading := "# Analyzer " + name
	var section []string
	in := false
	for _, line := range strings.Split(f.Doc.Text(), "\n") {
		switch {
		case line == heading:
			in = true
			continue
		case in && strings.HasPrefix(line, "# "):
			in = false
		}
		if in {
			section = append(section, line)
		}
	}
	body := strings.TrimSpace(strings.Join(section, "\n"))
	if body == "" {
		return "", fmt.Errorf("doc.go has no %q section", heading)
	}
	rest, ok := strings.CutPrefix(body, name+":")
	if !ok {
		return "", fmt.Errorf("the %q section of doc.go does not start with %q", heading, name+": summary")
	}
	return strings.TrimSpace(rest), nil
}

// MustExtract is Extract for package initialisers: a doc.go without the
// section is a bug that every test of the pass shows at once.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}
