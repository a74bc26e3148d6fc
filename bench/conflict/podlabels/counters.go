package podlabels

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	"github.com/statuslint/statuslint/bench/conflict/apimetrics"
)

// reqKey is what a Pod request is counted by.
type reqKey struct{ Verb, Subresource, Code string }

type counts map[reqKey]int64

// writes returns the writes of Pods themselves (not a subresource), by
// verb, all of them and the 409s.
func (c counts) writes() (all, conflicts map[string]int64) {
	all, conflicts = map[string]int64{}, map[string]int64{}
	for k, v := range c {
		if k.Subresource != "" {
			continue
		}
		switch k.Verb {
		case "POST", "PUT", "PATCH", "DELETE":
		default:
			continue
		}
		all[k.Verb] += v
		if k.Code == "409" {
			conflicts[k.Verb] += v
		}
	}
	return all, conflicts
}

// podCounter counts the labeller's requests on Pods as its transport sees
// them.
type podCounter struct {
	mu sync.Mutex
	m  counts
}

func newPodCounter() *podCounter { return &podCounter{m: counts{}} }

func (c *podCounter) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripFunc(func(req *http.Request) (*http.Response, error) {
		resp, err := rt.RoundTrip(req)
		sub, ok := podPath(req.URL.Path)
		if !ok {
			return resp, err
		}
		k := reqKey{Verb: req.Method, Subresource: sub, Code: "error"}
		if err == nil {
			k.Code = strconv.Itoa(resp.StatusCode)
		}
		c.mu.Lock()
		c.m[k]++
		c.mu.Unlock()
		return resp, err
	})
}

func (c *podCounter) snapshot() counts {
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

// podPath reports whether path names a Pod of the core group
// (/api/v1/namespaces/NS/pods[/NAME[/SUB]]) and its subresource.
func podPath(path string) (subresource string, ok bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 5 || parts[0] != "api" || parts[2] != "namespaces" || parts[4] != "pods" {
		return "", false
	}
	if len(parts) > 6 {
		subresource = parts[6]
	}
	return subresource, true
}

// scrapePods reads the Pod samples of apiserver_request_total from the API
// server's /metrics.
func scrapePods(ctx context.Context, cfg *rest.Config) (counts, error) {
	samples, err := apimetrics.Scrape(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return podCounts(samples), nil
}

// parsePodRequests parses the apiserver_request_total samples of resource
// pods (core group) from a Prometheus text exposition.
func parsePodRequests(raw []byte) (counts, error) {
	samples, err := apimetrics.Parse(raw)
	if err != nil {
		return nil, err
	}
	return podCounts(samples), nil
}

// podCounts keeps the samples of resource pods (core group).
func podCounts(samples []apimetrics.Sample) counts {
	out := counts{}
	for _, sm := range samples {
		l := sm.Labels
		if l["resource"] != "pods" || l["group"] != "" {
			continue
		}
		out[reqKey{Verb: l["verb"], Subresource: l["subresource"], Code: l["code"]}] += sm.Value
	}
	return out
}

// reconcileCounts reads controller-runtime's reconcile counter of one
// controller, in process.
func reconcileCounts(controller string) (total, errors int64, err error) {
	families, err := metrics.Registry.Gather()
	if err != nil {
		return 0, 0, err
	}
	for _, f := range families {
		if f.GetName() != "controller_runtime_reconcile_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			var name, result string
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "controller":
					name = l.GetValue()
				case "result":
					result = l.GetValue()
				}
			}
			if name != controller {
				continue
			}
			n := int64(m.GetCounter().GetValue())
			total += n
			if result == "error" {
				errors += n
			}
		}
	}
	return total, errors, nil
}
