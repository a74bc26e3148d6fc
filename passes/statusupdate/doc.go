// Package statusupdate defines an Analyzer that reports status written
// with Update in a controller-runtime reconcile path.
//
// # Analyzer statusupdate
//
// statusupdate: report Status().Update reachable from Reconcile
//
// A reconciler reads its object from the informer cache, which lags the
// API server. Status().Update sends the cached resourceVersion, so whenever
// the cache is behind the write fails with 409 Conflict ("the object has
// been modified; please apply your changes to the latest version"): an
// error log, a requeue with backoff and the same work again, at scale a
// steady stream of wasted API calls. A merge patch of the status carries
// only what changed and no resourceVersion.
//
// The pass reports Update on controller-runtime's status writer
// (Status(), SubResource("status"), a writer kept in a variable or field,
// a method value), recognised by type on client.Client, on structs
// embedding it and on wrappers, in both the old StatusWriter and the
// current SubResourceWriter API, when a reconcile can reach it: Reconcile
// methods of reconcilers (plain, typed, object, and the old form without a
// context), functions converted to reconcile.Func or reconcile.TypedFunc,
// functions named by -statusupdate.roots, and what they call, including
// closures, defers, goroutines, generic helpers, interface methods the
// package implements, and other packages' functions (reported at the call,
// the chain to the write related information there). A write in another
// package is reported once per package, at the call nearest a root; the
// message counts the calls that reach it and the others are related
// information. The path from the root is related information too, one
// entry per step. An Update
// of an object the same function last wrote (Create, Update, Patch) on
// every path is not reported: the write left it with a fresh
// resourceVersion. Nor is an Update of an object last read, on every path
// in the same function or function literal (a retry closure), through a
// reader that goes to the API server: the manager's GetAPIReader(), or a
// client made by client.New without a cache, held in a local, in an
// unexported field the package sets only to such readers, or in a
// parameter of an unexported function the package passes only such
// readers. An exported field or package variable is set by other packages
// too (main sets the reconciler's Client), so it never counts as uncached,
// and nothing in _test.go files is evidence about production code: go vet,
// golangci-lint and gopls, which analyse the package with its tests,
// report what the package alone gets. A helper of
// another package that reads the object again through a reader it is
// handed, then writes it, carries a fact (FreshThrough); a call handing it
// such a reader is not reported. An object parameter of an unexported
// function that neither reads into it nor assigns it, and is only called,
// is as fresh as every call in the package passes it (just written, or
// read as above), up to three callers up; and a call of a function of the
// package that writes the object on every path to every return leaves it
// fresh, as the write in place would. A write in client-go's conflict
// retry (retry.RetryOnConflict, retry.OnError) that reads through the
// cached client is reported, and the message says that the retry softens
// the conflict without preventing it: each try reads the same cache.
//
// Before:
//
//	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
//		return ctrl.Result{}, client.IgnoreNotFound(err)
//	}
//	w.Status.Ready = true
//	err := r.Status().Update(ctx, &w)
//
// After the suggested fix:
//
//	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
//		return ctrl.Result{}, client.IgnoreNotFound(err)
//	}
//	base := w.DeepCopy()
//	w.Status.Ready = true
//	err := r.Status().Patch(ctx, &w, client.MergeFrom(base))
//
// The fix snapshots the object right after the statement that last loaded
// it on every path to the write (a Get, or a Create, Update or Patch of it)
// in the same function, or reuses a copy taken there, and keeps options
// that are also patch options. A deferred write, or one in a function
// literal called where it is made or retried on conflict, is patched from
// a snapshot where the literal is made. Where some paths load the object
// again before the write (a finalizer added and patched on some of them),
// the snapshot goes after the last such reload, if nothing from the Get to
// there can change the status. Where the object is a parameter of a helper
// only this package calls, the helper gains a base parameter and each
// caller passes a snapshot taken after its own load. Where the write is in
// another package's helper, statuslint -fix adds a sibling of the helper
// there (SetReadyFrom, patching from a base it is handed) and calls it with
// a snapshot; go vet -fix, go fix and gopls, which apply fixes package by
// package, are not offered that fix, and the message says what statuslint
// -fix does. Otherwise no fix is offered, and the message says why: a
// goroutine or method value, an object that is not a local variable. A
// JSON merge patch replaces whole lists such as status.conditions and
// drops optimistic locking; where several writers share a field, use
// client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})
// instead.
//
// Settings: -statuslintreach.roots (a regular expression over go/types
// full names of extra root functions, such as
// (*example.com/op/framework.Loop).Run; -statusupdate.roots is its older
// name) and -statusupdate.tests (also check _test.go files). Generated
// files are never reported.
//
// Silence a finding with a reason on the line or the line above:
//
//	//statuslint:ignore statusupdate this status has a single writer
//
// The full page: https://github.com/statuslint/statuslint/blob/main/docs/statusupdate.md
package statusupdate

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
