// Package apimetrics reads the API server's own count of the requests it
// served (apiserver_request_total), which both measurements of the
// conflict harness compare across variants.
package apimetrics

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
)

// Sample is one apiserver_request_total sample: its labels (verb, group,
// resource, subresource, code, ...) and its value.
type Sample struct {
	Labels map[string]string
	Value  int64
}

// Scrape reads the apiserver_request_total samples from the API server's
// /metrics.
func Scrape(ctx context.Context, cfg *rest.Config) ([]Sample, error) {
	dc, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		return nil, err
	}
	raw, err := dc.RESTClient().Get().AbsPath("/metrics").DoRaw(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the API server's metrics: %w", err)
	}
	return Parse(raw)
}

// Parse parses the apiserver_request_total samples of a Prometheus text
// exposition.
func Parse(raw []byte) ([]Sample, error) { return ParseFamily(raw, "apiserver_request_total") }

// ParseFamily parses the samples of the metric family name (a counter or a
// gauge, whose label values hold no quotes or escapes) of a Prometheus text
// exposition.
func ParseFamily(raw []byte, name string) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, name+"{")
		if !ok {
			continue
		}
		end := strings.LastIndex(rest, "} ")
		if end < 0 {
			return nil, fmt.Errorf("malformed sample %q", line)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(rest[end+2:]), 64)
		if err != nil {
			return nil, fmt.Errorf("malformed sample %q: %v", line, err)
		}
		out = append(out, Sample{Labels: parseLabels(rest[:end]), Value: int64(v)})
	}
	return out, sc.Err()
}

// parseLabels parses name="value",name="value"; the values hold no quotes
// or escapes.
func parseLabels(s string) map[string]string {
	labels := map[string]string{}
	for s != "" {
		eq := strings.Index(s, `="`)
		if eq < 0 {
			break
		}
		name := s[:eq]
		s = s[eq+2:]
		q := strings.IndexByte(s, '"')
		if q < 0 {
			break
		}
		labels[name] = s[:q]
		s = strings.TrimPrefix(s[q+1:], ",")
	}
	return labels
}
