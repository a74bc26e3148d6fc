package sarif

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.sarif")

// The analyzers of the fixture: two passes of the list and one that is
// not in it (its rule comes after theirs).
var (
	passA = &analysis.Analyzer{
		Name: "statusupdate",
		Doc:  "report Status().Update reachable from Reconcile\n\nThe informer cache lags\nthe API server.\n\nMore text.",
		URL:  "https://github.com/statuslint/statuslint/blob/main/docs/statusupdate.md",
	}
	passB = &analysis.Analyzer{
		Name: "fieldmanager",
		Doc:  "report client writes that name no field manager",
		URL:  "https://github.com/statuslint/statuslint/blob/main/docs/fieldmanager.md",
	}
	passC = &analysis.Analyzer{Name: "directives", Doc: "check statuslint directives"}
)

const controllerSrc = "package controller\n" +
	"\n" +
	"func (r *R) Reconcile() {\n" +
	"\tr.markReady() // größe\n" +
	"}\n" +
	"\n" +
	"func (r *R) markReady() {\n" +
	"\t/* 😀 ü */ r.Status().Update(ctx, &w)\n" +
	"}\n"

const helperSrc = "package helper\n\nfunc Write() { c.Create(ctx, obj) }\n"

const outsideSrc = "package dep\n\nfunc Set() { w.Status().Update(ctx, o) }\n"

// fixture writes the files of the findings under a new directory: the
// root's files repo/internal/controller/widget controller.go (a space in
// the name) and repo/a:b/helper.go, and elsewhere/dep.go outside the
// root. It returns the directory, the root and the findings, in an order
// that is not the output's, with a finding repeated by a test variant.
func fixture(t *testing.T) (tmp, root string, findings []Finding) {
	t.Helper()
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root = filepath.Join(tmp, "repo")
	controller := filepath.Join(root, "internal", "controller", "widget controller.go")
	helper := filepath.Join(root, "a:b", "helper.go")
	outside := filepath.Join(tmp, "elsewhere", "dep.go")
	for name, content := range map[string]string{controller: controllerSrc, helper: helperSrc, outside: outsideSrc} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	fset := token.NewFileSet()
	add := func(name, content string) func(sub string, n int) token.Pos {
		tf := fset.AddFile(name, -1, len(content))
		tf.SetLinesForContent([]byte(content))
		// at returns the position of the n-th byte after the start of
		// the first sub.
		return func(sub string, n int) token.Pos {
			i := strings.Index(content, sub)
			if i < 0 {
				t.Fatalf("%q not in %s", sub, name)
			}
			return tf.Pos(i + n)
		}
	}
	ctl := add(controller, controllerSrc)
	ctlTest := add(controller, controllerSrc) // parsed again for the test variant
	hlp := add(helper, helperSrc)
	dep := add(outside, outsideSrc)

	update := func(at func(string, int) token.Pos) analysis.Diagnostic {
		return analysis.Diagnostic{
			Pos:     at("r.Status().Update", 0),
			End:     at("r.Status().Update(ctx, &w)", len("r.Status().Update(ctx, &w)")),
			Message: "status written with Update in the reconcile path; a stale cached resourceVersion makes it fail with 409 Conflict: patch the status instead",
			Related: []analysis.RelatedInformation{
				{Pos: at("r.markReady()", 0), End: at("r.markReady()", len("r.markReady()")), Message: "(*R).Reconcile calls (*R).markReady"},
				{Pos: at("r.Status()", 0), Message: "the write [here] uses a {cached} object"},
			},
			SuggestedFixes: []analysis.SuggestedFix{{
				Message: "patch the status with client.MergeFrom",
				TextEdits: []analysis.TextEdit{
					// Out of order: the output sorts them.
					{Pos: at("Update(ctx, &w)", 0), End: at("Update(ctx, &w)", len("Update(ctx, &w)")), NewText: []byte("Patch(ctx, &w, client.MergeFrom(base))")},
					{Pos: at("\t/* 😀", 0), End: at("\t/* 😀", 0), NewText: []byte("\tbase := w.DeepCopy()\n")},
				},
			}},
		}
	}
	findings = []Finding{
		{passC, fset, analysis.Diagnostic{Pos: hlp("func", 0), Message: "directive names no pass {0}"}},
		{passA, fset, update(ctlTest)},
		{passB, fset, analysis.Diagnostic{
			Pos: hlp("c.Create", 0), End: hlp("c.Create(ctx, obj)", len("c.Create(ctx, obj)")),
			Message: "Create names no field manager (fieldmanager)",
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "pass client.FieldOwner",
				TextEdits: []analysis.TextEdit{{Pos: hlp("obj)", 3), NewText: []byte(", client.FieldOwner(owner)")}},
			}},
		}},
		{passA, fset, update(ctl)},
		{passA, fset, analysis.Diagnostic{
			Pos: ctl("r.markReady()", 0), End: ctl("r.markReady()", len("r.markReady()")),
			Message: "status written in another package's helper",
			Related: []analysis.RelatedInformation{{Pos: dep("w.Status()", 0), End: dep("w.Status().Update(ctx, o)", len("w.Status().Update(ctx, o)")), Message: "dep.Set writes the status"}},
		}},
	}
	return tmp, root, findings
}

// render writes the log of the fixture and replaces the temporary
// directory's URI with file:///TMP.
func render(t *testing.T, findings []Finding, root, tmp string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, []*analysis.Analyzer{passA, passB}, findings, Options{Version: "v0.9.0", Root: root}); err != nil {
		t.Fatal(err)
	}
	return bytes.ReplaceAll(buf.Bytes(), []byte(fileURI(tmp)), []byte("file:///TMP"))
}

func TestGolden(t *testing.T) {
	tmp, root, findings := fixture(t)
	got := render(t, findings, root, tmp)
	golden := filepath.Join("testdata", "golden.sarif")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update to rewrite it):\n%s", golden, got)
	}
}

// TestDeterministic checks that the order of the findings does not change
// the log.
func TestDeterministic(t *testing.T) {
	tmp, root, findings := fixture(t)
	want := render(t, findings, root, tmp)
	r := rand.New(rand.NewSource(1))
	for i := range 10 {
		r.Shuffle(len(findings), func(i, j int) { findings[i], findings[j] = findings[j], findings[i] })
		if got := render(t, findings, root, tmp); !bytes.Equal(got, want) {
			t.Fatalf("shuffle %d: output differs:\n%s\nwant:\n%s", i, got, want)
		}
	}
}

// TestGitHubFields checks the properties GitHub code scanning requires or
// uses, on the fixture's log.
func TestGitHubFields(t *testing.T) {
	tmp, root, findings := fixture(t)
	var log map[string]any
	if err := json.Unmarshal(render(t, findings, root, tmp), &log); err != nil {
		t.Fatal(err)
	}
	checkGitHubFields(t, log)
}

// checkGitHubFields reports what GitHub needs and log lacks.
func checkGitHubFields(t *testing.T, log map[string]any) {
	t.Helper()
	// at walks v by object keys.
	at := func(v any, path ...string) any {
		for _, p := range path {
			m, _ := v.(map[string]any)
			v = m[p]
		}
		return v
	}
	str := func(v any, path ...string) string { s, _ := at(v, path...).(string); return s }
	num := func(v any, path ...string) float64 { f, _ := at(v, path...).(float64); return f }
	list := func(v any, key string) []any { l, _ := at(v, key).([]any); return l }
	if str(log, "$schema") == "" || str(log, "version") != "2.1.0" {
		t.Errorf("$schema %q, version %q", str(log, "$schema"), str(log, "version"))
	}
	runs := list(log, "runs")
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := runs[0]
	if got := str(run, "tool", "driver", "name"); got != "statuslint" {
		t.Errorf("tool.driver.name %q", got)
	}
	if str(run, "tool", "driver", "version") == "" || str(run, "tool", "driver", "informationUri") == "" {
		t.Errorf("tool.driver has no version or informationUri")
	}
	if got := str(run, "columnKind"); got != "utf16CodeUnits" {
		t.Errorf("columnKind %q", got)
	}
	m, _ := run.(map[string]any)["tool"].(map[string]any)
	rules := list(m["driver"], "rules")
	ids := make(map[string]int)
	for i, r := range rules {
		id := str(r, "id")
		ids[id] = i
		for _, p := range [][]string{{"shortDescription", "text"}, {"fullDescription", "text"}, {"help", "text"}} {
			if s := str(r, p...); s == "" || len(s) > 1024 && p[0] != "help" {
				t.Errorf("rule %q: %s: %q", id, strings.Join(p, "."), s)
			}
		}
		if id != "directives" && !strings.HasSuffix(str(r, "helpUri"), "/docs/"+id+".md") {
			t.Errorf("rule %q: helpUri %q", id, str(r, "helpUri"))
		}
	}
	results := list(run, "results")
	if len(results) == 0 {
		t.Fatal("no results")
	}
	for _, res := range results {
		id := str(res, "ruleId")
		i, ok := ids[id]
		if !ok || num(res, "ruleIndex") != float64(i) {
			t.Errorf("result rule %q, index %v: not the rule's (%v)", id, num(res, "ruleIndex"), i)
		}
		text := str(res, "message", "text")
		if text == "" || str(res, "level") != "warning" {
			t.Errorf("result %q: level %q", text, str(res, "level"))
		}
		locs := list(res, "locations")
		if len(locs) != 1 {
			t.Errorf("result %q: %d locations", text, len(locs))
		}
		for _, l := range append(locs, list(res, "relatedLocations")...) {
			pl, _ := l.(map[string]any)["physicalLocation"]
			if str(pl, "artifactLocation", "uri") == "" {
				t.Errorf("result %q: location without a uri", text)
			}
			for _, k := range []string{"startLine", "startColumn", "endLine", "endColumn"} {
				if num(pl, "region", k) < 1 {
					t.Errorf("result %q: region.%s %v", text, k, num(pl, "region", k))
				}
			}
		}
		for _, l := range list(res, "relatedLocations") {
			link := fmt.Sprintf("](%v)", num(l, "id"))
			if !strings.Contains(text, link) {
				t.Errorf("result %q: related location %v is not linked from the message", text, num(l, "id"))
			}
		}
	}
}

// TestOutput checks what the golden file shows, one property at a time.
func TestOutput(t *testing.T) {
	tmp, root, findings := fixture(t)
	out := render(t, findings, root, tmp)
	var log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Tool               struct{ Driver toolComponent }
			Results            []result
		}
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file:///TMP/repo/" {
		t.Errorf("%%SRCROOT%% is %q", got)
	}
	var rules []string
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, r.ID)
	}
	if got := strings.Join(rules, " "); got != "statusupdate fieldmanager directives" {
		t.Errorf("rules %s", got)
	}
	r0 := run.Tool.Driver.Rules[0]
	if r0.ShortDescription.Text != "report Status().Update reachable from Reconcile" ||
		r0.FullDescription.Text != "report Status().Update reachable from Reconcile. The informer cache lags the API server." ||
		r0.HelpURI != passA.URL || !strings.HasSuffix(r0.Help.Text, "More text.\n\n"+passA.URL) {
		t.Errorf("rule statusupdate: %+v", r0)
	}

	// Five findings, one of them twice.
	if len(run.Results) != 4 {
		t.Fatalf("%d results, want 4 (the test variant's finding once)", len(run.Results))
	}
	byMessage := make(map[string]result)
	for _, r := range run.Results {
		msg, _, _ := strings.Cut(r.Message.Text, "\n")
		byMessage[msg] = r
	}
	up, ok := byMessage[findings[1].Diagnostic.Message]
	if !ok {
		t.Fatalf("no Update result: %v", byMessage)
	}
	// "\t/* 😀 ü */ r.Status()": the tab, "/* ", a surrogate pair, " ",
	// "ü", " */ ": 1+3+2+1+1+4 = 12 code units before r, 19 bytes.
	loc := up.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "internal/controller/widget%20controller.go" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("artifact %+v", loc.ArtifactLocation)
	}
	if r := *loc.Region; r != (region{StartLine: 8, StartColumn: 13, EndLine: 8, EndColumn: 13 + len("r.Status().Update(ctx, &w)")}) {
		t.Errorf("region %+v", r)
	}
	wantText := findings[1].Diagnostic.Message +
		"\n[(*R).Reconcile calls (*R).markReady](1)" +
		"\n[the write \\[here\\] uses a {{cached}} object](2)"
	if up.Message.Text != wantText {
		t.Errorf("message %q, want %q", up.Message.Text, wantText)
	}
	if len(up.RelatedLocations) != 2 || *up.RelatedLocations[0].ID != 1 || up.RelatedLocations[1].Message.Text != "the write [here] uses a {{cached}} object" {
		t.Errorf("related %+v", up.RelatedLocations)
	}
	if r := *up.RelatedLocations[0].PhysicalLocation.Region; r != (region{StartLine: 4, StartColumn: 2, EndLine: 4, EndColumn: 15}) {
		t.Errorf("related region %+v", r)
	}
	if len(up.Fixes) != 1 || len(up.Fixes[0].ArtifactChanges) != 1 {
		t.Fatalf("fixes %+v", up.Fixes)
	}
	reps := up.Fixes[0].ArtifactChanges[0].Replacements
	if len(reps) != 2 || reps[0].InsertedContent.Text != "\tbase := w.DeepCopy()\n" {
		t.Fatalf("replacements %+v", reps)
	}
	off := strings.Index(controllerSrc, "\t/* 😀")
	if d := reps[0].DeletedRegion; d.StartLine != 8 || d.StartColumn != 1 || d.EndLine != 8 || d.EndColumn != 1 || *d.ByteOffset != off || *d.ByteLength != 0 {
		t.Errorf("insertion %+v", d)
	}
	off = strings.Index(controllerSrc, "Update(ctx, &w)")
	if d := reps[1].DeletedRegion; d.StartColumn != 24 || d.EndColumn != 24+len("Update(ctx, &w)") || *d.ByteOffset != off || *d.ByteLength != len("Update(ctx, &w)") {
		t.Errorf("replacement %+v", d)
	}

	fm := byMessage["Create names no field manager"]
	if uri := fm.Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "./a:b/helper.go" {
		t.Errorf("a first segment with a colon: %q", uri)
	}
	other := byMessage["status written in another package's helper"]
	rel := other.RelatedLocations[0].PhysicalLocation.ArtifactLocation
	if rel.URI != "file:///TMP/elsewhere/dep.go" || rel.URIBaseID != "" {
		t.Errorf("a file outside the root: %+v", rel)
	}
	if d := byMessage["directive names no pass {{0}}"]; d.RuleID != "directives" || *d.RuleIndex != 2 {
		t.Errorf("directive result %+v", d)
	}
}

// TestNoFindings checks that a run without findings still has the arrays
// GitHub requires.
func TestNoFindings(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, nil, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"rules": []`, `"results": []`, `"name": "statuslint"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("no %s in\n%s", want, &buf)
		}
	}
	if strings.Contains(buf.String(), `"version": ""`) {
		t.Errorf("empty version written:\n%s", &buf)
	}
}

// TestChangedFile checks that a file that cannot be read, or has changed
// since it was analysed, is an error rather than wrong columns.
func TestChangedFile(t *testing.T) {
	_, root, findings := fixture(t)
	read := func(name string) ([]byte, error) {
		data, err := os.ReadFile(name)
		if strings.HasSuffix(name, "helper.go") {
			data = append(data, '\n')
		}
		return data, err
	}
	err := Write(new(bytes.Buffer), nil, findings, Options{Root: root, ReadFile: read})
	if err == nil || !strings.Contains(err.Error(), "changed since it was analysed") {
		t.Errorf("changed file: %v", err)
	}
	read = func(name string) ([]byte, error) { return nil, fmt.Errorf("cannot read %s", filepath.Base(name)) }
	err = Write(new(bytes.Buffer), nil, findings, Options{Root: root, ReadFile: read})
	if err == nil || !strings.Contains(err.Error(), "cannot read") {
		t.Errorf("unreadable file: %v", err)
	}
}

func TestTruncate(t *testing.T) {
	long := strings.Repeat("word ", 300)
	got := truncate(long, 1024)
	if len(got) > 1024 || !strings.HasSuffix(got, "word...") {
		t.Errorf("truncate: %d bytes, ends %q", len(got), got[len(got)-10:])
	}
	if got := truncate("short", 1024); got != "short" {
		t.Errorf("truncate(short) = %q", got)
	}
	if got := truncate(strings.Repeat("é", 10), 8); got != "éé..." {
		t.Errorf("truncate in a rune: %q", got)
	}
}

func TestRepoRoot(t *testing.T) {
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(tmp, "repo")
	sub := filepath.Join(repo, "operator", "internal")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	// (A .git above the temporary directory would be found.)
	if got := RepoRoot(sub); got != sub && strings.HasPrefix(got, tmp) {
		t.Errorf("without .git: RepoRoot = %s, want %s", got, sub)
	}
	// A worktree's .git is a file.
	if err := os.WriteFile(filepath.Join(repo, ".git"), []byte("gitdir: elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{sub, repo} {
		if got := RepoRoot(dir); got != repo {
			t.Errorf("RepoRoot(%s) = %s, want %s", dir, got, repo)
		}
	}
}
