package driver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const group = "demo.example.com/v1alpha1"

// object names one object of the load. The load uses unstructured objects so
// that this package does not depend on the example's Go types: each variant
// compiles its own copy of them.
type object struct {
	kind, name string
}

// owned is the name of the ConfigMap the operator makes for o.
func (o object) owned() string {
	if o.kind == "Widget" {
		return o.name + "-widget"
	}
	return o.name + "-gadget"
}

func (o object) unstructured() *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion(group)
	u.SetKind(o.kind)
	u.SetNamespace(Namespace)
	u.SetName(o.name)
	return u
}

// loader creates and changes the objects, as users and other components do.
type loader struct {
	c client.Client

	mu        sync.Mutex
	objects   []object
	created   map[string]time.Time // by watcher key (resource/name): when its create returned
	rolledOut map[string]time.Time // when its spec change returned
}

// key is the object's key in the watcher.
func (o object) key() string {
	if o.kind == "Widget" {
		return "widgets/" + o.name
	}
	return "gadgets/" + o.name
}

func (l *loader) stamp(m *map[string]time.Time, o object) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if *m == nil {
		*m = map[string]time.Time{}
	}
	(*m)[o.key()] = time.Now()
}

func (l *loader) times(m *map[string]time.Time) map[string]time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string]time.Time, len(*m))
	for k, v := range *m {
		out[k] = v
	}
	return out
}

// createBurst creates n objects, numbered from first, as fast as the API
// server takes them: half Widgets, half Gadgets.
func (l *loader) createBurst(ctx context.Context, first, n int) error {
	objs := make([]object, n)
	for i := range objs {
		kind := "Widget"
		if i%2 == 1 {
			kind = "Gadget"
		}
		objs[i] = object{kind: kind, name: fmt.Sprintf("%s-%05d", map[string]string{"Widget": "w", "Gadget": "g"}[kind], first+i)}
	}
	err := parallel(ctx, objs, func(o object) error {
		u := o.unstructured()
		if o.kind == "Widget" {
			u.Object["spec"] = map[string]any{"replicas": int64(2), "message": "hello"}
		} else {
			u.Object["spec"] = map[string]any{"color": "red"}
		}
		if err := l.c.Create(ctx, u); err != nil {
			return err
		}
		l.stamp(&l.created, o)
		l.mu.Lock()
		l.objects = append(l.objects, o)
		l.mu.Unlock()
		return nil
	})
	return err
}

// rollout changes the spec of every object, so each gets a new generation.
func (l *loader) rollout(ctx context.Context) error {
	l.mu.Lock()
	objs := append([]object(nil), l.objects...)
	l.mu.Unlock()
	return parallel(ctx, objs, func(o object) error {
		patch := `{"spec":{"message":"rolled out"}}`
		if o.kind == "Gadget" {
			patch = `{"spec":{"color":"green"}}`
		}
		if err := l.c.Patch(ctx, o.unstructured(), client.RawPatch(types.MergePatchType, []byte(patch))); err != nil {
			return err
		}
		l.stamp(&l.rolledOut, o)
		return nil
	})
}

// interfere writes rate times a second until stop closes, each time one of
// what other components of a cluster do to these objects: a label or an
// unrelated annotation on a Widget or Gadget, or an annotation on the
// ConfigMap it owns. None changes what the operator manages, but each moves
// the object's resourceVersion (or its owner's watch) on, so the operator's
// cache lags behind the API server.
func (l *loader) interfere(ctx context.Context, rate float64, stop <-chan struct{}, done *atomic.Int64) {
	if rate <= 0 {
		return
	}
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	defer wg.Wait()
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-stop:
			return
		case <-tick.C:
		}
		l.mu.Lock()
		if len(l.objects) == 0 {
			l.mu.Unlock()
			continue
		}
		o := l.objects[rand.IntN(len(l.objects))]
		l.mu.Unlock()
		select {
		case sem <- struct{}{}:
		default:
			continue // the API server is behind; skip rather than pile up
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var target *unstructured.Unstructured
			var patch string
			switch n % 3 {
			case 0:
				target = o.unstructured()
				patch = fmt.Sprintf(`{"metadata":{"labels":{"bench.statuslint.dev/touched":"%d"}}}`, n)
			case 1:
				target = o.unstructured()
				patch = fmt.Sprintf(`{"metadata":{"annotations":{"monitoring.example.com/last-scrape":"%d"}}}`, n)
			default:
				target = &unstructured.Unstructured{}
				target.SetAPIVersion("v1")
				target.SetKind("ConfigMap")
				target.SetNamespace(Namespace)
				target.SetName(o.owned())
				patch = fmt.Sprintf(`{"metadata":{"annotations":{"backup.example.com/last-seen":"%d"}}}`, n)
			}
			// A ConfigMap not made yet is NotFound: that is fine.
			if err := l.c.Patch(ctx, target, client.RawPatch(types.MergePatchType, []byte(patch))); err == nil {
				done.Add(1)
			}
		}()
	}
}

// parallel runs f on every object with a bounded number of goroutines and
// returns the first error.
func parallel(ctx context.Context, objs []object, f func(object) error) error {
	const width = 32
	ch := make(chan object)
	var (
		wg       sync.WaitGroup
		once     sync.Once
		firstErr error
	)
	for range width {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for o := range ch {
				if err := f(o); err != nil {
					once.Do(func() { firstErr = fmt.Errorf("%s %s: %w", o.kind, o.name, err) })
				}
			}
		}()
	}
	for _, o := range objs {
		if ctx.Err() != nil {
			break
		}
		ch <- o
	}
	close(ch)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}
