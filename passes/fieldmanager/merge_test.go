package fieldmanager

import (
	"fmt"
	"testing"
)

// TestMergeParamWrites: a call that may reach several functions counts a
// write their facts share once; where a fact names only some of its
// writes, the count is a lower bound; one fact is taken as it is.
func TestMergeParamWrites(t *testing.T) {
	many := make([]string, maxExamples)
	for i := range many {
		many[i] = fmt.Sprintf("Create of *corev1.ConfigMap at a.go:%d", i+1)
	}
	for _, tc := range []struct {
		name    string
		facts   []ParamWrites
		count   int
		atLeast bool
	}{
		{"one", []ParamWrites{{Params: []ParamWrite{{Index: 1, Count: 80, Examples: many}}}}, 80, false},
		{"shared", []ParamWrites{
			{Params: []ParamWrite{{Index: 1, Count: 2, Examples: []string{"Create at a.go:1", "Update at h.go:9"}}}},
			{Params: []ParamWrite{{Index: 1, Count: 2, Examples: []string{"Patch at b.go:4", "Update at h.go:9"}}}},
		}, 3, false},
		{"incomplete", []ParamWrites{
			{Params: []ParamWrite{{Index: 1, Count: 80, Examples: many}}},
			{Params: []ParamWrite{{Index: 1, Count: 1, Examples: []string{"Patch at b.go:4"}}}},
		}, 80, true},
		{"other params", []ParamWrites{
			{Params: []ParamWrite{{Index: 0, Count: 1, Examples: []string{"Create at a.go:1"}}}},
			{Params: []ParamWrite{{Index: 1, Count: 1, Examples: []string{"Create at a.go:1"}}}},
		}, 1, false},
	} {
		got := mergeParamWrites(tc.facts)
		last := got.Params[len(got.Params)-1]
		if last.Count != tc.count || last.AtLeast != tc.atLeast || len(last.Examples) > maxExamples {
			t.Errorf("%s: merged Count %d, AtLeast %v, %d examples; want %d, %v", tc.name, last.Count, last.AtLeast, len(last.Examples), tc.count, tc.atLeast)
		}
	}
}
