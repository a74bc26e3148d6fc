package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"hash"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/statuslint/statuslint/internal/vetskip"
)

// The facts of a dependency never change between runs unless the
// dependency, what it was checked against, statuslint or its flags do,
// yet computing them is most of what a standalone run on a small module
// costs: on the bundled example, 16 of the 20 packages type-checked from
// source are controller-runtime's, analysed only for their facts. So the
// driver keeps the facts of every non-root package it analyses in an
// on-disk cache, and the next run reads such a package from export data
// and takes its facts from there.
//
// An entry's key hashes everything its facts depend on (see
// [factCache.keys]): the statuslint executable, the analyzers and all
// their flag values, the package's metadata and the contents of its
// compiled Go files, the keys of its dependencies that are type-checked
// from source or cached, and the export file, named by its content in
// the build cache, of every other dependency and of the package itself.
// Keys are computed bottom-up, so a change anywhere below a package
// changes its key. A package is read from the cache only if every
// dependency that would otherwise be type-checked from source is too,
// which keeps Load's rule that no package read from export data refers
// to one type-checked from source.
//
// A cached package stays in the checker's graph, with its types from
// export data and no syntax; the releaser's wrapper, instead of running
// an analyzer on it, exports the cached facts and returns a zero result
// (see [releaser.run]).
//
// Entries unused for five days are deleted, at most once a day, by the
// run that notices (trim.go).

// EnvCache names the environment variable that places the fact cache:
// "off" disables it, any other non-empty value is its directory. Unset,
// it is statuslint/facts under the user's cache directory.
const EnvCache = "STATUSLINT_CACHE"

// cacheVersion changes whenever the entry format or the key does.
const cacheVersion = "statuslint fact cache 1"

// A factCache is the on-disk cache of one run.
type factCache struct {
	dir  string
	salt [32]byte // hash of the executable, the analyzers and their flags
	// facted are the analyzers with facts that run on every package of
	// the graph, by name.
	facted map[string]*analysis.Analyzer

	mu             sync.Mutex
	read, written  int
	dropped        int   // cached facts whose object was not in the export data
	trimmed        int   // entries deleted by trim
	firstErr       error // the first I/O error, for -v
	pkgs           map[*types.Package]*cachedPkg
	keyOf          map[*packages.Package][32]byte
	entryOf        map[*packages.Package]*cacheEntry
	writeCandidate map[*packages.Package]bool
}

// A cachedPkg is the cache's state for one package of the checker's
// graph: either its entry, read from the cache, or the facts its
// analyzers exported, to write once they have all run.
type cachedPkg struct {
	key   [32]byte
	entry *cacheEntry // read from the cache: replay it

	// For a package analysed from source whose facts are to be written.
	write     bool
	pkg       *packages.Package // ill-typed once checked: then not written
	remaining int               // facted analyzers yet to run on it
	failed    bool
	facts     []cachedFact
	pkgPos    cachedPos
}

// A cacheEntry is what the cache holds for one package.
type cacheEntry struct {
	Key    [32]byte
	PkgPos cachedPos // position of the first file's package clause, for the fact log
	Facts  []cachedFact

	decoded []analysis.Fact // Facts' values, decoded on reading
}

type cachedPos struct {
	File      string
	Line, Col int
}

// A cachedFact is one fact an analyzer exported on the package: on the
// object at Path, or on the package if Path is empty.
type cachedFact struct {
	Analyzer string
	Type     string // the fact's type, one of the analyzer's FactTypes
	Path     objectpath.Path
	Data     []byte // gob of the fact
}

// openFactCache returns the cache for a run of analyzers, or nil if it
// is turned off (STATUSLINT_CACHE=off, or STATUSLINT_NOSKIP=1) or has no
// place.
func openFactCache(analyzers []*analysis.Analyzer) (*factCache, error) {
	dir := os.Getenv(EnvCache)
	switch {
	case vetskip.Disabled(), dir == "off":
		return nil, nil
	case dir == "":
		user, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("fact cache: %v", err)
		}
		dir = filepath.Join(user, "statuslint", "facts")
	}
	exe, err := executableID()
	if err != nil {
		return nil, fmt.Errorf("fact cache: %v", err)
	}
	c := &factCache{
		dir:            dir,
		facted:         make(map[string]*analysis.Analyzer),
		pkgs:           make(map[*types.Package]*cachedPkg),
		keyOf:          make(map[*packages.Package][32]byte),
		entryOf:        make(map[*packages.Package]*cacheEntry),
		writeCandidate: make(map[*packages.Package]bool),
	}

	// Every analyzer that runs, with what it requires; their names and
	// all their flags.
	all := slices.Clone(analyzers)
	seen := make(map[*analysis.Analyzer]bool)
	for _, a := range all {
		seen[a] = true
	}
	for i := 0; i < len(all); i++ { // all grows
		for _, req := range all[i].Requires {
			if !seen[req] {
				seen[req] = true
				all = append(all, req)
			}
		}
	}
	slices.SortFunc(all, func(a, b *analysis.Analyzer) int { return strings.Compare(a.Name, b.Name) })
	h := newHasher()
	h.str(cacheVersion)
	h.str(exe)
	h.str(runtime.Version())
	h.str(runtime.GOOS + "/" + runtime.GOARCH)
	for _, a := range all {
		h.str(a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) {
			h.str(f.Name)
			h.str(f.Value.String())
		})
		if len(a.FactTypes) > 0 {
			c.facted[a.Name] = a
		}
	}
	h.Sum(c.salt[:0])
	return c, nil
}

// executableID identifies the running statuslint: its module version
// when it was built from a released module, else the hash of its
// executable's content.
var executableID = sync.OnceValues(func() (string, error) {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" && bi.Main.Sum != "" && !strings.Contains(bi.Main.Version, "+dirty") {
		return "build " + bi.String(), nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return "exe " + hex.EncodeToString(h.Sum(nil)), nil
})

// hasher hashes length-prefixed strings, so that no two sequences of
// fields hash alike.
type hasher struct{ hash.Hash }

func newHasher() hasher { return hasher{sha256.New()} }

func (h hasher) str(s string) { h.bytes([]byte(s)) }

func (h hasher) bytes(b []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// noteErr records an I/O error, to be logged with -v; it never fails
// the run.
func (c *factCache) noteErr(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.firstErr == nil {
		c.firstErr = err
	}
}

// keys computes the key of every package of source (the packages Load
// would type-check from source), dependencies first, and returns the
// packages whose facts are all in the cache: those that are not roots
// nor test variants, whose entry is there and sound, and whose
// dependencies in source are cached too.
func (c *factCache) keys(roots, order []*packages.Package, source map[*packages.Package]bool) map[*packages.Package]bool {
	isRoot := make(map[*packages.Package]bool)
	for _, r := range roots {
		isRoot[r] = true
	}
	hasKey := make(map[*packages.Package]bool)
	cached := make(map[*packages.Package]bool)
	for _, p := range order {
		if !source[p] {
			continue
		}
		key, ok := c.key(p, source, hasKey)
		if !ok {
			continue
		}
		hasKey[p] = true
		c.keyOf[p] = key
		if isRoot[p] || strings.Contains(p.ID, " [") || p.ExportFile == "" || len(p.Errors) > 0 {
			continue
		}
		c.writeCandidate[p] = true
		depsCached := true
		for _, imp := range p.Imports {
			if source[imp] && !cached[imp] {
				depsCached = false
				break
			}
		}
		if !depsCached {
			continue
		}
		if e := c.readEntry(key); e != nil {
			cached[p] = true
			c.entryOf[p] = e
		}
	}
	return cached
}

// key returns the key of p, if all it depends on can be told.
func (c *factCache) key(p *packages.Package, source, hasKey map[*packages.Package]bool) ([32]byte, bool) {
	var key [32]byte
	h := newHasher()
	h.Write(c.salt[:])
	h.str(p.ID)
	h.str(p.PkgPath)
	h.str(p.Name)
	h.str(p.ExportFile)
	if m := p.Module; m != nil {
		h.str(m.Path + "@" + m.Version + " go" + m.GoVersion)
	}
	h.str(fmt.Sprint(p.TypesSizes))
	for _, file := range p.CompiledGoFiles {
		src, err := os.ReadFile(file)
		if err != nil {
			return key, false
		}
		h.str(file)
		sum := sha256.Sum256(src)
		h.bytes(sum[:])
	}
	h.str("imports")
	for _, imp := range sortedImports(p) {
		h.str(imp.ID)
		switch {
		case source[imp]:
			if !hasKey[imp] {
				return key, false
			}
			k := c.keyOf[imp]
			h.bytes(k[:])
		case imp.PkgPath == "unsafe":
			h.str("unsafe")
		default:
			h.str("export " + imp.ExportFile)
		}
	}
	h.Sum(key[:0])
	return key, true
}

func (c *factCache) path(key [32]byte) string {
	s := hex.EncodeToString(key[:])
	return filepath.Join(c.dir, s[:2], s)
}

// An entry's file is the SHA-256 of the rest, then the gob of a
// cacheEntry.

// readEntry returns the entry for key, or nil if there is none or it is
// not sound: unreadable, corrupt, for another key or naming a fact type
// that no analyzer has.
func (c *factCache) readEntry(key [32]byte) *cacheEntry {
	file := c.path(key)
	data, err := os.ReadFile(file)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			c.noteErr(err)
		}
		return nil
	}
	if len(data) < sha256.Size {
		return nil
	}
	if sum := sha256.Sum256(data[sha256.Size:]); !bytes.Equal(sum[:], data[:sha256.Size]) {
		return nil
	}
	var e cacheEntry
	if err := gob.NewDecoder(bytes.NewReader(data[sha256.Size:])).Decode(&e); err != nil || e.Key != key {
		return nil
	}
	// Every fact must be of a type its analyzer has, and decode. (An
	// entry is written only once every analyzer with facts has run on
	// the package, and the key names the analyzers.)
	for _, f := range e.Facts {
		a := c.facted[f.Analyzer]
		if a == nil {
			return nil
		}
		var t reflect.Type
		for _, ft := range a.FactTypes {
			if reflect.TypeOf(ft).String() == f.Type {
				t = reflect.TypeOf(ft)
			}
		}
		if t == nil || t.Kind() != reflect.Pointer {
			return nil
		}
		fact, err := decodeFact(t, f.Data)
		if err != nil {
			return nil
		}
		e.decoded = append(e.decoded, fact)
	}
	c.used(file)
	return &e
}

// writeEntry writes e atomically: a temporary file renamed into place.
func (c *factCache) writeEntry(e *cacheEntry) {
	var buf bytes.Buffer
	buf.Write(make([]byte, sha256.Size))
	if err := gob.NewEncoder(&buf).Encode(e); err != nil {
		c.noteErr(err)
		return
	}
	data := buf.Bytes()
	sum := sha256.Sum256(data[sha256.Size:])
	copy(data, sum[:])

	file := c.path(e.Key)
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		c.noteErr(err)
		return
	}
	if err := writeFileAtomic(file, data); err != nil {
		c.noteErr(err)
		return
	}
	c.mu.Lock()
	c.written++
	c.mu.Unlock()
}

// writeFileAtomic writes data to file through a temporary file in the
// same directory renamed into place, so that a concurrent reader sees
// the old content or the new, never part of it.
func writeFileAtomic(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), "tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// cachedSyntax returns the syntax a cached package has in the checker's
// graph: one empty file whose package clause is where the source's was,
// so that the checker's fact log places the package's facts as it did
// when they were computed. No analyzer ever sees it.
func cachedSyntax(fset *token.FileSet, name string, pos cachedPos) []*ast.File {
	w := max(pos.Col, 1)
	lines := make([]int, max(pos.Line, 1))
	for i := range lines {
		lines[i] = i * w
	}
	tf := fset.AddFile(pos.File, -1, len(lines)*w)
	tf.SetLines(lines)
	p := tf.Pos((len(lines)-1)*w + w - 1)
	if pos.File == "" {
		p = token.NoPos
	}
	return []*ast.File{{Package: p, Name: &ast.Ident{Name: name, NamePos: p}}}
}

// attach records, once the checker's graph is loaded, which packages of
// it are replayed from the cache and which are written to it.
func (c *factCache) attach(nodes map[*packages.Package]*node) {
	for meta, n := range nodes {
		if n.pkg == nil || n.pkg.Types == nil {
			continue
		}
		if e := n.cached; e != nil {
			c.pkgs[n.pkg.Types] = &cachedPkg{key: c.keyOf[meta], entry: e}
			c.read++
			continue
		}
		if c.writeCandidate[meta] {
			// Whether it is ill-typed is known only once it is
			// checked, by the checker (loader.analyzer).
			c.pkgs[n.pkg.Types] = &cachedPkg{key: c.keyOf[meta], write: true, pkg: n.pkg, remaining: len(c.facted)}
		}
	}
}

// replay exports the facts the cache holds for analyzer a on pass.Pkg,
// if it is a cached package, and reports whether it was.
func (c *factCache) replay(a *analysis.Analyzer, pass *analysis.Pass) (any, bool) {
	if c == nil {
		return nil, false
	}
	st := c.pkgs[pass.Pkg] // written before the checker starts
	if st == nil || st.entry == nil {
		return nil, false
	}
	for i, f := range st.entry.Facts {
		if f.Analyzer != a.Name {
			continue
		}
		fact := st.entry.decoded[i]
		if f.Path == "" {
			pass.ExportPackageFact(fact)
			continue
		}
		obj, err := objectpath.Object(pass.Pkg, f.Path)
		if err != nil {
			// Not in the export data, so invisible to every
			// importer: the checker would not pass it on either.
			c.mu.Lock()
			c.dropped++
			c.mu.Unlock()
			continue
		}
		pass.ExportObjectFact(obj, fact)
	}
	if a.ResultType == nil {
		return nil, true
	}
	return reflect.Zero(a.ResultType).Interface(), true
}

// record notes the facts a exported on pass.Pkg, analysed from source,
// and writes the package's entry once every analyzer with facts has run
// on it.
func (c *factCache) record(a *analysis.Analyzer, pass *analysis.Pass, err error) {
	if c == nil || c.facted[a.Name] == nil {
		return
	}
	st := c.pkgs[pass.Pkg]
	if st == nil || !st.write {
		return
	}
	// The facts on the package's objects, then on the package (path
	// ""), up to the first that fails to encode.
	var facts []cachedFact
	add := func(fact analysis.Fact, path objectpath.Path) {
		if err != nil {
			return
		}
		data, ferr := encodeFact(fact)
		if ferr != nil {
			err = ferr
			return
		}
		facts = append(facts, cachedFact{Analyzer: a.Name, Type: reflect.TypeOf(fact).String(), Path: path, Data: data})
	}
	var enc objectpath.Encoder
	for _, of := range pass.AllObjectFacts() {
		if of.Object.Pkg() != pass.Pkg {
			continue
		}
		if path, perr := enc.For(of.Object); perr == nil { // else not addressable from another package
			add(of.Fact, path)
		}
	}
	for _, pf := range pass.AllPackageFacts() {
		if pf.Package == pass.Pkg {
			add(pf.Fact, "")
		}
	}

	c.mu.Lock()
	if err != nil {
		st.failed = true
	}
	st.facts = append(st.facts, facts...)
	if len(pass.Files) > 0 && st.pkgPos.File == "" {
		p := pass.Fset.Position(pass.Files[0].Pos())
		st.pkgPos = cachedPos{File: p.Filename, Line: p.Line, Col: p.Column}
	}
	st.remaining--
	var e *cacheEntry
	if st.remaining == 0 && !st.failed && !st.pkg.IllTyped {
		// Sorted, so that an entry's bytes depend only on its facts.
		slices.SortFunc(st.facts, cmpFacts)
		e = &cacheEntry{Key: st.key, PkgPos: st.pkgPos, Facts: st.facts}
		st.facts = nil
	}
	c.mu.Unlock()
	if e != nil {
		c.writeEntry(e)
	}
}

func cmpFacts(x, y cachedFact) int {
	return cmp.Or(
		strings.Compare(x.Analyzer, y.Analyzer),
		strings.Compare(string(x.Path), string(y.Path)),
		strings.Compare(x.Type, y.Type),
		bytes.Compare(x.Data, y.Data),
	)
}

// encodeFact returns the gob of a fact, and an error unless it decodes
// to an equal fact (gob drops unexported fields, for one). A fact of an
// empty struct type is no bytes: gob refuses those.
func encodeFact(f analysis.Fact) ([]byte, error) {
	t := reflect.TypeOf(f)
	if t.Kind() != reflect.Pointer {
		return nil, fmt.Errorf("fact of type %v is not a pointer", t)
	}
	if t.Elem().Kind() == reflect.Struct && t.Elem().NumField() == 0 {
		return nil, nil
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(f); err != nil {
		return nil, err
	}
	back, err := decodeFact(t, buf.Bytes())
	if err != nil {
		return nil, err
	}
	if !sameValue(reflect.ValueOf(f).Elem(), reflect.ValueOf(back).Elem()) {
		return nil, fmt.Errorf("fact %T does not survive encoding", f)
	}
	return buf.Bytes(), nil
}

// decodeFact decodes a fact of type t (a pointer type) from data.
func decodeFact(t reflect.Type, data []byte) (analysis.Fact, error) {
	fact, ok := reflect.New(t.Elem()).Interface().(analysis.Fact)
	if !ok {
		return nil, fmt.Errorf("%v is not a fact type", t)
	}
	if t.Elem().Kind() == reflect.Struct && t.Elem().NumField() == 0 {
		if len(data) != 0 {
			return nil, fmt.Errorf("data for an empty fact")
		}
		return fact, nil
	}
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(fact); err != nil {
		return nil, err
	}
	return fact, nil
}

// sameValue is reflect.DeepEqual, except that a nil slice or map equals
// an empty one (gob does not tell them apart).
func sameValue(x, y reflect.Value) bool {
	if x.Type() != y.Type() {
		return false
	}
	switch x.Kind() {
	case reflect.Slice, reflect.Array:
		if x.Len() != y.Len() {
			return false
		}
		for i := range x.Len() {
			if !sameValue(x.Index(i), y.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if x.Len() != y.Len() {
			return false
		}
		for _, k := range x.MapKeys() {
			v := y.MapIndex(k)
			if !v.IsValid() || !sameValue(x.MapIndex(k), v) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range x.NumField() {
			if !sameValue(x.Field(i), y.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		return sameValue(x.Elem(), y.Elem())
	case reflect.Bool:
		return x.Bool() == y.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return x.Int() == y.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return x.Uint() == y.Uint()
	case reflect.Float32, reflect.Float64:
		return x.Float() == y.Float()
	case reflect.Complex64, reflect.Complex128:
		return x.Complex() == y.Complex()
	case reflect.String:
		return x.String() == y.String()
	default: // functions, channels: not facts
		return false
	}
}

// summary is the -v line about the cache.
func (c *factCache) summary() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := fmt.Sprintf("fact cache %s: %d packages' facts read, %d written", c.dir, c.read, c.written)
	if c.dropped > 0 {
		s += fmt.Sprintf(", %d facts on objects not in export data dropped", c.dropped)
	}
	if c.trimmed > 0 {
		s += fmt.Sprintf(", %d entries unused for %d days deleted", c.trimmed, trimLimit/(24*time.Hour))
	}
	if c.firstErr != nil {
		s += fmt.Sprintf(" (%v)", c.firstErr)
	}
	return s
}
