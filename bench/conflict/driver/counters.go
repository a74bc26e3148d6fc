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

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	"github.com/statuslint/statuslint/bench/conflict/apimetrics"
)

// RequestKey is what a request counter is kept by. Reason is only known on
// the client side, where the body of a 409 tells Conflict from
// AlreadyExists.
type RequestKey struct {
	Verb, Resource, Subresource, Code, Reason string
}

// Counts is a snapshot of request counters.
type Counts map[RequestKey]int64

// Count sums the counters whose key match accepts.
func (c Counts) Count(match func(RequestKey) bool) int64 {
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
func (c Counts) statusWrites() int64 {
	return c.Count(func(k RequestKey) bool {
		return k.Subresource == "status" && IsWrite(k.Verb) && (k.Resource == "widgets" || k.Resource == "gadgets")
	})
}

// Rows lists the counts as rows, sorted.
func (c Counts) Rows() []Row {
	var rows []Row
	for k, v := range c {
		rows = append(rows, Row{Verb: k.Verb, Resource: k.Resource, Subresource: k.Subresource, Code: k.Code, Reason: k.Reason, Count: v})
	}
	sortRows(rows)
	return rows
}

// RequestCounter counts the requests of the controller measured as its
// transport sees them (see ControlPlane.NewManager).
type RequestCounter struct {
	mu sync.Mutex
	m  Counts
}

// NewRequestCounter returns a counter with nothing counted yet.
func NewRequestCounter() *RequestCounter { return &RequestCounter{m: Counts{}} }

// Wrap is a rest.Config's WrapTransport that counts every request by verb
// (WATCH for a watch), resource, subresource, code and, for a 409, reason.
func (c *RequestCounter) Wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripFunc(func(req *http.Request) (*http.Response, error) {
		resp, err := rt.RoundTrip(req)
		resource, sub := resourceOf(req.URL.Path)
		k := RequestKey{Verb: req.Method, Resource: resource, Subresource: sub, Code: "error"}
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

// Snapshot returns the counts so far.
func (c *RequestCounter) Snapshot() Counts {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(Counts, len(c.m))
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

// RequestsBetween is after minus before, by "VERB resource[/subresource]",
// leaving out the keys that did not move: a window's requests, from two
// snapshots.
func RequestsBetween(before, after Counts) map[string]int64 {
	out := map[string]int64{}
	for k, v := range after {
		if d := v - before[k]; d != 0 {
			key := k.Verb + " " + k.Resource
			if k.Subresource != "" {
				key += "/" + k.Subresource
			}
			out[key] += d
		}
	}
	return out
}

// Failed is the requests of c answered with an error, by "VERB
// resource[/subresource] code[ reason]".
func Failed(c Counts) map[string]int64 {
	out := map[string]int64{}
	for k, v := range c {
		if strings.HasPrefix(k.Code, "2") {
			continue
		}
		key := k.Verb + " " + k.Resource
		if k.Subresource != "" {
			key += "/" + k.Subresource
		}
		key += " " + k.Code
		if k.Reason != "" {
			key += " " + k.Reason
		}
		out[key] += v
	}
	return out
}

// measured are the resources of the example operator whose requests are
// kept from the API server's counts: its kinds and their ConfigMaps.
var measured = []schema.GroupResource{
	{Group: "demo.example.com", Resource: "widgets"},
	{Group: "demo.example.com", Resource: "gadgets"},
	{Resource: "configmaps"},
}

// ScrapeAPIServer reads apiserver_request_total from the API server's
// /metrics, keeping the samples of resources.
func ScrapeAPIServer(ctx context.Context, cfg *rest.Config, resources []schema.GroupResource) (Counts, error) {
	samples, err := apimetrics.Scrape(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return RequestCounts(samples, resources), nil
}

// RequestCounts keeps the samples of resources (group and resource) as
// counts. The API server's samples carry no reason.
func RequestCounts(samples []apimetrics.Sample, resources []schema.GroupResource) Counts {
	keep := map[schema.GroupResource]bool{}
	for _, gr := range resources {
		keep[gr] = true
	}
	out := Counts{}
	for _, sm := range samples {
		l := sm.Labels
		if !keep[schema.GroupResource{Group: l["group"], Resource: l["resource"]}] {
			continue
		}
		out[RequestKey{Verb: l["verb"], Resource: l["resource"], Subresource: l["subresource"], Code: l["code"]}] += sm.Value
	}
	return out
}

// Reconciles is controller-runtime's reconcile counter, read in process:
// over all controllers and by controller name.
type Reconciles struct {
	Total, Errors                    int64
	ByController, ErrorsByController map[string]int64
}

// ReconcileCounts reads controller_runtime_reconcile_total of this process.
func ReconcileCounts() (Reconciles, error) {
	r := Reconciles{ByController: map[string]int64{}, ErrorsByController: map[string]int64{}}
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
			r.Total += n
			r.ByController[controller] += n
			if result == "error" {
				r.Errors += n
				r.ErrorsByController[controller] += n
			}
		}
	}
	return r, nil
}
