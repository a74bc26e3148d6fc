package driver

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

// watcher follows every Widget and Gadget through its own watch, as a user
// or a dashboard would, and sees each stored state in order: it tells when
// all are Ready and catches status.observedGeneration going down.
type watcher struct {
	mu          sync.Mutex
	objs        map[string]*seen
	regressed   int
	regExamples []string
	reverted    int
	revExamples []string
	flapped     int
	flapExample []string
}

type seen struct {
	generation, maxObserved int64
	ready                   bool // Ready for generation

	// The statuses seen at generation, to catch one coming back after
	// another replaced it (A, B, A): a write from a stale copy undoing a
	// newer one.
	status   string
	statuses map[string]bool

	readyAt map[int64]time.Time // when it was first seen Ready for each generation

	readyTrue bool // its Ready condition said True at generation
}

func startWatcher(ctx context.Context, cfg *rest.Config) (*watcher, error) {
	dc, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	w := &watcher{objs: map[string]*seen{}}
	for _, res := range []string{"widgets", "gadgets"} {
		ri := dc.Resource(schema.GroupVersionResource{Group: "demo.example.com", Version: "v1alpha1", Resource: res}).Namespace(Namespace)
		list, err := ri.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		go w.follow(ctx, ri, res, list.GetResourceVersion())
	}
	return w, nil
}

// follow watches from rv on, starting again from the last event it saw when
// the API server closes the watch, and from a new list when it says that
// resourceVersion is too old.
func (w *watcher) follow(ctx context.Context, ri dynamic.ResourceInterface, res, rv string) {
	for ctx.Err() == nil {
		if rv == "" {
			list, err := ri.List(ctx, metav1.ListOptions{})
			if err != nil {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			for i := range list.Items {
				w.observe(res, &list.Items[i])
			}
			rv = list.GetResourceVersion()
		}
		wi, err := ri.Watch(ctx, metav1.ListOptions{ResourceVersion: rv, AllowWatchBookmarks: true})
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		for ev := range wi.ResultChan() {
			if ev.Type == watch.Error {
				rv = ""
				break
			}
			u, ok := ev.Object.(*unstructured.Unstructured)
			if !ok {
				continue
			}
			rv = u.GetResourceVersion()
			if ev.Type == watch.Added || ev.Type == watch.Modified {
				w.observe(res, u)
			}
		}
		wi.Stop()
	}
}

func (w *watcher) observe(res string, u *unstructured.Unstructured) {
	key := res + "/" + u.GetName()
	gen := u.GetGeneration()
	observed, _, _ := unstructured.NestedInt64(u.Object, "status", "observedGeneration")
	ready := observed == gen
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	found := false
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["type"] != "Ready" {
			continue
		}
		found = true
		cg, _, _ := unstructured.NestedInt64(m, "observedGeneration")
		ready = ready && m["status"] == "True" && cg == gen
	}
	ready = ready && found
	readyTrue := false // the Ready condition says True, whatever generation it is for
	for _, c := range conds {
		if m, _ := c.(map[string]any); m["type"] == "Ready" && m["status"] == "True" {
			readyTrue = true
		}
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.objs[key]
	if s == nil {
		s = &seen{}
		w.objs[key] = s
	}
	if observed < s.maxObserved {
		w.regressed++
		if len(w.regExamples) < 10 {
			w.regExamples = append(w.regExamples, fmt.Sprintf("%s: status.observedGeneration %d after %d (generation %d, resourceVersion %s)",
				key, observed, s.maxObserved, gen, u.GetResourceVersion()))
		}
	} else {
		s.maxObserved = observed
	}
	if gen != s.generation {
		s.statuses = map[string]bool{}
		s.readyTrue = false
	}
	if s.readyTrue && !readyTrue {
		w.flapped++
		if len(w.flapExample) < 10 {
			w.flapExample = append(w.flapExample, fmt.Sprintf("%s: Ready no longer True at generation %d: %v (resourceVersion %s)",
				key, gen, conds, u.GetResourceVersion()))
		}
	}
	s.readyTrue = readyTrue
	st, _ := json.Marshal(u.Object["status"]) // maps marshal with sorted keys
	if status := string(st); status != s.status {
		if s.statuses[status] {
			w.reverted++
			if len(w.revExamples) < 10 {
				w.revExamples = append(w.revExamples, fmt.Sprintf("%s: status went back to %s (generation %d, resourceVersion %s)",
					key, status, gen, u.GetResourceVersion()))
			}
		}
		s.statuses[status] = true
		s.status = status
	}
	s.generation = gen
	s.ready = ready
	if ready {
		if s.readyAt == nil {
			s.readyAt = map[int64]time.Time{}
		}
		if _, ok := s.readyAt[gen]; !ok {
			s.readyAt[gen] = time.Now()
		}
	}
}

// latencies are, for each object in since, how long after that time it was
// first seen Ready for generation gen.
func (w *watcher) latencies(gen int64, since map[string]time.Time) Latency {
	w.mu.Lock()
	defer w.mu.Unlock()
	type obs struct {
		key string
		d   time.Duration
	}
	var all []obs
	for key, t0 := range since {
		s := w.objs[key]
		if s == nil || s.readyAt[gen].IsZero() {
			continue
		}
		all = append(all, obs{key, s.readyAt[gen].Sub(t0)})
	}
	if len(all) == 0 {
		return Latency{}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].d < all[j].d })
	at := func(q float64) float64 { return all[int(q*float64(len(all)-1))].d.Seconds() }
	last := all[len(all)-1]
	return Latency{P50: at(0.5), P95: at(0.95), Max: last.d.Seconds(), Slowest: last.key}
}

// Latency is how long objects took to be Ready, in seconds.
type Latency struct {
	P50, P95, Max float64
	Slowest       string
}

// waitReady waits until n objects are Ready for a generation of at least gen.
func (w *watcher) waitReady(ctx context.Context, n int, gen int64, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		ready := w.readyCount(gen)
		if ready >= n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d objects Ready after %s", ready, n, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (w *watcher) readyCount(gen int64) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, s := range w.objs {
		if s.ready && s.generation >= gen {
			n++
		}
	}
	return n
}

func (w *watcher) regressions() (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.regressed, append([]string(nil), w.regExamples...)
}

func (w *watcher) flaps() (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flapped, append([]string(nil), w.flapExample...)
}

func (w *watcher) reverts() (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.reverted, append([]string(nil), w.revExamples...)
}
