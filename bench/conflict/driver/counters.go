package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	"github.com/statuslint/statuslint/bench/conflict/apimetrics"
)

// reqKey is what a request counter is kept by. Reason is only known on the
// client side, where the body of a 409 tells Conflict from AlreadyExists.
type reqKey struct {
	Verb, Resource, Subresource, Code, Reason string
}

// counts is a snapshot of request counters.
type counts map[reqKey]int64

func (c counts) count(match func(reqKey) bool) int64 {
	var n int64
	for k, v := range c {
		if match(k) {
			n += v
		}
	}
	return n
}

// statusWrites counts the writes of the status subresource of the example's
// kinds, whatever their outcome.
func (c counts) statusWrites() int64 {
	return c.count(func(k reqKey) bool {
		return k.Subresource == "status" && isWrite(k.Verb) && (k.Resource == "widgets" || k.Resource == "gadgets")
	})
}

func (c counts) rows() []Row {
	var rows []Row
	for k, v := range c {
		rows = append(rows, Row{Verb: k.Verb, Resource: k.Resource, Subresource: k.Subresource, Code: k.Code, Reason: k.Reason, Count: v})
	}
	sortRows(rows)
	return rows
}

// requestCounter counts the operator's requests as its transport sees them.
type requestCounter struct {
	mu sync.Mutex
	m  counts
}

func newRequestCounter() *requestCounter { return &requestCounter{m: counts{}} }

func (c *requestCounter) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripFunc(func(req *http.Request) (*http.Response, error) {
		resp, err := rt.RoundTrip(req)
		resource, sub := resourceOf(req.URL.Path)
		k := reqKey{Verb: req.Method, Resource: resource, Subresource: sub, Code: "error"}
		if req.Method == http.MethodGet && req.URL.Query().Get("watch") == "true" {
			k.Verb = "WATCH"
		}
		if err == nil {
			k.Code = strconv.Itoa(resp.StatusCode)
			if resp.StatusCode == http.StatusConflict {
				// Read the Status the API server sent to tell a stale
				// resourceVersion from a create of an existing object, and
				// hand the client the same bytes.
				body, _ := io.ReadAll(resp.Body)
				_ = resp.Body.Close()
				resp.Body = io.NopCloser(bytes.NewReader(body))
				var status struct{ Reason string }
				if json.Unmarshal(body, &status) == nil {
					k.Reason = status.Reason
				}
				// Built-in kinds like ConfigMap answer in protobuf, where
				// the reason is stored as plain bytes too.
				switch {
				case k.Reason != "":
				case bytes.Contains(body, []byte("AlreadyExists")):
					k.Reason = "AlreadyExists"
				case bytes.Contains(body, []byte("Conflict")):
					k.Reason = "Conflict"
				}
			}
		}
		c.mu.Lock()
		c.m[k]++
		c.mu.Unlock()
		return resp, err
	})
}

func (c *requestCounter) snapshot() counts {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(counts, len(c.m))
	for k, v := range c.m {
		out[k] = v
	}
	return out
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// resourceOf returns the resource and subresource a request path names:
// /api/v1/namespaces/NS/RES/NAME/SUB or /apis/G/V/namespaces/NS/RES/NAME/SUB,
// and the cluster-scoped forms without namespaces/NS.
func resourceOf(path string) (resource, subresource string) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	var rest []string
	switch {
	case len(parts) >= 2 && parts[0] == "api":
		rest = parts[2:]
	case len(parts) >= 3 && parts[0] == "apis":
		rest = parts[3:]
	default:
		return "", ""
	}
	if len(rest) >= 2 && rest[0] == "namespaces" && len(rest) > 2 {
		rest = rest[2:]
	}
	if len(rest) > 0 {
		resource = rest[0]
	}
	if len(rest) > 2 {
		subresource = rest[2]
	}
	return resource, subresource
}

// scrapeAPIServer reads apiserver_request_total from the API server's
// /metrics, keeping the example's kinds and their ConfigMaps.
func scrapeAPIServer(ctx context.Context, cfg *rest.Config) (counts, error) {
	samples, err := apimetrics.Scrape(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return requestCounts(samples), nil
}

// requestCounts keeps the samples of the example's kinds and their
// ConfigMaps.
func requestCounts(samples []apimetrics.Sample) counts {
	out := counts{}
	for _, sm := range samples {
		l := sm.Labels
		switch l["resource"] {
		case "widgets", "gadgets", "configmaps":
		default:
			continue
		}
		out[reqKey{Verb: l["verb"], Resource: l["resource"], Subresource: l["subresource"], Code: l["code"]}] += sm.Value
	}
	return out
}

// reconciles is controller-runtime's reconcile counter, read in process.
type reconciles struct {
	total, errors int64
	byController  map[string]int64
}

func reconcileCounts() (reconciles, error) {
	r := reconciles{byController: map[string]int64{}}
	families, err := metrics.Registry.Gather()
	if err != nil {
		return r, err
	}
	for _, f := range families {
		if f.GetName() != "controller_runtime_reconcile_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			var controller, result string
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "controller":
					controller = l.GetValue()
				case "result":
					result = l.GetValue()
				}
			}
			n := int64(m.GetCounter().GetValue())
			r.total += n
			r.byController[controller] += n
			if result == "error" {
				r.errors += n
			}
		}
	}
	return r, nil
}
