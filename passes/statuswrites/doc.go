// Package statuswrites defines an Analyzer that reports the status of one
// object written several times in one controller-runtime reconcile.
//
// # Analyzer statuswrites
//
// statuswrites: report the status of one object written twice in one reconcile
//
// A controller that calls a "set a condition and write the status" helper
// after each step writes the status of the same object several times in
// one reconcile: each write is an API round trip and a watch event that
// queues the object again, and with Update every later write conflicts
// whenever the cache has not caught up with the one before. Keep the status
// in memory through the reconcile and write it once, at the end, often from
// a defer.
//
// The pass reports a status write (Update, Patch or Apply on the status
// subresource, recognised by type as the statusupdate pass does) when some
// path from a reconcile root to its return has already written the status
// of the same object: directly, through the package's helpers, closures and
// deferred calls, or through another package's functions (a fact records
// which argument's object they write). The same object is the same value,
// or objects loaded with Get by the same key (a helper that loads the object
// again by its key writes the same object), however the helper is handed
// the key: itself, in a field of a struct (the whole reconcile.Request), or
// captured by a function literal (the one passed to retry.RetryOnConflict);
// not a variable holding it that is assigned again, changed through a
// field, or whose address is passed to a call. A new object whose name and
// namespace are both set, where it is made, from one object's (the patch
// of a server-side apply built from the object, as kueue's
// workload.BaseSSAWorkload builds it) is that object. The message names the first
// write, which is also attached as related information, with the reconcile
// path, one entry per step at the call that leads on.
//
// A loop that writes each element of a slice or map the function builds
// (append, a literal, a map it fills) writes each object put in it once: an
// object put in it twice on some path (append(list, w, w), two appends on
// the way, []*T{w, w}, a map holding it under two constant keys) is
// reported as written twice by the loop, and an object in it on every path
// that is also written on its own as written a second time. The message
// says why: the second write costs a round trip, or, from another copy of
// the object, sends a copy the first write made stale.
//
// Not reported: writes on the two branches of an if; a write on a path that
// then returns (an error branch), followed by none; writes of different
// objects, such as those of a loop over a list (the items of a List,
// objects made one per pass, a container the function does not build, an
// object appended on each branch of an if); a write retried after a
// conflict (a write whose error sends the path back counts only when it
// succeeds; a function literal passed to retry.RetryOnConflict counts as
// called once); writes in goroutines the path does not wait for (a
// goroutine that calls a sync.WaitGroup's Done writes where the path calls
// its Wait) or through function values that may hold more than one
// function (a function value that only ever holds one, such as a method
// value kept in a variable and called, is that function's call); calls of
// helpers on the paths where they return an error other than the write's
// own, as their callers usually return too; a helper's writes past an if
// of its caller that stops on what the helper returns whenever it wrote (a
// bool, whether a reconcile.Result is zero, or whether a pointer is nil),
// also where the helper returns another call's results (return
// update(...)) and only that call wrote the object; a write under an if
// that compares a status field with a constant where the earlier write,
// an Update, sent that field set to a constant the comparison rules out
// (two steps that each write Phase = Pending only when it is not).
//
// There is no suggested fix: the cure is a refactor, shown on the page
// below.
//
// Settings: -statuswrites.tests (also check _test.go files). The reconcile
// roots are those of the shared analysis, extended by -statusupdate.roots.
// Generated files are never reported.
//
// Silence a finding with a reason on the line or the line above:
//
//	//statuslint:ignore statuswrites the second write must be seen before the next step starts
//
// The full page: https://github.com/statuslint/statuslint/blob/main/docs/statuswrites.md
package statuswrites

import (
	_ "embed"

	"github.com/statuslint/statuslint/internal/analyzerdoc"
)

// docFile is this file: the analyzer's Doc is its "# Analyzer" section
// above, so the help text and the package documentation cannot disagree.
//
//go:embed doc.go
var docFile string

var doc = analyzerdoc.MustExtract(docFile, Name)
