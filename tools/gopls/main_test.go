package main

import (
	"strings"
	"testing"
)

// listing has the shape of initAnalyzers in gopls v0.23.0
// (internal/settings/analysis.go), shortened.
const listing = `package settings

func initAnalyzers() (res []*Analyzer) {
	seen := make(map[*analysis.Analyzer]bool)
	for _, a := range []*Analyzer{
		{analyzer: nilness.Analyzer},
	} {
		res = append(res, a)
	}

	return append(res, staticcheckAnalyzers()...)
}

func other() {}
`

func TestPatch(t *testing.T) {
	got, err := patch(listing)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(listing, "\treturn append(res, staticcheckAnalyzers()...)",
		strings.TrimSuffix(insertion, "\n")+"\n\treturn append(res, staticcheckAnalyzers()...)", 1)
	if got != want {
		t.Errorf("patch:\n%s\nwant:\n%s", got, want)
	}
}

func TestPatchFailsLoudly(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"list moved", strings.Replace(listing, "func initAnalyzers() (res []*Analyzer) {", "func buildAnalyzers() (res []*Analyzer) {", 1),
			`expected anchor "func initAnalyzers() (res []*Analyzer) {\n" not found`},
		{"return changed", strings.Replace(listing, "staticcheckAnalyzers()...", "staticcheckAnalyzers(res)...", 1),
			`expected anchor "\treturn append(res, staticcheckAnalyzers()...)\n}\n" not found`},
		{"return in another function", strings.Replace(listing, "\treturn append(res, staticcheckAnalyzers()...)\n}\n\nfunc other() {}",
			"\treturn res\n}\n\nfunc other() (res []*Analyzer) {\n\treturn append(res, staticcheckAnalyzers()...)\n}", 1),
			"to end \"func initAnalyzers() (res []*Analyzer) {\""},
		{"two lists", listing + "\n" + strings.TrimPrefix(listing, "package settings\n"),
			"found 2 times, want once"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := patch(tc.src)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("patch: got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestPatchFileNamesFileAndAnchor(t *testing.T) {
	dir := t.TempDir()
	err := patchFile(dir, "v9.9.9")
	if err == nil || !strings.Contains(err.Error(), settingsFile) {
		t.Errorf("patchFile on a tree without %s: %v", settingsFile, err)
	}
}
