package flagvalue

import (
	"flag"
	"reflect"
	"strings"
	"testing"
)

// checkCase is a value and a part of the error a check gives it, "" for a
// valid value.
type checkCase struct{ value, want string }

// testCheck runs check on each case; every error must also say what is
// allowed (rule).
func testCheck(t *testing.T, name string, check func(string) error, rule string, cases []checkCase) {
	t.Helper()
	for _, tc := range cases {
		err := check(tc.value)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s(%q) = %v, want nil", name, tc.value, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s(%q) = %v, want an error containing %q", name, tc.value, err, tc.want)
		case err != nil && !strings.Contains(err.Error(), rule):
			t.Errorf("%s(%q) = %v: does not say what is allowed", name, tc.value, err)
		}
	}
}

func TestCheckFieldManager(t *testing.T) {
	testCheck(t, "CheckFieldManager", CheckFieldManager, FieldManagerRule, []checkCase{
		{"my-operator", ""},
		{"widget controller", ""}, // the API server takes inner blanks
		{"opérateur", ""},
		{strings.Repeat("a", 128), ""},
		{"", "empty: a field manager is 1 to 128 bytes"},
		{strings.Repeat("a", 129), "129 bytes long: the API server rejects a field manager over 128 bytes"},
		{strings.Repeat("é", 65), "130 bytes long"}, // bytes, not characters
		{"my\nop", "non-printable character U+000A at byte 2"},
		{"op\t", "non-printable character U+0009 at byte 2"},
		{"op\u00a0x", "non-printable character U+00A0 at byte 2"},
		{"op\x00", "non-printable character U+0000"},
		{"op\xff", "not valid UTF-8"},
		{" op", "leading or trailing blank"},
		{"op ", "leading or trailing blank"},
	})
}

// The flag stores only what CheckFieldManager accepts, and keeps the value
// it had otherwise.
func TestFieldManagerFlag(t *testing.T) {
	name := "kept"
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(new(strings.Builder))
	fs.Var(FieldManager{P: &name}, "name", "")
	for _, bad := range []string{"", "a\nb", strings.Repeat("x", 200)} {
		if err := fs.Set("name", bad); err == nil {
			t.Errorf("-name=%q accepted", bad)
		}
		if name != "kept" {
			t.Fatalf("-name=%q changed the setting to %q", bad, name)
		}
	}
	if err := fs.Set("name", "my-operator"); err != nil || name != "my-operator" {
		t.Errorf("-name=my-operator: %v, setting %q", err, name)
	}
	if got := fs.Lookup("name").Value.String(); got != "my-operator" {
		t.Errorf("String() = %q", got)
	}
	if (FieldManager{}).String() != "" {
		t.Error("the zero FieldManager's String is not empty") // flag.PrintDefaults calls it
	}
}

func TestCheckObject(t *testing.T) {
	testCheck(t, "CheckObject", CheckObject, ObjectRule, []checkCase{
		{"example.com/op/internal/controller.WidgetReconciler.Client", ""},
		{"example.com/op/internal/controller.WidgetReconciler", ""},
		{"example.com/op/internal/app.OwnedClient", ""},
		{"(*example.com/op/internal/app.Reconciler).Client", ""},
		{"*example.com/op/internal/app.Reconciler", ""},
		{"example.com/op/internal/app.(*Reconciler)", ""},
		{"gopkg.in/yaml.v3.Node", ""}, // dots in the last path element
		{"example.com/op.Reconciler.client", ""},
		{"op.Reconciler.Client", ""}, // a one-element path
		{"", "empty"},
		{"example.com/op/internal/app", "no package path before the name"},
		{"Reconciler", "no package path before the name"},
		{"example.com/op.Reconciler.", "empty name between dots"},
		{"example.com/op..Client", "empty name between dots"},
		{"example.com/op.Reconciler.1Client", `"1Client" is not a Go identifier`},
		{"example.com/op.Reconciler.Cli-ent", `"Cli-ent" is not a Go identifier`},
		{"example.com/op.Reconciler Client", "blank at byte 25"},
		{"example.com//op.Reconciler", "package path: empty element"},
		{"/op.Reconciler", "package path: empty element"},
		{"example.com/../op.Reconciler", `package path: element ".."`},
		{"example.com/op$.Reconciler", `package path: character '$'`},
		{"(*example.com/op.Reconciler.Client", "unbalanced parentheses"},
		{")example.com/op.Reconciler(", "unbalanced parentheses"},
		{"example.com/op.Reconciler*", "* not before the type"},
		{"**example.com/op.Reconciler", "more than one *"},
	})
}

func TestObjects(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  []string
		err   string // the whole error, "" for valid
	}{
		{value: "example.com/op.R.Client", want: []string{"example.com/op.R.Client"}},
		{value: " example.com/op.R.Client , example.com/op.(*T) ", want: []string{"example.com/op.R.Client", "example.com/op.(*T)"}},
		{value: "", err: "empty: give one or more struct fields or types (" + ObjectRule + "), comma-separated, or leave the setting out"},
		{value: " ", err: "empty: give one or more struct fields or types (" + ObjectRule + "), comma-separated, or leave the setting out"},
		{value: "example.com/op.R.Client,", err: "item 2 is empty: give struct fields or types (" + ObjectRule + "), comma-separated, without an empty item"},
		{value: "example.com/op.R.Client,,example.com/op.T", err: "item 2 is empty: give struct fields or types (" + ObjectRule + "), comma-separated, without an empty item"},
		{value: "example.com/op.R.Client,Reconciler", err: `item 2 "Reconciler": no package path before the name; want ` + ObjectRule},
	} {
		l := Objects{"before"}
		err := l.Set(tc.value)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Set(%q) = %v, want %s", tc.value, err, tc.err)
			}
			if !reflect.DeepEqual(l, Objects{"before"}) {
				t.Errorf("Set(%q) failed but changed the list to %q", tc.value, l)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual([]string(l), tc.want) {
			t.Errorf("Set(%q) = %q, %v, want %q", tc.value, l, err, tc.want)
		}
	}

	// A list decoded as given (a YAML list) is checked by Validate, which
	// names the item.
	if err := (Objects{"example.com/op.R.Client", " example.com/op.T"}).Validate(); err == nil || !strings.HasPrefix(err.Error(), `item 2 " example.com/op.T": blank at byte 0`) {
		t.Errorf("Validate: %v", err)
	}
	if err := (Objects{"example.com/op.R.Client", "(*example.com/op.T)"}).Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if err := Objects(nil).Validate(); err != nil {
		t.Errorf("Validate of no items: %v", err)
	}
	var zero *Objects
	if zero.String() != "" {
		t.Error("a nil *Objects' String is not empty") // flag.PrintDefaults calls it
	}
}

func TestObjectKey(t *testing.T) {
	for item, want := range map[string]string{
		" example.com/op.R.Client ":  "example.com/op.R.Client",
		"(*example.com/op.R).Client": "example.com/op.R.Client",
		"example.com/op.(*T)":        "example.com/op.T",
	} {
		if got := ObjectKey(item); got != want {
			t.Errorf("ObjectKey(%q) = %q, want %q", item, got, want)
		}
	}
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  []string
		err   string
	}{
		{value: "a", want: []string{"a"}},
		{value: "a, b ,c", want: []string{"a", "b", "c"}},
		{value: "", err: "empty: give one or more names, comma-separated, or leave the setting out"},
		{value: ",a", err: "item 1 is empty"},
		{value: "a,", err: "item 2 is empty"},
		{value: "a, ,b", err: "item 2 is empty"},
	} {
		got, err := Split(tc.value, "names")
		switch {
		case tc.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("Split(%q) = %q, %v, want error %q", tc.value, got, err, tc.err)
			}
		case err != nil || !reflect.DeepEqual(got, tc.want):
			t.Errorf("Split(%q) = %q, %v, want %q", tc.value, got, err, tc.want)
		}
	}
}

func TestPattern(t *testing.T) {
	for _, tc := range []struct {
		value string
		err   string // the whole error, "" for valid
	}{
		{value: `\(\*example\.com/op/framework\.Loop\)\.Run$`},
		{value: `framework\.Start$|\.Loop\)\.Run$`},
		{value: "", err: "empty regular expression: give " + PatternRule + ", or leave the setting out"},
		{value: "(", err: "invalid regular expression \"(\": error parsing regexp: missing closing ): `(` (want " + PatternRule + ")"},
		{value: "(*Loop).Run", err: "invalid regular expression \"(*Loop).Run\": error parsing regexp: missing argument to repetition operator: `*` (want " + PatternRule + ")"},
	} {
		var p Pattern
		if err := p.Set("kept"); err != nil {
			t.Fatal(err)
		}
		err := p.Set(tc.value)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Set(%q) = %v, want %s", tc.value, err, tc.err)
			}
			if p.String() != "kept" {
				t.Errorf("Set(%q) failed but changed the pattern to %q", tc.value, p.String())
			}
			// UnmarshalText, as the golangci-lint settings decode it,
			// says the same.
			if err2 := p.UnmarshalText([]byte(tc.value)); err2 == nil || err2.Error() != tc.err {
				t.Errorf("UnmarshalText(%q) = %v, want %s", tc.value, err2, tc.err)
			}
			continue
		}
		if err != nil || p.String() != tc.value {
			t.Errorf("Set(%q) = %v, pattern %q", tc.value, err, p.String())
		}
	}
	var zero Pattern
	if zero.Match("") || zero.Match("(*example.com/op.R).Reconcile") {
		t.Error("the zero Pattern matches")
	}
	var p Pattern
	if err := p.Set(`\.Loop\)\.Run$`); err != nil {
		t.Fatal(err)
	}
	if !p.Match("(*example.com/op/framework.Loop).Run") || p.Match("(*example.com/op/framework.Loop).Stop") {
		t.Errorf("%q matches wrongly", p.String())
	}
}
