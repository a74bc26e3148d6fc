// Package conditions defines an Analyzer that reports status conditions set
// with meta.SetStatusCondition and written back whether or not they changed.
//
// # Analyzer conditions
//
// conditions: report status written when no condition changed
//
// meta.SetStatusCondition (k8s.io/apimachinery/pkg/api/meta) keeps a
// condition's LastTransitionTime when its status does not change, and from
// apimachinery v0.29 on it returns changed bool. A reconciler that ignores
// that result and then writes the status anyway, typically from the
// "already in the desired state" branch, writes on every reconcile:
//
//   - every pass costs an API request, however settled the object is;
//   - with Update, every such request can fail with 409 when the cache is
//     behind, for a write that was not needed;
//   - the API server stores nothing and sends no watch event for an update
//     that changes nothing, so the cost is the request itself, not a requeue
//     (the pass makes no claim about requeues: many controllers filter
//     status-only events anyway).
//
// # What it reports
//
// A call of meta.SetStatusCondition, recognised by the go/types identity of
// the function (package path and name, never the text of the call), whose
// result is discarded, when a status write of the same object can follow on
// some path without a guard that depends on whether anything changed. The
// writes are those of the shared reachability analysis: Status().Update,
// Patch, Create and Apply, the same through SubResource("status"), and
// calls of another package's functions known to write status.
//
// "The same object" means: the conditions argument is &X.Status.Conditions
// (or any field path under X), or a call X.GetStatusConditions() of an
// accessor, and the write's object argument is X or &X. An accessor is a
// method of X's type, called directly (not through an interface), without
// other parameters, that returns *[]metav1.Condition: one declared in the
// package itself must return the address of a field under the receiver's
// Status; one declared in another package (the API types' package, whose
// bodies are not built) is taken by its signature, as
// func (in *HelmRelease) GetStatusConditions() *[]metav1.Condition is.
// The object is followed by its SSA value through local variables,
// closures' free variables, and the parameters of the package's own
// functions:
//
//   - a helper that sets the condition and writes unconditionally is
//     reported in the helper, with the reconcile path that reaches it as
//     related information ("(*WidgetReconciler).Reconcile calls setReady");
//   - a helper or closure that only sets the condition is reported when its
//     caller then writes the object unconditionally;
//   - a set followed by a call of a helper or closure that writes the
//     object, or by a deferred write, is reported too.
//
// Not reported: SetStatusCondition on a slice that is never written as
// status (a local slice, or an API-types method that only mutates and is
// declared in a package that writes nothing), and writes of other objects;
// a set that runs only where the object has no conditions yet (inside
// if len(w.Status.Conditions) == 0, the first condition of kubebuilder's
// scaffold), which always reports a change; and a set on a path that
// runs only while the object is being deleted (under an if on
// GetDeletionTimestamp() != nil or !DeletionTimestamp.IsZero()), which a
// settled reconcile of a live object never takes. Nor is a path that
// creates an object with the client (Create, whether it succeeds or fails)
// a steady path: in the steady state what the reconcile manages exists.
//
// Other changes of the status. The write is redundant only when nothing
// else changes the status in the steady state, the state in which the
// object and what the reconcile reads have not changed since the last
// pass. So before reporting the pass judges every other change of the
// written object's status on the paths through the SetStatusCondition
// call: in the function itself, in the package's own functions and
// closures the object is handed to, and in the callers that hand it over
// (up to three calls up). Each path is judged on its own, and the call is
// reported when some path from the reconcile's entry through it makes no
// change that differs from one pass to the next. A helper called from the
// "created", "updated" and "already as wanted" branches of several
// sub-reconciles is reported for the last, whatever the others stamp; the
// calls on such a path are related information when other calls are not.
//
//   - Steady, named in the message ("in the steady state: Status.Version
//     is computed from the spec"): constants; values computed from the
//     object's spec, metadata or loaded status; values copied or computed
//     from other objects the reconcile reads; map entries and other
//     conditions set or removed with such values.
//   - Changing, so that path needs its write: the current time (time.Now,
//     metav1.Now, a clock's Now, a function of the package that returns
//     one, or any other package's function that returns a time without
//     being given one, such as an API package's Stamp()); a count kept in
//     the field itself (Attempts++); a value appended to the field itself;
//     the functions of the random and UUID packages; the same condition
//     type removed with RemoveStatusCondition before it is set (the set
//     then always reports a change, with a new LastTransitionTime). A
//     helper's parameter is what its callers hand it, when they are all
//     known (an unexported function never used as a value): it changes
//     when every caller hands it a changing value (start := time.Now()
//     handed to markDone), and is steady when one caller hands it a
//     steady value, since the helper's changes are not told apart by
//     caller.
//   - Unknown, so that path is not counted either: the object, or a
//     pointer into its status, handed to a function the pass cannot read
//     (a method of the API types' package such as obj.MarkRun(now), a
//     function of another package, a status writer of another package, an
//     interface method); a field assigned through an accessor's result
//     (obj.StatusBase().LastSeen = now).
//   - Harmless: reading the object, DeepCopy, getters, changes of metadata
//     and spec, controller-runtime's functions (they change metadata at
//     most), the object passed as runtime.Object or client.Object (event
//     recorders, client.ObjectKeyFromObject), and the functions of the
//     packages that only read what they are handed (fmt, strings,
//     loggers, reflect, apimachinery's equality and meta finders,
//     k8s.io/utils/ptr). One whose result may point into what it was
//     handed (meta.FindStatusCondition) is followed through that result.
//
// Other packages' functions are judged by their types rather than by facts:
// facts would make go vet analyse every package of the build, which
// internal/vetskip exists to avoid. A function is taken to compute its
// result from its arguments, except the time and random cases above.
//
// Where any path changes the status other than by the conditions, the
// changed fix (below) would drop that change, so the fix is the comparison
// form, and the message says "write only when the status changed"; where
// no comparison fix can be placed, the note names the change and its line.
//
// A helper that sets a condition and writes the object is judged by its own
// write; a later write of the same object in its caller is a second write of
// the status, not a reason to withhold the helper's fix.
//
// A write counts as guarded when on every path from the call to it an if
// decides whether it runs (from one branch it is reachable, from another
// not) and that if's condition depends on a change:
//
//   - the returned bool, directly, through a variable, accumulated over
//     several calls (changed = meta.SetStatusCondition(...) || changed),
//     captured by a closure, returned by a helper or passed to one;
//   - a comparison of the old and new status or conditions:
//     equality.Semantic.DeepEqual (and DeepDerivative), reflect.DeepEqual,
//     cmp.Equal, slices.Equal, maps.Equal;
//   - meta.IsStatusConditionPresentAndEqual, IsStatusConditionTrue,
//     IsStatusConditionFalse or FindStatusCondition of the same condition
//     type, checked before setting so that both the set and the write
//     happen only when the condition is not already as wanted. A check of
//     another constant condition type guards nothing (the type of the set
//     condition is known when it is a composite literal with a constant
//     Type; otherwise a check of any type counts);
//   - a flag: a bool variable that is false unless set to true, where each
//     assignment of true is in a block that one of the guards above decides
//     (every path to it passes the guard, and one of the guard's branches
//     cannot reach it), and some path reaches the if without setting it.
//     The same when the flag is set where a SetStatusCondition result or a
//     DeepEqual comparison held, in a loop, or in a closure that captures
//     it. A flag set on every path, unconditionally, or under an if that
//     does not depend on a change guards nothing.
//
// A flag guard:
//
//	needsUpdate := false
//	if cur := meta.FindStatusCondition(w.Status.Conditions, "Ready"); cur == nil || cur.Status != ready.Status {
//		meta.SetStatusCondition(&w.Status.Conditions, ready)
//		needsUpdate = true
//	}
//	if needsUpdate {
//		return ctrl.Result{}, r.Status().Patch(ctx, &w, client.Merge)
//	}
//
// The values the guards test are followed through calls of functions that
// are not the package's own: such a call that returns a value carries the
// dependency of its arguments (and receiver) to its result, so
// ptr.Deref(meta.FindStatusCondition(...), metav1.Condition{}).Status, or a
// DeepCopy of the found condition, still depends on the check. This is a
// conservative data flow through opaque calls, not a list of pass-through
// functions: any such function is assumed to compute its result from its
// arguments. An error result is the exception (if err := f(cond); err != nil
// decides nothing about a change). The package's own functions are read
// instead: their result counts when it depends on a change.
//
// The parts of a compound condition (a && b) are taken together. An if that
// both branches get past (if changed { log(...) }) guards nothing.
//
// A comparison that never holds. equality.Semantic.DeepEqual or
// reflect.DeepEqual of a status and a pointer to one
// (DeepEqual(cq.Status, oldStatus) with oldStatus := cq.Status.DeepCopy())
// compares types first and always reports a difference, so the write it
// was meant to skip goes out on every pass. It is reported at the
// comparison, with the fix that takes the value's address
// (DeepEqual(&cq.Status, oldStatus)), and not as a guard anywhere.
//
// # Before and after
//
// Before:
//
//	// The ConfigMap is already in the desired state.
//	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
//		Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate",
//	})
//	if err := r.Status().Update(ctx, &w); err != nil {
//		return ctrl.Result{}, err
//	}
//	return ctrl.Result{}, nil
//
// After:
//
//	changed := meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
//		Type: "Ready", Status: metav1.ConditionTrue, Reason: "UpToDate",
//	})
//	if changed {
//		if err := r.Status().Update(ctx, &w); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
//	return ctrl.Result{}, nil
//
// # Older apimachinery
//
// Before v0.29, SetStatusCondition returns nothing, so there is no result
// to ignore. The pass then reports a write that follows without a guard
// (that is, unconditionally as far as changes go) and points to a
// comparison instead: take a copy of the status after the load and write
// only when equality.Semantic.DeepEqual says it differs. The suggested fix
// is that comparison (below).
//
// # The suggested fix
//
// When the write follows in the same function, in the same block as the
// call or nested in a later statement of it, the fix makes the write depend
// on the change:
//
//   - the first call becomes changed := meta.SetStatusCondition(...); each
//     further call on the same object becomes
//     changed = meta.SetStatusCondition(...) || changed (never
//     changed || ..., which would skip the call). When the first call sits
//     in a nested block (a loop over conditions), changed := false goes
//     before the statement of the block that holds it. The name is changed,
//     or changed2, ... when that is taken.
//   - each write statement is wrapped in if changed { ... }. Supported
//     statements: the call alone; _ = write; if err := write; err != nil
//     {...} without else and testing only err; err := write (becomes
//     var err error before the if, and err = write inside it); and
//     return ..., write, which becomes if changed { return ..., write }
//     followed by the same return with nil for the write, when the other
//     results are single-line expressions without calls.
//
// All calls of one function that feed the same writes share one fix, which
// exactly one diagnostic carries: the first call's. The others say that
// this fix covers them. Applying each diagnostic's fix separately would
// otherwise declare changed twice.
//
// The fix is designed to compose with the other passes' fixes on the same
// write statement: statusupdate renames Update to Patch, replaces the object
// argument and inserts a copy line after the load; fieldmanager appends an
// option before the closing parenthesis. The guard never rewrites the
// statement's text. It inserts text before the statement (the if line and
// the statement's new indentation), one tab at the very start of each
// further line of the statement, and the closing brace after the end of
// its last line, after any trailing comment. None of these positions is
// inside another pass's edit, so a driver applies all of them together and
// the result is gofmt-clean as applied. Where that cannot be promised the
// fix is withheld: when the write call's closing parenthesis is on a line
// of its own (fieldmanager's added line would keep the old indentation),
// when the object argument spans lines, when a multi-line raw string or
// block comment would have to be re-indented, or when the edited file would
// not be exactly as gofmt prints it.
//
// The comparison form. Where the conditions are not all that changes on the
// way to the write (other status fields are assigned, another condition is
// set or removed outside the fix) or SetStatusCondition reports nothing
// (apimachinery before v0.29), the conditions' result cannot guard the write
// without dropping a change. The fix then compares the whole status with a
// copy taken right after the object was loaded:
//
//	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
//		return ctrl.Result{}, err
//	}
//	before := s.Status.DeepCopy()
//	s.Status.ObservedGeneration = s.Generation
//	meta.SetStatusCondition(&s.Status.Conditions, ready)
//	if !equality.Semantic.DeepEqual(before, &s.Status) {
//		if err := r.Status().Update(ctx, s); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
//
// The write then happens whenever anything in the status changed, so no
// change the code meant to write is dropped. The copy is of the status when
// its type has a generated DeepCopy, else of the object (before :=
// s.DeepCopy(), compared as before.Status). It goes on the line after the
// load (after the usual if err != nil check), which the statusupdate pass
// finds the same way (internal/fixes.LastLoad); statusupdate inserts its
// merge-patch base at the end of that statement, the comparison copy at the
// start of the next line, so both fixes apply together (two copies, base and
// before). The equality import (k8s.io/apimachinery/pkg/api/equality) is
// added when missing. When the object is a parameter of a helper, its load
// is in the callers: the copy of the object is taken right after each
// caller's load and handed in through a new last parameter, base, and the
// helper writes only when !equality.Semantic.DeepEqual(&base.Status,
// &obj.Status). This is the threading of statusupdate's fix
// (internal/fixes.Threading), under the same rules (an unexported helper
// the package alone calls, every call after a load or handing on its own
// parameter, the copies taken after the loads statusupdate counts: a Get,
// and a write of the object, or a call of a helper of the package that
// leaves it written, fixes.ObjectLoads) and under the same name, so where
// statusupdate fixes the same write the two fixes make the same edits and
// the helper patches from base only when the status differs from it. There is no comparison fix
// when a caller cannot hand a copy in, when the writes follow different
// loads, or when neither the object nor its status has a DeepCopy; the
// note says which.
//
// There is no fix, and the message says which guard to add, when:
//
//   - the write is in another function (a helper, a closure, the caller),
//     deferred, or run in a goroutine; except a function literal the
//     function defers after loading the object, whose write statement gets
//     the comparison guard, the copy being taken after the load and before
//     the defer statement;
//   - the error of the write is assigned to an existing variable (it would
//     keep its old value when the write is skipped), the write is part of a
//     larger expression, or the if around it has an else branch or tests
//     more than its error (other than err != nil && ..., which is false
//     whenever the skipped write leaves err nil);
//   - the write does not follow the call in an enclosing block;
//   - the conditions are passed through an accessor (X.GetStatusConditions())
//     rather than as &X.Status.Conditions.
//
// The changed form is offered only where the conditions calls are the only
// change of the status on the way to the write (see "Other changes of the
// status" above: helpers, callers and closures are read too).
//
// # Settings
//
//	-conditions.tests  also check _test.go files (default false)
//
// In golangci-lint's settings the same setting is conditions.tests. The
// reconcile roots that the reconcile paths of findings start from are the
// statusupdate pass's: Reconcile methods, reconcile.Func values and the
// statusupdate roots setting.
//
// # Silencing
//
// Use the result: guard the write. An explicit _ = meta.SetStatusCondition(...)
// is still a discarded result and is still reported. When a write on every
// pass is intended (a heartbeat condition), say so on the reported line or
// the line above, with a reason:
//
//	//statuslint:ignore conditions the status is a heartbeat, written every pass on purpose
//
// //statuslint:file-ignore conditions <reason> silences a file; under
// golangci-lint //nolint:statuslint works too. -conditions=false (or
// disable: [conditions] in the golangci-lint settings) turns the pass off.
// Generated files are not checked, nor _test.go files unless -conditions.tests
// is set.
//
// The full page: https://github.com/statuslint/statuslint/blob/main/docs/conditions.md
package conditions

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
