// Package siblinghelpers has status helpers that other packages call with
// the objects they load. Each helper whose Updates can become merge
// patches gets a PatchesFrom fact; the callers' fixes add its sibling.
package siblinghelpers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// SetReady reaches its write through a helper of the package: both get a
// sibling.
func SetReady(ctx context.Context, c client.Client, w *api.Widget) error { // want SetReady:"writes status fresh when the objects in parameters 2 are fresh" SetReady:"leaves parameters 2 written" SetReady:"patches from a snapshot as SetReadyFrom, parameter 2"
	w.Status.Ready = true
	return update(ctx, c, w)
}

func update(ctx context.Context, c client.Client, w *api.Widget) error {
	return c.Status().Update(ctx, w)
}

// Reporter writes through a method, with an option that a patch takes too.
type Reporter struct{ C client.Client }

func (r *Reporter) Report(ctx context.Context, obj client.Object) error { // want Report:"leaves parameters 1 written" Report:"patches from a snapshot as ReportFrom, parameter 1"
	return r.C.Status().Update(ctx, obj, client.FieldOwner("reporter"))
}

// UpdateStatus names its client parameter client, as some operators do:
// the sibling reaches controller-runtime's client package by another name.
func UpdateStatus(client client.Client, obj client.Object) error { // want UpdateStatus:"writes status fresh when the objects in parameters 1 are fresh" UpdateStatus:"leaves parameters 1 written" UpdateStatus:"patches from a snapshot as UpdateStatusFrom, parameter 1"
	return client.Status().Update(context.Background(), obj)
}

// SetPhase already has a SetPhaseFrom: no sibling.
func SetPhase(ctx context.Context, c client.Client, w *api.Widget) error { // want SetPhase:"writes status fresh when the objects in parameters 2 are fresh" SetPhase:"leaves parameters 2 written" SetPhase:"no sibling: SetPhaseFrom is taken"
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

func SetPhaseFrom(ctx context.Context, c client.Client, w *api.Widget, ready bool) error { // want SetPhaseFrom:"writes status fresh when the objects in parameters 2 are fresh" SetPhaseFrom:"leaves parameters 2 written" SetPhaseFrom:"patches from a snapshot as SetPhaseFromFrom, parameter 2"
	w.Status.Ready = ready
	return c.Status().Update(ctx, w)
}

// Async writes in a goroutine: no sibling.
func Async(ctx context.Context, c client.Client, w *api.Widget) { // want Async:"no sibling: Async hands w on in a deferred call or a goroutine"
	go func() { _ = c.Status().Update(ctx, w) }()
}

// Fresh reads the object again before it writes: no sibling.
func Fresh(ctx context.Context, c client.Client, w *api.Widget) error { // want Fresh:"writes status fresh when parameters 1 read uncached" Fresh:"patches in place from a copy after its own read, parameter 2"
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		return err
	}
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

// MarkDone is called with an object the caller made, not loaded.
func MarkDone(ctx context.Context, c client.Client, w *api.Widget) error { // want MarkDone:"writes status fresh when the objects in parameters 2 are fresh" MarkDone:"leaves parameters 2 written" MarkDone:"patches from a snapshot as MarkDoneFrom, parameter 2"
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

// Resources hands the helper its object in a field.
type Resources struct {
	Client client.Client
	Widget *api.Widget
}

// Disable writes the status of the object in its parameter's field, which
// it does not read into a variable: no sibling, and the reason says where
// the object is.
func Disable(ctx context.Context, res Resources) { // want Disable:"no sibling: Disable is handed the object in siblinghelpers.Resources.Widget, a field of a parameter, and does not read it into a variable of its own that it writes \\(then a sibling takes a snapshot of it\\)"
	res.Widget.Status.Ready = false
	res.Client.Status().Update(ctx, res.Widget)
}

// Telemetry reads the object in its parameter's field into a variable of
// its own, as pulp-operator's RemoveTelemetryResources does (and names its
// client client, as that does): its sibling takes a snapshot of it.
func Telemetry(res Resources) { // want Telemetry:"patches from a snapshot as TelemetryFrom, parameter 0, field Widget"
	client := res.Client
	w := res.Widget
	w.Status.Ready = false
	_ = client.Status().Update(context.Background(), w)
}

// TelemetryAgain takes the field twice: no sibling.
func TelemetryAgain(res *Resources) { // want TelemetryAgain:"no sibling: TelemetryAgain is handed the object in siblinghelpers.Resources.Widget, a field of a parameter, and does not read it into a variable of its own"
	w := res.Widget
	w.Status.Ready = false
	if w.Name == "" {
		w := res.Widget
		_ = res.Client.Status().Update(context.Background(), w)
	}
}

// conditionGetter is the package's interface of objects with conditions
// (rook's statusConditionGetter): a copy made with DeepCopyObject is not
// one, so a snapshot parameter of it is a client.Object.
type conditionGetter interface {
	client.Object
	GetConditions() *[]metav1.Condition
}

// SetConditions is variadic: its sibling takes the copy just before the
// conditions.
func SetConditions(c client.Client, obj conditionGetter, conds ...metav1.Condition) error { // want SetConditions:"writes status fresh when the objects in parameters 1 are fresh" SetConditions:"leaves parameters 1 written" SetConditions:"patches from a snapshot as SetConditionsFrom, parameter 1"
	*obj.GetConditions() = append(*obj.GetConditions(), conds...)
	return c.Status().Update(context.Background(), obj)
}

// SetConditionsWithRetry reads the object again in a conflict retry
// before each write (rook's UpdateStatusConditionsWithRetry): it patches
// from a copy it takes after that read, and its callers change nothing.
func SetConditionsWithRetry(ctx context.Context, c client.Client, obj conditionGetter, key types.NamespacedName, conds ...metav1.Condition) error { // want SetConditionsWithRetry:"patches in place from a copy after its own read, parameter 2"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, key, obj); err != nil {
			return err
		}
		return SetConditions(c, obj, conds...)
	})
}

// ReportBlocked hands the object on to SetConditionsWithRetry only: it
// patches in place too.
func ReportBlocked(ctx context.Context, c client.Client, obj conditionGetter, cond metav1.Condition) error { // want ReportBlocked:"patches in place from a copy after its own read, parameter 2"
	return SetConditionsWithRetry(ctx, c, obj, client.ObjectKeyFromObject(obj), cond)
}

// RetryAfterChange reads the object in its retry, but writes it once more
// after the retry, where nothing read it again: no fix.
func RetryAfterChange(ctx context.Context, c client.Client, w *api.Widget) error { // want RetryAfterChange:"no sibling: RetryAfterChange reads into w or assigns it, but not right before every write"
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
			return err
		}
		return c.Status().Update(ctx, w)
	}); err != nil {
		return err
	}
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

// Deep reaches its write through four helpers, too far for a sibling;
// Leaf, at the end of the chain and exported, has one of its own however
// far Deep's chain reached first.
func Deep(ctx context.Context, c client.Client, w *api.Widget) error { // want Deep:"no sibling: the write is too far inside Leaf"
	return deep1(ctx, c, w)
}

func deep1(ctx context.Context, c client.Client, w *api.Widget) error { return deep2(ctx, c, w) }

func deep2(ctx context.Context, c client.Client, w *api.Widget) error { return deep3(ctx, c, w) }

func deep3(ctx context.Context, c client.Client, w *api.Widget) error { return Leaf(ctx, c, w) }

func Leaf(ctx context.Context, c client.Client, w *api.Widget) error { // want Leaf:"writes status fresh when the objects in parameters 2 are fresh" Leaf:"leaves parameters 2 written" Leaf:"patches from a snapshot as LeafFrom, parameter 2"
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

// RecordFresh reads w, then writes another object, one it reads itself in
// a conflict retry (rook's updateCephStatusWithCephxStatus, which
// CreateCSISecrets hands the cluster it loaded): w's status is never
// written, so RecordFresh patches what it reads from a copy taken after
// that read, and its callers change nothing.
func RecordFresh(ctx context.Context, c client.Client, w *api.Widget, key types.NamespacedName) error { // want RecordFresh:"patches in place from a copy after its own read, parameter 2"
	ready := !w.Status.Ready
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		w := &api.Widget{}
		if err := c.Get(ctx, key, w); err != nil {
			return err
		}
		w.Status.Ready = ready
		return UpdateStatus(c, w)
	})
}

// SetReadyAndRecord writes w through SetReady, which gets a sibling, and
// hands it to RecordFresh, whose call its sibling keeps.
func SetReadyAndRecord(ctx context.Context, c client.Client, w *api.Widget, key types.NamespacedName) error { // want SetReadyAndRecord:"leaves parameters 2 written" SetReadyAndRecord:"patches from a snapshot as SetReadyAndRecordFrom, parameter 2"
	if err := SetReady(ctx, c, w); err != nil {
		return err
	}
	return RecordFresh(ctx, c, w, key)
}
