package condhelpers

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/statuslint/statuslint/bench/conflict/condhelpers/api"
	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// TestCheck checks what the benchmark accepts of statuslint's findings on
// each copy: the conditions finding as written, none and the guard after
// -fix, whatever else is reported.
func TestCheck(t *testing.T) {
	written, fixed := harness.CopyVariants[0], harness.CopyVariants[1]
	cond := "conditions: controller.go:213:2: status written although SetStatusCondition reported no change (result ignored)"
	writes := "statuswrites: controller.go:88:12: status of app written a second time in one reconcile"
	for _, c := range []struct {
		v        harness.CopyVariant
		findings []string
		source   string
		ok       bool
	}{
		{written, []string{cond, writes}, "", true},
		{written, []string{writes}, "", false},
		{fixed, []string{writes}, guard, true},
		{fixed, []string{cond, writes}, guard, false},
		{fixed, nil, "return r.Status().Update(ctx, app)", false},
	} {
		if err := check(c.v, c.findings, c.source); (err == nil) != c.ok {
			t.Errorf("%s, findings %q, source %q: check = %v, want ok %v", c.v.Name, c.findings, c.source, err, c.ok)
		}
	}
}

// TestChange hands out each kind of change to different WebApps.
func TestChange(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	changes, images := change(names, 2)
	seen := map[string]bool{}
	kinds := map[string]int{}
	for _, c := range changes {
		if seen[c.app] {
			t.Errorf("%s changed twice", c.app)
		}
		seen[c.app] = true
		kinds[c.kind]++
	}
	for _, k := range changeKinds {
		if kinds[k] != 2 {
			t.Errorf("%d changes of kind %s, want 2", kinds[k], k)
		}
	}
	if len(images) != 2 {
		t.Errorf("new images for %v, want 2", images)
	}
	if changes, _ := change(names[:3], 2); len(changes) != 3 {
		t.Errorf("%d changes of 3 WebApps, want 3", len(changes))
	}
}

// TestStatusProblem says what is wrong with a status, or nothing.
func TestStatusProblem(t *testing.T) {
	op := Operator{Conditions: []string{"A", "B"}, VersionOf: func(image string) string { return image[strings.LastIndexByte(image, ':')+1:] }}
	app := func(version string, conds ...metav1.Condition) *api.WebApp {
		a := &api.WebApp{Spec: api.WebAppSpec{Image: "x:2"}, Status: api.WebAppStatus{Version: version, Conditions: conds}}
		a.Generation = 3
		return a
	}
	ok := func(typ string) metav1.Condition {
		return metav1.Condition{Type: typ, Status: metav1.ConditionTrue, Reason: UpToDateReason, ObservedGeneration: 3}
	}
	old := ok("B")
	old.ObservedGeneration = 2
	updated := ok("B")
	updated.Reason = "Updated"
	for _, c := range []struct {
		app  *api.WebApp
		want string
	}{
		{app("2", ok("A"), ok("B")), ""},
		{app("1", ok("A"), ok("B")), `status.version "1", want "2"`},
		{app("2", ok("A")), "no B condition"},
		{app("2", ok("A"), old), "B at generation 2 of 3"},
		{app("2", ok("A"), updated), "B True (Updated)"},
	} {
		if got := statusProblem(c.app, op); got != c.want {
			t.Errorf("statusProblem(%+v) = %q, want %q", c.app.Status, got, c.want)
		}
	}
}
