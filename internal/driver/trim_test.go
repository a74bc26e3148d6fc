package driver

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/statuslint/statuslint/internal/testmodule"
)

const day = 24 * time.Hour

// newTrimCache returns a cache in a fresh directory of the test's own.
func newTrimCache(t *testing.T) *factCache {
	t.Helper()
	t.Setenv(EnvCache, t.TempDir())
	c, err := openFactCache(nil)
	if err != nil || c == nil {
		t.Fatalf("openFactCache: %v, %v", c, err)
	}
	return c
}

// writeAged writes a file (creating its directory) and sets its mtime
// to age before now.
func writeAged(t *testing.T, file string, now time.Time, age time.Duration) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("not an entry\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	setAge(t, file, now, age)
	return file
}

func setAge(t *testing.T, file string, now time.Time, age time.Duration) {
	t.Helper()
	if err := os.Chtimes(file, now.Add(-age), now.Add(-age)); err != nil {
		t.Fatal(err)
	}
}

func mtime(t *testing.T, file string) time.Time {
	t.Helper()
	info, err := os.Lstat(file)
	if err != nil {
		t.Fatal(err)
	}
	return info.ModTime()
}

func exists(file string) bool {
	_, err := os.Lstat(file)
	return err == nil
}

// testEntry writes a sound entry to c, for the key named by name, last
// used age before now, and returns its key and file.
func testEntry(t *testing.T, c *factCache, name string, now time.Time, age time.Duration) ([32]byte, string) {
	t.Helper()
	key := sha256.Sum256([]byte(name))
	c.writeEntry(&cacheEntry{Key: key})
	file := c.path(key)
	setAge(t, file, now, age)
	return key, file
}

func trimTime(t *testing.T, c *factCache) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(c.dir, trimFile))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

// TestTrim: a trim deletes the entries unused for more than five days
// and nothing else; an entry read refreshes its mtime, at most once an
// hour, and so survives.
func TestTrim(t *testing.T) {
	c := newTrimCache(t)
	now := time.Now()
	_, old := testEntry(t, c, "old", now, 6*day)
	_, recent := testEntry(t, c, "recent", now, 4*day)
	usedKey, used := testEntry(t, c, "used", now, 6*day)
	freshKey, fresh := testEntry(t, c, "fresh", now, 30*time.Minute)

	if c.readEntry(usedKey) == nil || c.readEntry(freshKey) == nil {
		t.Fatal("entries not read")
	}
	if m := mtime(t, used); now.Sub(m) > time.Minute {
		t.Errorf("an entry read 6 days after its last use: mtime %v before now, want now", now.Sub(m))
	}
	if m := mtime(t, fresh); !m.Equal(now.Add(-30 * time.Minute)) {
		t.Errorf("an entry read 30 minutes after its last use: mtime %v before now, want it unchanged (30m)", now.Sub(m))
	}

	// Files that are not entries, all as old: they stay.
	sub := filepath.Base(filepath.Dir(old))
	name := filepath.Base(old)
	outside := t.TempDir()
	outsideFile := writeAged(t, filepath.Join(outside, name), now, 6*day)
	wrongSub := "00"
	if sub == wrongSub {
		wrongSub = "01"
	}
	keep := []string{
		writeAged(t, filepath.Join(c.dir, "notes.txt"), now, 6*day),
		writeAged(t, filepath.Join(c.dir, name), now, 6*day),                             // not in its subdirectory
		writeAged(t, filepath.Join(c.dir, wrongSub, name), now, 6*day),                   // in another one
		writeAged(t, filepath.Join(c.dir, sub, "tmp-123"), now, 6*day),                   // a write in progress
		writeAged(t, filepath.Join(c.dir, sub, sub+strings.Repeat("A", 62)), now, 6*day), // not lowercase
		writeAged(t, filepath.Join(c.dir, sub, name[:63]), now, 6*day),
		writeAged(t, filepath.Join(c.dir, sub, name+".bak"), now, 6*day),
		writeAged(t, filepath.Join(c.dir, sub, sub+strings.Repeat("0", 62), "file"), now, 6*day), // in a directory named as an entry
		outsideFile,
	}
	setAge(t, filepath.Join(c.dir, sub, sub+strings.Repeat("0", 62)), now, 6*day)
	var free string // a subdirectory name no entry uses
	for i := range 256 {
		if s := fmt.Sprintf("%02x", i); !exists(filepath.Join(c.dir, s)) {
			free = s
			break
		}
	}
	// A symbolic link named as an entry, to a file outside, and a
	// subdirectory that is a link to a directory outside, holding a file
	// named as an entry.
	link := filepath.Join(c.dir, sub, sub+strings.Repeat("1", 62))
	if err := os.Symlink(outsideFile, link); err != nil {
		t.Fatal(err)
	}
	outsideEntry := writeAged(t, filepath.Join(outside, "linked", free+strings.Repeat("2", 62)), now, 6*day)
	if err := os.Symlink(filepath.Join(outside, "linked"), filepath.Join(c.dir, free)); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, link, outsideEntry, recent, used, fresh)

	c.trim(now)
	if exists(old) {
		t.Errorf("an entry unused for 6 days was not deleted")
	}
	for _, f := range keep {
		if !exists(f) {
			t.Errorf("%s was deleted", f)
		}
	}
	if got, want := trimTime(t, c), strconv.FormatInt(now.Unix(), 10); got != want {
		t.Errorf("%s holds %q, want %q", trimFile, got, want)
	}
	if c.trimmed != 1 || c.firstErr != nil {
		t.Errorf("trimmed %d entries (want 1), error %v", c.trimmed, c.firstErr)
	}
	if s := c.summary(); !strings.Contains(s, "1 entries unused for 5 days deleted") {
		t.Errorf("summary: %s", s)
	}
}

// TestTrimOncePerDay: a trim less than a day after the last one does
// nothing; a day later, or when trim.txt is unreadable or in the future,
// it trims.
func TestTrimOncePerDay(t *testing.T) {
	c := newTrimCache(t)
	t0 := time.Now()
	c.trim(t0)
	if got, want := trimTime(t, c), strconv.FormatInt(t0.Unix(), 10); got != want {
		t.Fatalf("%s holds %q, want %q", trimFile, got, want)
	}

	_, old := testEntry(t, c, "old", t0, 6*day)
	c.trim(t0.Add(23 * time.Hour))
	if !exists(old) {
		t.Errorf("a trim 23 hours after the last one deleted an entry")
	}
	if got, want := trimTime(t, c), strconv.FormatInt(t0.Unix(), 10); got != want {
		t.Errorf("after a skipped trim, %s holds %q, want %q", trimFile, got, want)
	}
	t1 := t0.Add(25 * time.Hour)
	c.trim(t1)
	if exists(old) {
		t.Errorf("a trim 25 hours after the last one did not delete an entry unused for 6 days")
	}
	if got, want := trimTime(t, c), strconv.FormatInt(t1.Unix(), 10); got != want {
		t.Errorf("%s holds %q, want %q", trimFile, got, want)
	}

	for i, content := range []string{"garbage", strconv.FormatInt(t1.Add(2*day).Unix(), 10)} {
		if err := os.WriteFile(filepath.Join(c.dir, trimFile), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
		_, old := testEntry(t, c, fmt.Sprint("old", i), t1, 6*day)
		c.trim(t1.Add(time.Minute))
		if exists(old) {
			t.Errorf("%s holding %q: no trim", trimFile, content)
		}
	}
	if c.firstErr != nil {
		t.Error(c.firstErr)
	}
}

// TestTrimMissingDir: a cache directory that does not exist is neither
// an error nor created.
func TestTrimMissingDir(t *testing.T) {
	c := newTrimCache(t)
	c.dir = filepath.Join(c.dir, "none")
	c.trim(time.Now())
	if c.firstErr != nil || exists(c.dir) {
		t.Errorf("error %v; directory created: %v", c.firstErr, exists(c.dir))
	}
}

// TestTrimInRun: a run trims the cache at its end, after its reads have
// refreshed the entries it used, so that those survive while an unused
// one goes.
func TestTrimInRun(t *testing.T) {
	dir := testmodule.StubModule(t)
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	cold := runCache(t, dir, "./internal/controller/...")
	entries := cacheEntries(t, cache)
	if cold.written == 0 || len(entries) != cold.written {
		t.Fatalf("cold run: wrote %d, %d entries", cold.written, len(entries))
	}
	if !exists(filepath.Join(cache, trimFile)) {
		t.Errorf("the cold run did not record a trim")
	}

	// A week later: every entry, and the last trim, are old.
	now := time.Now()
	for _, f := range entries {
		setAge(t, f, now, 7*day)
	}
	unused := writeAged(t, filepath.Join(cache, "ab", "ab"+strings.Repeat("c", 62)), now, 7*day)
	other := writeAged(t, filepath.Join(cache, "ab", "notes.txt"), now, 7*day)
	if err := os.WriteFile(filepath.Join(cache, trimFile), []byte(strconv.FormatInt(now.Add(-7*day).Unix(), 10)), 0o666); err != nil {
		t.Fatal(err)
	}

	warm := runCache(t, dir, "./internal/controller/...")
	if warm.code != cold.code || warm.read != cold.written || warm.out != cold.out {
		t.Fatalf("warm run: exit code %d, read %d; cold: %d, wrote %d", warm.code, warm.read, cold.code, cold.written)
	}
	if exists(unused) || !exists(other) {
		t.Errorf("unused entry deleted: %v (want true); other file kept: %v (want true)", !exists(unused), exists(other))
	}
	if !strings.Contains(warm.summary, "1 entries unused for 5 days deleted") {
		t.Errorf("summary: %s", warm.summary)
	}
	for _, f := range entries {
		if !exists(f) {
			t.Errorf("an entry the run read was deleted")
		} else if now.Sub(mtime(t, f)) > time.Hour {
			t.Errorf("an entry the run read is still %v old", now.Sub(mtime(t, f)).Round(time.Hour))
		}
	}
	if again := runCache(t, dir, "./internal/controller/..."); again.read != cold.written {
		t.Errorf("after the trim, read %d of %d entries", again.read, cold.written)
	}
}

// TestTrimFailureDoesNotFailRun: a trim that fails (here trim.txt cannot
// be written: it is a directory) changes nothing of a run, with findings
// or without, but its -v line, which reports the error.
func TestTrimFailureDoesNotFailRun(t *testing.T) {
	dir := testmodule.StubModule(t)
	// No findings, and a dependency whose facts are cached.
	testmodule.WriteFiles(t, dir, map[string]string{
		"internal/clean/clean.go": "package clean\n\nimport _ \"example.com/skiptest/internal/status\"\n",
	})
	for _, pattern := range []string{"./internal/controller/...", "./internal/clean"} {
		t.Setenv(EnvCache, t.TempDir())
		want := runCache(t, dir, pattern)
		if want.written == 0 {
			t.Fatalf("%s: nothing written to the cache", pattern)
		}

		cache := t.TempDir()
		if err := os.Mkdir(filepath.Join(cache, trimFile), 0o777); err != nil {
			t.Fatal(err)
		}
		t.Setenv(EnvCache, cache)
		for i := range 2 { // writing the cache, then reading it
			r := runCache(t, dir, pattern)
			if r.code != want.code || r.out != want.out || r.read+r.written != want.written {
				t.Errorf("%s, run %d: exit code %d, read %d, wrote %d, output:\n%s\nwith a sound cache: exit code %d, wrote %d, output:\n%s",
					pattern, i, r.code, r.read, r.written, r.out, want.code, want.written, want.out)
			}
			if !strings.Contains(r.summary, "trim: ") || !strings.Contains(r.summary, trimFile) {
				t.Errorf("%s, run %d: the trim's error is not reported: %s", pattern, i, r.summary)
			}
		}
	}
}

// TestTrimRace: an entry that another run's trim deletes before this run
// reads it is a miss, and one deleted after this run read it, before its
// mtime is refreshed, was read all the same: neither is an error.
func TestTrimRace(t *testing.T) {
	c := newTrimCache(t)
	now := time.Now()
	key, file := testEntry(t, c, "entry", now, 6*day)
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if c.readEntry(key) != nil {
		t.Errorf("a deleted entry was read")
	}
	c.used(file)
	if c.firstErr != nil {
		t.Errorf("error: %v", c.firstErr)
	}
}
