package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Every new statuslint, flag value or dependency version gives the
// packages it touches new keys, and nothing reads the old entries again:
// without trimming, the fact cache would only grow. So it is trimmed the
// way the go command trims its build cache: an entry's mtime says when it
// was last used, and a pass, at most once a day, deletes the entries not
// used for five days.
//
// Concurrent runs need no lock. An entry is read whole before anything
// uses it (see [factCache.keys]), so deleting one that another run is
// about to read is a cache miss for that run, and deleting one that
// another run reads at that moment does not change what it read (where
// an open file cannot be deleted, the deletion fails, and is noted).
// Entries are replaced by rename and directories are never deleted, so
// a write racing a trim either lands or is lost: a miss, next time.

const (
	// mtimeInterval bounds how stale an entry's mtime may be as the time
	// of its last use: refreshing it on every read would turn a warm run,
	// which only reads, into one write per cached package.
	mtimeInterval = 1 * time.Hour
	// trimInterval is how often a trim runs: it lists 256 directories
	// and stats every entry, more I/O than a warm run's reads.
	trimInterval = 24 * time.Hour
	// trimLimit is how long an unused entry is kept: long enough for a
	// weekend, so that Monday's first run is warm.
	trimLimit = 5 * 24 * time.Hour
)

// trimFile, in the cache directory, holds the Unix time of the last trim.
const trimFile = "trim.txt"

// used notes that the entry in file was just read: it sets the file's
// mtime, which trim reads as its last use, to now unless that is less
// than mtimeInterval old.
func (c *factCache) used(file string) {
	now := time.Now()
	info, err := os.Stat(file)
	if err == nil && now.Sub(info.ModTime()) < mtimeInterval {
		return
	}
	if err == nil {
		err = os.Chtimes(file, now, now)
	}
	// Gone: another run's trim deleted it after it was read, which costs
	// only the next run a miss.
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		c.noteErr(err)
	}
}

// trim deletes the entries unused for trimLimit, unless the cache was
// trimmed less than trimInterval before now. It never fails the run:
// errors are noted for -v, and a missing directory has nothing to trim.
func (c *factCache) trim(now time.Time) {
	file := filepath.Join(c.dir, trimFile)
	if data, err := os.ReadFile(file); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil {
			// A time far in the future (a clock set back) does not
			// stop trimming for good.
			if d := now.Sub(time.Unix(t, 0)); d < trimInterval && d > -mtimeInterval {
				return
			}
		}
	}
	// Recorded before the pass rather than after it: a cache this run
	// cannot write to (read-only) is then not scanned on every run to
	// delete nothing, and a run starting meanwhile skips its own pass.
	// A pass cut short resumes a day later.
	if err := writeFileAtomic(file, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.noteErr(fmt.Errorf("trim: %w", err))
		}
		return
	}
	// Less the imprecision of the mtimes.
	cutoff := now.Add(-trimLimit - mtimeInterval)
	for i := range 256 {
		c.trimSubdir(fmt.Sprintf("%02x", i), cutoff)
	}
}

// trimSubdir deletes the entries of the cache's subdirectory sub last
// used before cutoff. Only regular files named as [factCache.path] names
// entries are deleted, and only in a real directory, not a symbolic link
// to one elsewhere.
func (c *factCache) trimSubdir(sub string, cutoff time.Time) {
	dir := filepath.Join(c.dir, sub)
	if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
		return
	}
	// Read whole before deleting, and what was read even on an error.
	ents, err := os.ReadDir(dir)
	if err != nil {
		c.noteErr(fmt.Errorf("trim: %w", err))
	}
	for _, d := range ents {
		if !isEntryName(sub, d.Name()) || !d.Type().IsRegular() {
			continue
		}
		info, err := d.Info()
		if err != nil || !info.ModTime().Before(cutoff) {
			continue // gone meanwhile, or used
		}
		if err := os.Remove(filepath.Join(dir, d.Name())); err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				c.noteErr(fmt.Errorf("trim: %w", err))
			}
			continue
		}
		c.mu.Lock()
		c.trimmed++
		c.mu.Unlock()
	}
}

// isEntryName reports whether name, in the subdirectory sub, is an
// entry's: a key's 64 lowercase hex digits, the first two sub.
func isEntryName(sub, name string) bool {
	if len(name) != 64 || name[:2] != sub {
		return false
	}
	for _, r := range name {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}
