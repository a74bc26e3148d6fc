package driver

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Snapshot is the counts of a run at one time.
type Snapshot struct {
	At         time.Time
	APIServer  Counts // apiserver_request_total, for the resources asked for
	Client     Counts // the requests of the controller measured
	Reconciles Reconciles
}

// Snapshot takes the counts now: the API server's for resources, counter's
// and the reconciles of this process.
func (cp *ControlPlane) Snapshot(ctx context.Context, counter *RequestCounter, resources []schema.GroupResource) (Snapshot, error) {
	s := Snapshot{At: time.Now(), Client: counter.Snapshot()}
	var err error
	if s.Reconciles, err = ReconcileCounts(); err != nil {
		return s, err
	}
	s.APIServer, err = ScrapeAPIServer(ctx, cp.Config, resources)
	return s, err
}

// Window is the counts at the start and at the end of a window of a run.
type Window struct{ Before, After Snapshot }

// Window takes a Snapshot, waits d and takes another; it fails when ctx
// ends first.
func (cp *ControlPlane) Window(ctx context.Context, counter *RequestCounter, resources []schema.GroupResource, d time.Duration) (Window, error) {
	var w Window
	var err error
	if w.Before, err = cp.Snapshot(ctx, counter, resources); err != nil {
		return w, err
	}
	Sleep(ctx, d)
	if err := ctx.Err(); err != nil {
		return w, err
	}
	w.After, err = cp.Snapshot(ctx, counter, resources)
	return w, err
}

// Seconds is the window's length.
func (w Window) Seconds() float64 { return w.After.At.Sub(w.Before.At).Seconds() }

// Reconciles is the reconciles of the controller named in the window.
func (w Window) Reconciles(controller string) int64 {
	return w.After.Reconciles.ByController[controller] - w.Before.Reconciles.ByController[controller]
}

// ClientRequests is the requests of the controller measured in the window
// (see RequestsBetween).
func (w Window) ClientRequests() map[string]int64 {
	return RequestsBetween(w.Before.Client, w.After.Client)
}

// APIServerRequests is the API server's requests in the window (see
// RequestsBetween).
func (w Window) APIServerRequests() map[string]int64 {
	return RequestsBetween(w.Before.APIServer, w.After.APIServer)
}
