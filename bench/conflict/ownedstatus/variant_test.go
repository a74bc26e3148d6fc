package ownedstatus

import (
	"strings"
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/driver"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// TestCheck checks what the benchmark accepts of statuslint's findings on
// each copy: the watches finding on the Owns alone as written, nothing and
// the predicate after -fix.
func TestCheck(t *testing.T) {
	written, fixed := harness.CopyVariants[0], harness.CopyVariants[1]
	owns := "watches: controller.go:150:3: every status update of an owned Deployment wakes this controller's reconcile, which never reads a Deployment's status: filter the watch with a predicate that drops status-only updates"
	other := "fieldmanager: controller.go:90:3: Create of *appsv1.Deployment names no field manager"
	fixedSource := "Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{}, predicate.AnnotationChangedPredicate{}))).\n"
	for _, c := range []struct {
		v        harness.CopyVariant
		findings []string
		source   string
		ok       bool
	}{
		{written, []string{owns}, "Owns(&appsv1.Deployment{}).\n", true},
		{written, nil, "Owns(&appsv1.Deployment{}).\n", false},
		{written, []string{owns, other}, "Owns(&appsv1.Deployment{}).\n", false},
		{fixed, nil, fixedSource, true},
		{fixed, []string{owns}, fixedSource, false},
		{fixed, nil, "Owns(&appsv1.Deployment{}).\n", false},
	} {
		err := check(c.v, c.findings, c.source)
		if (err == nil) != c.ok {
			t.Errorf("%s, findings %q, source %q: check = %v, want ok %v", c.v.Name, c.findings, strings.TrimSpace(c.source), err, c.ok)
		}
	}
}

// TestRequestsBetween counts the requests of the steady window by verb and
// resource, from two snapshots.
func TestRequestsBetween(t *testing.T) {
	before := driver.Counts{
		{Verb: "GET", Resource: "secrets", Code: "200"}:                              10,
		{Verb: "PATCH", Resource: "deployments", Subresource: "status", Code: "200"}: 5,
		{Verb: "WATCH", Resource: "deployments", Code: "200"}:                        1,
	}
	after := driver.Counts{
		{Verb: "GET", Resource: "secrets", Code: "200"}:                              25,
		{Verb: "GET", Resource: "secrets", Code: "404"}:                              2,
		{Verb: "PATCH", Resource: "deployments", Subresource: "status", Code: "200"}: 9,
		{Verb: "WATCH", Resource: "deployments", Code: "200"}:                        1,
	}
	got := driver.RequestsBetween(before, after)
	want := map[string]int64{"GET secrets": 17, "PATCH deployments/status": 4}
	if len(got) != len(want) || got["GET secrets"] != 17 || got["PATCH deployments/status"] != 4 {
		t.Errorf("RequestsBetween = %v, want %v", got, want)
	}
	if n := Total(got, "GET"); n != 17 {
		t.Errorf("Total(GET) = %d, want 17", n)
	}
}
