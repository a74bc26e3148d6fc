// Package sarif writes statuslint's findings as a SARIF 2.1.0 log, in the
// form GitHub code scanning reads (docs/sarif.md).
//
// The log has one run. Its tool.driver is statuslint, with one rule per
// analyzer: the rule id is the pass name (statusupdate), the short
// description the first line of the analyzer's Doc, the full description
// its first paragraph, the help its whole Doc and helpUri its URL (the
// pass's page under docs/). Each finding is one result at level
// "warning", with
//
//   - one location, the diagnostic's range;
//   - a related location per entry of the diagnostic's Related
//     information (for most passes the reconcile path, one entry per
//     step), each linked from the message text as SARIF's embedded links
//     ("[text](id)"), since GitHub shows related locations only when the
//     message links them;
//   - a SARIF fix per suggested fix: per file, the replacements in file
//     order, each a deleted region and the inserted text.
//
// A file under [Options.Root] is named by a URI relative to it, with
// uriBaseId "%SRCROOT%" (the root of the repository, for GitHub); any other
// file by an absolute file URI. Lines and columns are 1-based; columns
// count UTF-16 code units (run.columnKind "utf16CodeUnits", what GitHub and
// editors count), converted from go/token's byte columns by reading each
// file named. A deleted region also carries its byte offset and length in
// the file. Positions are the file's own, not those of //line directives.
//
// A message that ends with the pass's name in parentheses, as the
// command's text output has it, loses that ending: the rule names the pass.
//
// A package and its test variant report the same finding twice: results
// with the same rule, location and message are written once. Results are
// sorted by file, position, rule and message, so the same findings give
// the same log.
//
// The package depends on go/analysis and go/token only: a driver hands it
// the diagnostics with the FileSet that resolves them ([Finding]).
package sarif

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
)

const (
	// Version is the SARIF version written.
	Version = "2.1.0"
	// SchemaURI is the log's $schema: the OASIS SARIF 2.1.0 schema
	// (errata 01), which the integration test validates the output
	// against.
	SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	// ToolName is tool.driver.name.
	ToolName = "statuslint"
	// InformationURI is tool.driver.informationUri.
	InformationURI = "https://github.com/statuslint/statuslint"
	// SrcRoot is the uriBaseId of the URIs relative to [Options.Root],
	// the one GitHub code scanning and its upload action expect.
	SrcRoot = "%SRCROOT%"
	// Level is every result's level, and every rule's default.
	Level = "warning"
	// ColumnKind is the unit of the log's columns.
	ColumnKind = "utf16CodeUnits"

	// maxDescription is GitHub's limit on a rule's descriptions.
	maxDescription = 1024
)

// A Finding is one diagnostic of one pass.
type Finding struct {
	// Analyzer is the pass that reported it: the result's rule is the
	// rule of the analyzer with its Name.
	Analyzer *analysis.Analyzer
	// Fset resolves the positions of the diagnostic, its related
	// information and its suggested fixes.
	Fset *token.FileSet
	// Diagnostic is the finding as the pass reported it.
	Diagnostic analysis.Diagnostic
}

// Options are what the log says about the run beyond the findings.
type Options struct {
	// Version is tool.driver.version, statuslint's version as the
	// command reports it (v0.3.0, a pseudo-version, "devel"); left out
	// when empty.
	Version string
	// Root is the directory that artifact URIs are relative to, with
	// uriBaseId "%SRCROOT%": the root of the repository that GitHub
	// checks out, for code scanning to find the files. Files outside it
	// are named by absolute file URIs. Empty means the working
	// directory. A relative Root is taken from the working directory.
	// Give it as the file names are given: both with symbolic links
	// resolved, or neither.
	Root string
	// ReadFile reads a file that a finding names, for its columns in
	// UTF-16 code units; nil means os.ReadFile. A file that cannot be
	// read, or whose size is not the size the FileSet has for it (it
	// changed since it was analysed), is an error.
	ReadFile func(filename string) ([]byte, error)
}

// Write writes the SARIF log of the findings to w, as indented JSON. The
// rules are those of analyzers, in their order, then those of analyzers
// of findings not among them, by name; an analyzer's rule is listed once
// per name.
func Write(w io.Writer, analyzers []*analysis.Analyzer, findings []Finding, opts Options) error {
	log, err := build(analyzers, findings, opts)
	if err != nil {
		return err
	}
	data, err := marshal(log)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// RepoRoot returns the root of the repository that holds dir: the
// nearest directory, dir itself or one above it, that has a .git entry (a
// directory, or the file of a worktree or submodule). Without one it
// returns dir. It is the Root a driver passes for GitHub, which resolves
// relative URIs against the root of the repository it checked out, from
// whatever directory of it statuslint ran.
func RepoRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// marshal encodes v as indented JSON, without escaping <, > and &, with a
// final newline.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// builder turns findings into a log.
type builder struct {
	root     string // absolute, cleaned
	readFile func(string) ([]byte, error)
	contents map[string][]byte // by file name
}

func build(analyzers []*analysis.Analyzer, findings []Finding, opts Options) (*log, error) {
	root := opts.Root
	if root == "" {
		root = "."
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("sarif: root: %v", err)
	}
	b := &builder{root: root, readFile: opts.ReadFile, contents: make(map[string][]byte)}
	if b.readFile == nil {
		b.readFile = os.ReadFile
	}

	// The rules, one per analyzer name.
	ruleIndex := make(map[string]int)
	var rules []reportingDescriptor
	addRule := func(a *analysis.Analyzer) {
		if _, ok := ruleIndex[a.Name]; ok {
			return
		}
		ruleIndex[a.Name] = len(rules)
		rules = append(rules, rule(a))
	}
	for _, a := range analyzers {
		addRule(a)
	}
	var extra []*analysis.Analyzer
	for _, f := range findings {
		if f.Analyzer == nil {
			return nil, fmt.Errorf("sarif: finding %q has no analyzer", f.Diagnostic.Message)
		}
		if _, ok := ruleIndex[f.Analyzer.Name]; !ok {
			extra = append(extra, f.Analyzer)
		}
	}
	slices.SortStableFunc(extra, func(x, y *analysis.Analyzer) int { return cmp.Compare(x.Name, y.Name) })
	for _, a := range extra {
		addRule(a)
	}

	type keyed struct {
		key  resultKey
		json []byte // the whole result, the last tie-break
		res  result
	}
	var all []keyed
	for _, f := range findings {
		res, key, err := b.result(f)
		if err != nil {
			return nil, err
		}
		idx := ruleIndex[f.Analyzer.Name]
		res.RuleIndex = &idx
		data, err := marshal(res)
		if err != nil {
			return nil, err
		}
		all = append(all, keyed{key, data, res})
	}
	slices.SortFunc(all, func(x, y keyed) int {
		if c := x.key.compare(y.key); c != 0 {
			return c
		}
		return bytes.Compare(x.json, y.json)
	})
	results := make([]result, 0, len(all))
	for i, k := range all {
		if i > 0 && all[i-1].key == k.key {
			continue // the same finding again, from a test variant
		}
		results = append(results, k.res)
	}

	driver := toolComponent{
		Name:           ToolName,
		Version:        opts.Version,
		InformationURI: InformationURI,
		Rules:          rules,
	}
	if driver.Rules == nil {
		driver.Rules = []reportingDescriptor{}
	}
	return &log{
		Schema:  SchemaURI,
		Version: Version,
		Runs: []run{{
			Tool:               tool{Driver: driver},
			OriginalURIBaseIDs: map[string]artifactLocation{SrcRoot: {URI: dirURI(root)}},
			ColumnKind:         ColumnKind,
			Results:            results,
		}},
	}, nil
}

// resultKey identifies a finding: two with the same key are one.
type resultKey struct {
	uri, rule, message string
	reg                region
}

func (x resultKey) compare(y resultKey) int {
	return cmp.Or(
		cmp.Compare(x.uri, y.uri),
		cmp.Compare(x.reg.StartLine, y.reg.StartLine),
		cmp.Compare(x.reg.StartColumn, y.reg.StartColumn),
		cmp.Compare(x.reg.EndLine, y.reg.EndLine),
		cmp.Compare(x.reg.EndColumn, y.reg.EndColumn),
		cmp.Compare(x.rule, y.rule),
		cmp.Compare(x.message, y.message),
	)
}

// rule is the reporting descriptor of an analyzer.
func rule(a *analysis.Analyzer) reportingDescriptor {
	doc := strings.TrimSpace(a.Doc)
	summary, rest, _ := strings.Cut(doc, "\n")
	summary = strings.TrimSpace(summary)
	if summary == "" {
		summary = a.Name
	}
	full := summary
	if para := firstParagraph(rest); para != "" {
		full = summary + ". " + para
		if strings.HasSuffix(summary, ".") {
			full = summary + " " + para
		}
	}
	help := doc
	if help == "" {
		help = summary
	}
	if a.URL != "" && !strings.Contains(help, a.URL) {
		help += "\n\n" + a.URL
	}
	return reportingDescriptor{
		ID:                   a.Name,
		Name:                 a.Name,
		ShortDescription:     &multiformatMessageString{Text: truncate(summary, maxDescription)},
		FullDescription:      &multiformatMessageString{Text: truncate(full, maxDescription)},
		Help:                 &multiformatMessageString{Text: help},
		HelpURI:              a.URL,
		DefaultConfiguration: &reportingConfiguration{Level: Level},
	}
}

// firstParagraph returns the first paragraph of a doc comment's text,
// its lines joined by spaces.
func firstParagraph(text string) string {
	var words []string
	started := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			if started {
				break
			}
			continue
		}
		started = true
		words = append(words, line)
	}
	return strings.Join(words, " ")
}

// truncate shortens s to at most n bytes, at a space where there is one,
// ending it with "...".
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], ' '); i > n/2 {
		cut = i
	}
	return strings.TrimRight(s[:cut], " ") + "..."
}

// result converts one finding.
func (b *builder) result(f Finding) (result, resultKey, error) {
	d := f.Diagnostic
	loc, err := b.location(f.Fset, d.Pos, d.End)
	if err != nil {
		return result{}, resultKey{}, fmt.Errorf("sarif: %s: %q: %v", f.Analyzer.Name, d.Message, err)
	}
	res := result{
		RuleID:    f.Analyzer.Name,
		Level:     Level,
		Locations: []location{loc},
	}
	// The command ends each message with the pass's name, "(statusupdate)",
	// for text output; here the rule names it.
	msg := strings.TrimSuffix(d.Message, " ("+f.Analyzer.Name+")")
	text := escapeMessage(msg)
	var links []string
	for i, r := range d.Related {
		id := i + 1
		rel := location{ID: &id, Message: &message{Text: escapeMessage(r.Message)}}
		if r.Pos.IsValid() {
			l, err := b.location(f.Fset, r.Pos, r.End)
			if err != nil {
				return result{}, resultKey{}, fmt.Errorf("sarif: %s: %q: related %q: %v", f.Analyzer.Name, d.Message, r.Message, err)
			}
			rel.PhysicalLocation = l.PhysicalLocation
		}
		res.RelatedLocations = append(res.RelatedLocations, rel)
		links = append(links, fmt.Sprintf("[%s](%d)", escapeLinkText(escapeMessage(r.Message)), id))
	}
	if len(links) > 0 {
		text += "\n" + strings.Join(links, "\n")
	}
	res.Message = message{Text: text}
	for _, sf := range d.SuggestedFixes {
		fx, err := b.fix(f.Fset, sf)
		if err != nil {
			return result{}, resultKey{}, fmt.Errorf("sarif: %s: %q: fix %q: %v", f.Analyzer.Name, d.Message, sf.Message, err)
		}
		res.Fixes = append(res.Fixes, fx)
	}
	reg := loc.PhysicalLocation.Region
	key := resultKey{
		uri:     loc.PhysicalLocation.ArtifactLocation.URI,
		rule:    f.Analyzer.Name,
		message: msg,
		reg:     region{StartLine: reg.StartLine, StartColumn: reg.StartColumn, EndLine: reg.EndLine, EndColumn: reg.EndColumn},
	}
	return res, key, nil
}

// location returns the location of the range from pos to end (end may be
// token.NoPos: an empty range at pos).
func (b *builder) location(fset *token.FileSet, pos, end token.Pos) (location, error) {
	tf := fset.File(pos)
	if tf == nil {
		return location{}, fmt.Errorf("position %d is in no file", pos)
	}
	if !end.IsValid() || fset.File(end) != tf || end < pos {
		end = pos
	}
	reg, err := b.region(tf, pos, end)
	if err != nil {
		return location{}, err
	}
	return location{PhysicalLocation: &physicalLocation{
		ArtifactLocation: b.artifact(tf.Name()),
		Region:           &reg,
	}}, nil
}

// region returns the text region of tf from pos to end.
func (b *builder) region(tf *token.File, pos, end token.Pos) (region, error) {
	content, err := b.content(tf)
	if err != nil {
		return region{}, err
	}
	sl, sc := lineColumn(tf, content, pos)
	el, ec := lineColumn(tf, content, end)
	return region{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec}, nil
}

// lineColumn returns the 1-based line and UTF-16 column of pos in tf,
// whose content is content.
func lineColumn(tf *token.File, content []byte, pos token.Pos) (line, column int) {
	off := tf.Offset(pos)
	line = tf.PositionFor(pos, false).Line
	start := tf.Offset(tf.LineStart(line))
	return line, 1 + utf16Len(content[start:off])
}

// utf16Len is the number of UTF-16 code units of text; an invalid byte
// counts as one (U+FFFD).
func utf16Len(text []byte) int {
	n := 0
	for len(text) > 0 {
		r, size := utf8.DecodeRune(text)
		n += utf16.RuneLen(r)
		text = text[size:]
	}
	return n
}

// content returns the content of tf's file, read once.
func (b *builder) content(tf *token.File) ([]byte, error) {
	name := tf.Name()
	content, ok := b.contents[name]
	if !ok {
		var err error
		if content, err = b.readFile(name); err != nil {
			return nil, err
		}
		b.contents[name] = content
	}
	if len(content) != tf.Size() {
		return nil, fmt.Errorf("%s changed since it was analysed (%d bytes, now %d)", name, tf.Size(), len(content))
	}
	return content, nil
}

// artifact returns the artifact location of a file: relative to the root
// if the file is under it, else an absolute file URI.
func (b *builder) artifact(filename string) artifactLocation {
	abs, err := filepath.Abs(filename)
	if err != nil {
		abs = filename
	}
	if rel, err := filepath.Rel(b.root, abs); err == nil && filepath.IsLocal(rel) {
		u := url.URL{Path: filepath.ToSlash(rel)}
		return artifactLocation{URI: u.String(), URIBaseID: SrcRoot}
	}
	return artifactLocation{URI: fileURI(abs)}
}

// fileURI is the file URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	u := url.URL{Scheme: "file", Path: p}
	return u.String()
}

// dirURI is the file URI of an absolute directory, with the final slash
// that SARIF requires of a base URI.
func dirURI(dir string) string {
	u := fileURI(dir)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// fix converts a suggested fix: one artifact change per file, in URI
// order, its replacements in file order.
func (b *builder) fix(fset *token.FileSet, sf analysis.SuggestedFix) (fix, error) {
	type edit struct {
		start, end int
		rep        replacement
	}
	byURI := make(map[string][]edit)
	locs := make(map[string]artifactLocation)
	for _, e := range sf.TextEdits {
		tf := fset.File(e.Pos)
		if tf == nil {
			return fix{}, fmt.Errorf("edit at position %d is in no file", e.Pos)
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		if fset.File(end) != tf || end < e.Pos {
			return fix{}, fmt.Errorf("edit of %s ends outside its range", tf.Name())
		}
		reg, err := b.region(tf, e.Pos, end)
		if err != nil {
			return fix{}, err
		}
		start, stop := tf.Offset(e.Pos), tf.Offset(end)
		reg.ByteOffset, reg.ByteLength = &start, ptr(stop-start)
		rep := replacement{DeletedRegion: reg}
		if len(e.NewText) > 0 {
			rep.InsertedContent = &artifactContent{Text: string(e.NewText)}
		}
		al := b.artifact(tf.Name())
		locs[al.URI] = al
		byURI[al.URI] = append(byURI[al.URI], edit{start, stop, rep})
	}
	fx := fix{}
	if sf.Message != "" {
		fx.Description = &message{Text: escapeMessage(sf.Message)}
	}
	for _, uri := range slices.Sorted(maps.Keys(byURI)) {
		edits := byURI[uri]
		slices.SortStableFunc(edits, func(x, y edit) int {
			return cmp.Or(cmp.Compare(x.start, y.start), cmp.Compare(x.end, y.end))
		})
		change := artifactChange{ArtifactLocation: locs[uri]}
		for _, e := range edits {
			change.Replacements = append(change.Replacements, e.rep)
		}
		fx.ArtifactChanges = append(fx.ArtifactChanges, change)
	}
	if len(fx.ArtifactChanges) == 0 {
		return fix{}, fmt.Errorf("no edits")
	}
	return fx, nil
}

func ptr[T any](v T) *T { return &v }

// escapeMessage escapes a plain text message string: SARIF reads "{n}"
// as a placeholder, so literal braces are doubled.
func escapeMessage(s string) string {
	if !strings.ContainsAny(s, "{}") {
		return s
	}
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}

// escapeLinkText escapes the text of an embedded link: a backslash and
// square brackets are preceded by a backslash.
func escapeLinkText(s string) string {
	if !strings.ContainsAny(s, `\[]`) {
		return s
	}
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(s)
}
