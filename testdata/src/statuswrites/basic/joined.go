package basic

import (
	"context"
	"sync"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"statuswrites/api"
)

// Joined writes in goroutines it waits for, then again: the goroutines'
// writes are writes of this reconcile, before the last one (pulp-operator's
// per-Deployment status goroutines).
type Joined struct{ client.Client }

func (r *Joined) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, err
	}
	var wg sync.WaitGroup
	for _, n := range []string{"a", "b"} {
		wg.Add(1)
		go func(n string) {
			defer wg.Done()
			w.Status.Ready = n == "a"
			_ = r.Status().Patch(ctx, &w, client.Merge)
		}(n)
	}
	wg.Wait()
	w.Status.Ready = true
	_ = r.Status().Patch(ctx, &w, client.Merge) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through a function literal in \(\*Joined\)\.Reconcile\)`
	return reconcile.Result{}, nil
}

// JoinedWorker starts a method that takes the group, and waits for it.
type JoinedWorker struct{ client.Client }

func (r *JoinedWorker) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	wg := &sync.WaitGroup{}
	wg.Add(1)
	go r.mark(ctx, w, wg)
	wg.Wait()
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through \(\*JoinedWorker\)\.mark\)`
}

func (r *JoinedWorker) mark(ctx context.Context, w *api.Widget, wg *sync.WaitGroup) {
	defer wg.Done()
	w.Status.Ready = false
	_ = r.Status().Update(ctx, w)
}

// NotJoined waits for another group than the goroutine's, or returns
// before it waits: the goroutine's write is not one of this reconcile.
type NotJoined struct{ client.Client }

func (r *NotJoined) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 1 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	var wg, other sync.WaitGroup
	wg.Add(1)
	go (&JoinedWorker{r.Client}).mark(ctx, w, &wg)
	other.Wait()
	if w.Name == "" {
		return reconcile.Result{}, r.Status().Update(ctx, w)
	}
	wg.Wait()
	return reconcile.Result{}, nil
}

// GroupGo hands the function to WaitGroup's Go, which counts as calling
// it once where it is passed.
type GroupGo struct{ client.Client }

func (r *GroupGo) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:`^writes status of the object loaded by the key in argument 2\.0 \(w\) 2 time\(s\)`
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, err
	}
	var wg sync.WaitGroup
	wg.Go(func() { _ = r.Status().Update(ctx, w) })
	wg.Wait()
	return reconcile.Result{}, r.Status().Update(ctx, w) // want `^status of w written a second time in one reconcile \(first write at :[0-9]+ through a function literal in \(\*GroupGo\)\.Reconcile\)`
}
