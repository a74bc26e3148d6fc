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

// Watcher follows every object of some kinds in a namespace through its own
// watch, as a user or a dashboard would, and sees each stored state in
// order: it tells when all are Ready and catches the observed generation
// going down, a status coming back to an earlier value, and Ready flapping.
type Watcher struct {
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

// WatchedKind is a kind the Watcher follows and what Ready means for it.
type WatchedKind struct {
	Resource schema.GroupVersionResource
	Ready    ReadyRule
}

// ReadyRule reads an object's observed generation and whether it is Ready
// for its generation.
type ReadyRule func(u *unstructured.Unstructured) (observed int64, ready bool)

// ObservedGenerationReady is the example operator's rule: Ready when
// status.observedGeneration and the Ready condition's observedGeneration
// are the object's generation and the condition is True.
func ObservedGenerationReady(u *unstructured.Unstructured) (int64, bool) {
	gen := u.GetGeneration()
	observed, _, _ := unstructured.NestedInt64(u.Object, "status", "observedGeneration")
	cond := readyCondition(u)
	if cond == nil {
		return observed, false
	}
	cg, _, _ := unstructured.NestedInt64(cond, "observedGeneration")
	return observed, observed == gen && cond["status"] == "True" && cg == gen
}

// ConditionReady is the rule of a kind whose status has no
// observedGeneration of its own: the Ready condition's is the observed
// generation, and the object is Ready when that condition is True and the
// status field at bound (when given) is set.
func ConditionReady(bound ...string) ReadyRule {
	return func(u *unstructured.Unstructured) (int64, bool) {
		cond := readyCondition(u)
		if cond == nil {
			return 0, false
		}
		observed, _, _ := unstructured.NestedInt64(cond, "observedGeneration")
		ready := cond["status"] == "True"
		if len(bound) > 0 {
			v, _, _ := unstructured.NestedString(u.Object, append([]string{"status"}, bound...)...)
			ready = ready && v != ""
		}
		return observed, ready
	}
}

func readyCondition(u *unstructured.Unstructured) map[string]any {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		if m, _ := c.(map[string]any); m["type"] == "Ready" {
			return m
		}
	}
	return nil
}

// exampleKinds are the example operator's Widgets and Gadgets.
var exampleKinds = []WatchedKind{
	{Resource: schema.GroupVersionResource{Group: "demo.example.com", Version: "v1alpha1", Resource: "widgets"}, Ready: ObservedGenerationReady},
	{Resource: schema.GroupVersionResource{Group: "demo.example.com", Version: "v1alpha1", Resource: "gadgets"}, Ready: ObservedGenerationReady},
}

// StartWatcher starts following the objects of kinds in namespace until ctx
// is done.
func StartWatcher(ctx context.Context, cfg *rest.Config, namespace string, kinds ...WatchedKind) (*Watcher, error) {
	dc, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	w := &Watcher{objs: map[string]*seen{}}
	for _, k := range kinds {
		ri := dc.Resource(k.Resource).Namespace(namespace)
		list, err := ri.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		go w.follow(ctx, ri, k, list.GetResourceVersion())
	}
	return w, nil
}

// follow watches from rv on, starting again from the last event it saw when
// the API server closes the watch, and from a new list when it says that
// resourceVersion is too old.
func (w *Watcher) follow(ctx context.Context, ri dynamic.ResourceInterface, k WatchedKind, rv string) {
	for ctx.Err() == nil {
		if rv == "" {
			list, err := ri.List(ctx, metav1.ListOptions{})
			if err != nil {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			for i := range list.Items {
				w.observe(k, &list.Items[i])
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
				w.observe(k, u)
			}
		}
		wi.Stop()
	}
}

func (w *Watcher) observe(k WatchedKind, u *unstructured.Unstructured) {
	key := k.Resource.Resource + "/" + u.GetName()
	gen := u.GetGeneration()
	observed, ready := k.Ready(u)
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	cond := readyCondition(u)
	readyTrue := cond != nil && cond["status"] == "True" // whatever generation it is for

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

// Latencies are, for each object in since, how long after that time it was
// first seen Ready for generation gen, or for any generation when gen is 0
// (an operator may change its objects' spec, as agent-sandbox's claim
// controller does when it records an adoption).
func (w *Watcher) Latencies(gen int64, since map[string]time.Time) Latency {
	w.mu.Lock()
	defer w.mu.Unlock()
	type obs struct {
		key string
		d   time.Duration
	}
	var all []obs
	for key, t0 := range since {
		s := w.objs[key]
		if s == nil {
			continue
		}
		var at time.Time
		for g, t := range s.readyAt {
			if (gen == 0 || g == gen) && (at.IsZero() || t.Before(at)) {
				at = t
			}
		}
		if at.IsZero() {
			continue
		}
		all = append(all, obs{key, at.Sub(t0)})
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

// WaitReady waits until n objects are Ready for a generation of at least gen.
func (w *Watcher) WaitReady(ctx context.Context, n int, gen int64, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		ready := w.ReadyCount(gen)
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

// ReadyCount is how many objects are Ready for a generation of at least gen.
func (w *Watcher) ReadyCount(gen int64) int {
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

// Regressions is how many times an observed generation went down, with examples.
func (w *Watcher) Regressions() (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.regressed, append([]string(nil), w.regExamples...)
}

// Flaps is how many times a Ready condition went from True to anything else
// without a new generation, with examples.
func (w *Watcher) Flaps() (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flapped, append([]string(nil), w.flapExample...)
}

// Reverts is how many times a status came back, at one generation, to a
// value a later write had replaced (A, B, A), with examples.
func (w *Watcher) Reverts() (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.reverted, append([]string(nil), w.revExamples...)
}
