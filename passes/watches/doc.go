// Package watches defines an Analyzer that reports the watches of a
// controller-runtime controller that wake its reconcile for nothing.
//
// # Analyzer watches
//
// watches: report watches that wake a reconcile for nothing
//
// Every event a watch passes on runs the reconcile, and every reconcile
// that runs while the cache is behind is a chance for a write from a
// stale object (a 409 Conflict, or worse), besides the requests and the
// CPU it costs. The pass reads the controllers built with
// controller-runtime's builder (NewControllerManagedBy ... Complete or
// Build, recognised by type), when the whole builder is in sight in one
// function, and reports two shapes.
//
// Children that wake the owner for nothing: Owns(&X{}), or Watches(&X{},
// handler.EnqueueRequestForOwner(...)), with no predicate on the watch and
// no WithEventFilter, where X is a kind whose generation changes with its
// spec alone (apps/v1 Deployments, StatefulSets, DaemonSets, ReplicaSets;
// batch/v1 Jobs and CronJobs; custom resources, types with Spec and Status
// fields) and the reconcile never reads an X's status: no code its
// Reconcile reaches in the package selects the Status of an X, hands an X
// to code the pass cannot read, or calls a package whose fact says it
// reads one. Then every status update of a child (a Deployment's replica
// counts as its Pods start) runs the owner's reconcile, which does nothing
// with it. The fix adds
//
//	builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{},
//		predicate.LabelChangedPredicate{}, predicate.AnnotationChangedPredicate{}))
//
// to the watch, with the imports, where the builder is generic
// (controller-runtime v0.18 on; predicate.Or takes [client.Object] there):
// creates,
// deletes, and changes of the child's spec, labels and annotations still
// wake the reconcile; status-only updates, and those that change only
// other metadata (owner references, finalizers), do not.
//
// The reconcile that wakes itself: For(&T{}) with no predicate and no
// WithEventFilter, while a status write of a T that the reconcile reaches
// stores into the status, on every path to the write, a value that
// differs on every pass, as internal/steady tells: the clock (time.Now,
// metav1.Now, an injected clock, and values computed from them, outside
// SetStatusCondition, which keeps a condition's time when nothing
// changed), a counter (Status.Attempts++), a growing list, a random
// value, or a time every caller hands a helper; and no branch on the
// T's status decides whether the write runs, in its function or, for a
// helper whose calls are all known, before every call of it (a time
// stamped when Status.LastCheckTime is nil is stamped once).
// Each write is an update event that runs the reconcile again at once, and
// it writes again: a loop that never settles. There is
// no automatic fix: keep values that change on every pass out of the
// status, or filter For with predicate.GenerationChangedPredicate where
// the controller has no reason to react to its own status.
//
// Not reported: a watch with any predicate (the pass does not judge what
// a predicate keeps), ConfigMaps, Secrets, Services, Pods and other kinds
// without generation semantics, a reconcile that reads the child's
// status (it needs the events), a builder handed to or taken from another
// function. See docs/watches.md.
package watches

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
