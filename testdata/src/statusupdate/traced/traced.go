// Package traced has reconciles that hand the object to an interface
// method between its Get and a metadata Patch made on some paths only
// (agent-sandbox's Sandbox reconciler: Tracer.StartSpan(ctx, sandbox, ...)
// before the trace annotation is patched). The snapshot goes after the
// Patch when nothing from the Get to there can change the status; a
// hand-over as metav1.Object or client.Object cannot, since those
// interfaces reach only the metadata and the type. Handed as anything
// else, the object may change: no fix, and the message says where.
package traced

import (
	"context"
	"reflect"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type BoxSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
}

type BoxStatus struct {
	Ready      bool               `json:"ready,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

func (in *BoxStatus) DeepCopy() *BoxStatus {
	out := new(BoxStatus)
	*out = *in
	return out
}

// Box is shaped like a kubebuilder type: its spec and status are fields
// of their own in JSON.
type Box struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BoxSpec   `json:"spec,omitempty"`
	Status BoxStatus `json:"status,omitempty"`
}

func (in *Box) DeepCopyInto(out *Box) { *out = *in }

func (in *Box) DeepCopy() *Box {
	out := new(Box)
	in.DeepCopyInto(out)
	return out
}

func (in *Box) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// SetConditions makes *Box a Conditioned.
func (in *Box) SetConditions(conditions []metav1.Condition) { in.Status.Conditions = conditions }

// Tracer takes the object as metav1.Object, agent-sandbox's Instrumenter.
type Tracer interface {
	StartSpan(ctx context.Context, obj metav1.Object, name string) (context.Context, func())
	TraceContext(ctx context.Context) string
}

// Recorder takes it as client.Object.
type Recorder interface {
	Record(obj client.Object, reason string)
}

// Marker takes the object itself: it may change the status.
type Marker interface {
	Mark(box *Box)
}

// Conditioned reaches the conditions: a method beside metav1.Object's.
type Conditioned interface {
	metav1.Object
	SetConditions(conditions []metav1.Condition)
}

// Stamper takes the object as Conditioned.
type Stamper interface {
	Stamp(obj Conditioned)
}

// Traced is agent-sandbox's Sandbox reconciler: the first call of the
// helper nested in two ifs, the second after more work, an in-memory
// spec default between the Patch and the calls.
type Traced struct {
	client.Client
	Tracer Tracer
}

func (r *Traced) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	box := &Box{}
	if err := r.Get(ctx, req.NamespacedName, box); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	ctx, end := r.Tracer.StartSpan(ctx, box, "Reconcile")
	defer end()
	if !box.DeletionTimestamp.IsZero() {
		return reconcile.Result{}, nil
	}
	if tc := r.Tracer.TraceContext(ctx); tc != "" && box.Annotations["trace"] == "" {
		patch := client.MergeFrom(box.DeepCopy())
		if box.Annotations == nil {
			box.Annotations = make(map[string]string)
		}
		box.Annotations["trace"] = tc
		if err := r.Patch(ctx, box, patch); err != nil {
			return reconcile.Result{}, err
		}
	}
	if box.Spec.Replicas == nil {
		box.Spec.Replicas = ptr.To[int32](1)
	}
	oldStatus := box.Status.DeepCopy()
	deleted := false
	if box.Labels["expired"] != "" {
		if !box.Status.Ready {
			box.Status.Ready = true
			if err := r.updateStatus(ctx, oldStatus, box); err != nil {
				return reconcile.Result{}, err
			}
			return reconcile.Result{}, nil
		}
		deleted = box.Labels["policy"] == "delete"
	} else {
		box.Status.Ready = false
	}
	var err error
	if !deleted {
		err = r.updateStatus(ctx, oldStatus, box)
	}
	return reconcile.Result{}, err
}

func (r *Traced) updateStatus(ctx context.Context, oldStatus *BoxStatus, box *Box) error {
	if reflect.DeepEqual(oldStatus, &box.Status) {
		return nil
	}
	return r.Status().Update(ctx, box) // want `reconcile path; .*: patch the status instead$`
}

// Recorded writes in the reconcile itself, the object handed to a
// Recorder as client.Object before the Patch.
type Recorded struct {
	client.Client
	Recorder Recorder
}

func (r *Recorded) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var box Box
	if err := r.Get(ctx, req.NamespacedName, &box); err != nil {
		return reconcile.Result{}, err
	}
	r.Recorder.Record(&box, "Reconciling")
	if box.Labels == nil {
		patch := client.MergeFrom(box.DeepCopy())
		box.Labels = map[string]string{"seen": "true"}
		if err := r.Patch(ctx, &box, patch); err != nil {
			return reconcile.Result{}, err
		}
	}
	box.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, &box) // want `reconcile path; .*: patch the status instead$`
}

// Marked hands the object to an interface method that takes it as
// itself: the method may change the status, which a snapshot after the
// Patch would hold and the patch would leave out. No fix.
type Marked struct {
	client.Client
	Marker Marker
}

func (r *Marked) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	box := &Box{}
	if err := r.Get(ctx, req.NamespacedName, box); err != nil {
		return reconcile.Result{}, err
	}
	r.Marker.Mark(box)
	if box.Annotations == nil {
		patch := client.MergeFrom(box.DeepCopy())
		box.Annotations = map[string]string{"a": "b"}
		if err := r.Patch(ctx, box, patch); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, r.markReady(ctx, box)
}

func (r *Marked) markReady(ctx context.Context, box *Box) error {
	box.Status.Ready = true
	return r.Status().Update(ctx, box) // want `\(no suggested fix: box is a parameter, loaded by the caller; snapshot it there and patch with client\.MergeFrom \(the object handed to markReady at traced\.go:191: box is loaded or assigned again on some paths before the call; a snapshot after the last of them could miss a status change: box is handed to Mark, whose changes to it cannot be told \(line 183\)\)\)$`
}

// Stamped hands the object as an interface with a method of its own
// besides metav1.Object's: not only the metadata. No fix, in the
// reconcile itself either; the reload is a finalizer Update.
type Stamped struct {
	client.Client
	Stamper Stamper
}

func (r *Stamped) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	box := &Box{}
	if err := r.Get(ctx, req.NamespacedName, box); err != nil {
		return reconcile.Result{}, err
	}
	r.Stamper.Stamp(box)
	if len(box.Finalizers) == 0 {
		box.Finalizers = append(box.Finalizers, "example.com/cleanup")
		if err := r.Update(ctx, box); err != nil {
			return reconcile.Result{}, err
		}
	}
	box.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, box) // want `\(no suggested fix: box is loaded or assigned again on some paths before the write; a snapshot after the last of them could miss a status change: box is handed to Stamp, whose changes to it cannot be told \(line 212\)\)$`
}

// Asserted hands the object to a function of its own package that takes
// it as metav1.Object and asserts it back to *Box to set the status: the
// package's functions are followed, not judged by their parameter type.
// No fix; the reload is a second Get on some paths.
type Asserted struct {
	client.Client
}

func (r *Asserted) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	box := &Box{}
	if err := r.Get(ctx, req.NamespacedName, box); err != nil {
		return reconcile.Result{}, err
	}
	touch(box)
	if box.Labels["refresh"] != "" {
		if err := r.Get(ctx, req.NamespacedName, box); err != nil {
			return reconcile.Result{}, err
		}
	}
	box.Status.Ready = true
	return reconcile.Result{}, r.Status().Update(ctx, box) // want `\(no suggested fix: box is loaded or assigned again on some paths before the write; a snapshot after the last of them could miss a status change: Status is changed \(in touch\) \(line 248\)\)$`
}

func touch(obj metav1.Object) {
	if box, ok := obj.(*Box); ok {
		box.Status.Ready = false
	}
}
