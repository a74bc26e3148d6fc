package analyzer

import (
	"fmt"
	"slices"
	"strings"
)

// A Summary is one pass as the command's -help, the README and the docs
// index list it, all made from the analyzers: its name, the first line of
// its documentation, its page and whether it runs by default.
type Summary struct {
	Name    string
	Title   string // the first line of the analyzer's Doc, without its final period
	URL     string // the pass's page
	Default bool   // runs unless disabled
}

// Summaries returns the passes in the order of Names.
func Summaries() []Summary {
	var out []Summary
	for _, a := range Analyzers {
		if !slices.Contains(Names, a.Name) {
			continue // the directive check and the shared analysis
		}
		title, _, _ := strings.Cut(a.Doc, "\n")
		out = append(out, Summary{
			Name:    a.Name,
			Title:   strings.TrimSuffix(title, "."),
			URL:     a.URL,
			Default: !slices.Contains(Default.Disable, a.Name),
		})
	}
	return out
}

// docsURL is where the passes' pages are published; a page's path under
// docs/ is its URL without it.
const docsURL = "https://github.com/statuslint/statuslint/blob/main/docs/"

// SummaryTable returns the passes as a Markdown table, each name linked
// to its page: relative to docsDir (the directory of the pages as seen
// from the file the table is in, "docs/" or "") when the page is in this
// repository, else by its URL.
func SummaryTable(docsDir string) string {
	var b strings.Builder
	b.WriteString("| pass | what it does | runs by default |\n| --- | --- | --- |\n")
	for _, s := range Summaries() {
		link := s.URL
		if page, ok := strings.CutPrefix(s.URL, docsURL); ok {
			link = docsDir + page
		}
		on := "yes"
		if !s.Default {
			on = "no"
		}
		fmt.Fprintf(&b, "| [`%s`](%s) | %s | %s |\n", s.Name, link, s.Title, on)
	}
	return b.String()
}
