// Package conditions defines an Analyzer that reports status conditions set
// with meta.SetStatusCondition and written back whether or not they changed.
//
// # Analyzer conditions
//
// conditions: report status written when no condition changed
//
// Writing the status on every reconcile although nothing changed costs an
// API call per pass, overwrites more specific messages, and produces watch
// events that requeue the object: a loop that never settles.
package conditions

const doc = `report status written when no condition changed

meta.SetStatusCondition reports whether it changed anything. Writing the
status on every reconcile regardless costs an API call per pass, overwrites
more specific messages, and produces watch events that requeue the object.
The suggested fix writes only when a condition changed.`
