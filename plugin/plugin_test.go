package plugin

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/flagvalue"
)

// settings builds what golangci-lint hands the plugin for a YAML mapping.
type m = map[string]any

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin(Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatalf("no settings: %v", err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	// The passes, then the directive check, which runs whatever passes
	// are enabled, and the reachability analysis they share.
	if want := append(slices.Clone(analyzer.Names), "directives", "statuslintreach"); !reflect.DeepEqual(names, want) {
		t.Errorf("analyzers = %v, want %v", names, want)
	}
}

func TestGoodSettings(t *testing.T) {
	p, err := New(m{
		"Disable": []any{"conditions"},
		"FIELDMANAGER": m{
			"name":    "my-operator",
			"Owned":   []any{"example.com/op/internal/app.Reconciler.Client", "example.com/op/internal/app.OwnedClient"},
			"unowned": "example.com/op/a.T.C, example.com/op/b.U",
			"tests":   true,
		},
		"statusUpdate": m{
			"roots": `example\.com/op/framework\.\(\*Loop\)\.Run`,
			"Tests": false,
		},
		"conditions": m{"tests": true},
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := p.(*Plugin).cfg
	if want := []string{"conditions"}; !reflect.DeepEqual(cfg.Disable, want) {
		t.Errorf("Disable = %q, want %q", cfg.Disable, want)
	}
	fm := cfg.FieldManager
	if fm.Name != "my-operator" || !fm.Tests {
		t.Errorf("FieldManager = %+v", fm)
	}
	if want := []string{"example.com/op/internal/app.Reconciler.Client", "example.com/op/internal/app.OwnedClient"}; !reflect.DeepEqual([]string(fm.Owned), want) {
		t.Errorf("Owned = %q, want %q", fm.Owned, want)
	}
	if want := []string{"example.com/op/a.T.C", "example.com/op/b.U"}; !reflect.DeepEqual([]string(fm.Unowned), want) {
		t.Errorf("Unowned = %q, want %q", fm.Unowned, want)
	}
	if !cfg.StatusUpdate.Roots.Match("example.com/op/framework.(*Loop).Run") || cfg.StatusUpdate.Roots.Match("example.com/op/framework.Run") {
		t.Errorf("Roots = %q does not match as configured", cfg.StatusUpdate.Roots.String())
	}
	if !cfg.Conditions.Tests {
		t.Errorf("Conditions.Tests = false, want true")
	}

	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Name == "conditions" {
			t.Errorf("disabled pass conditions was built")
		}
	}
	if len(as) != len(analyzer.Names)+1 { // one pass fewer, the directive check and reach
		t.Errorf("got %d analyzers, want %d", len(as), len(analyzer.Names)+1)
	}
}

// Each plugin instance has its own configuration.
func TestInstancesIndependent(t *testing.T) {
	a, err := New(m{"fieldmanager": m{"name": "a"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(m{"fieldmanager": m{"name": "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.(*Plugin).cfg.FieldManager.Name != "a" || b.(*Plugin).cfg.FieldManager.Name != "b" {
		t.Errorf("instances share configuration")
	}
	if analyzer.Default.FieldManager.Name != "" {
		t.Errorf("plugin wrote into analyzer.Default")
	}
}

func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     string // the whole error message
	}{
		{
			"unknown key",
			m{"fieldmanager": m{"nmae": "x"}},
			"statuslint: settings: fieldmanager.nmae: unknown setting (valid: name, owned, unowned, tests)",
		},
		{
			"unknown top-level key",
			m{"statusupdates": m{}},
			"statuslint: settings: statusupdates: unknown setting (valid: disable, reach, statusupdate, fieldmanager, conditions, statuswrites, objectupdate, watches)",
		},
		{
			"wrong type bool",
			m{"statusupdate": m{"tests": "yes"}},
			`statuslint: settings: statusupdate.tests: expected a boolean, got string "yes"`,
		},
		{
			"wrong type string",
			m{"fieldmanager": m{"name": 3}},
			"statuslint: settings: fieldmanager.name: expected a string, got int 3",
		},
		{
			"wrong type section",
			m{"fieldmanager": "my-operator"},
			`statuslint: settings: fieldmanager: expected a mapping of settings, got string "my-operator"`,
		},
		{
			"wrong type list",
			m{"fieldmanager": m{"owned": m{"a": "b"}}},
			"statuslint: settings: fieldmanager.owned: expected a list of strings or a comma-separated string, got a mapping",
		},
		{
			"wrong type list item",
			m{"disable": []any{"conditions", true}},
			"statuslint: settings: disable[1]: expected a string, got bool true",
		},
		{
			"no value",
			m{"fieldmanager": m{"name": nil}},
			"statuslint: settings: fieldmanager.name: no value (expected a string)",
		},
		{
			"settings not a mapping",
			[]any{"statusupdate"},
			"statuslint: settings: expected a mapping of settings, got a list",
		},
		{
			"bad regexp",
			m{"statusupdate": m{"roots": "(*Loop).Run"}},
			"statuslint: settings: statusupdate.roots: invalid regular expression \"(*Loop).Run\": error parsing regexp: missing argument to repetition operator: `*` (want " + flagvalue.PatternRule + ")",
		},
		{
			"bad regexp in reach",
			m{"reach": m{"roots": "("}},
			"statuslint: settings: reach.roots: invalid regular expression \"(\": error parsing regexp: missing closing ): `(` (want " + flagvalue.PatternRule + ")",
		},
		{
			"empty regexp",
			m{"reach": m{"roots": ""}},
			"statuslint: settings: reach.roots: empty regular expression: give " + flagvalue.PatternRule + ", or leave the setting out",
		},
		{
			"empty field manager",
			m{"fieldmanager": m{"name": ""}},
			"statuslint: settings: fieldmanager.name: empty string (leave the setting out for its default)",
		},
		{
			"field manager too long",
			m{"fieldmanager": m{"name": strings.Repeat("a", 129)}},
			`statuslint: settings: fieldmanager.name: invalid value "` + strings.Repeat("a", 129) + `": 129 bytes long: the API server rejects a field manager over 128 bytes (want ` + flagvalue.FieldManagerRule + ")",
		},
		{
			"field manager not printable",
			m{"fieldmanager": m{"name": "my\nop"}},
			`statuslint: settings: fieldmanager.name: invalid value "my\nop": non-printable character U+000A at byte 2: the API server rejects it (want ` + flagvalue.FieldManagerRule + ")",
		},
		{
			"field manager with a trailing blank",
			m{"fieldmanager": m{"name": "my-op "}},
			`statuslint: settings: fieldmanager.name: invalid value "my-op ": leading or trailing blank (want ` + flagvalue.FieldManagerRule + ")",
		},
		{
			"malformed item in a list",
			m{"fieldmanager": m{"owned": []any{"example.com/op.R.Client", "WidgetReconciler.Client."}}},
			`statuslint: settings: fieldmanager.owned: item 2 "WidgetReconciler.Client.": empty name between dots; want ` + flagvalue.ObjectRule,
		},
		{
			"malformed item in a comma-separated list",
			m{"fieldmanager": m{"unowned": "example.com/op.R.Client, example.com/op"}},
			`statuslint: settings: fieldmanager.unowned: item 2 "example.com/op": no package path before the name; want ` + flagvalue.ObjectRule,
		},
		{
			"empty item in a comma-separated list",
			m{"fieldmanager": m{"owned": "example.com/op.R.Client,"}},
			"statuslint: settings: fieldmanager.owned: item 2 is empty: give struct fields or types (" + flagvalue.ObjectRule + "), comma-separated, without an empty item",
		},
		{
			"empty item in a list",
			m{"fieldmanager": m{"owned": []any{""}}},
			"statuslint: settings: fieldmanager.owned[0]: empty string (leave the setting out for its default)",
		},
		{
			"empty comma-separated list",
			m{"disable": ""},
			"statuslint: settings: disable: empty: give one or more items, comma-separated, or leave the setting out",
		},
		{
			"regexp not a string",
			m{"statusupdate": m{"roots": []any{"a", "b"}}},
			"statuslint: settings: statusupdate.roots: expected a string, got a list",
		},
		{
			"unknown pass in disable",
			m{"disable": []any{"statusupdate", "condition"}},
			`statuslint: settings: disable: unknown pass "condition" (valid: statusupdate, fieldmanager, conditions, statuswrites, objectupdate, watches)`,
		},
		{
			"unknown pass in comma-separated disable",
			m{"disable": "fieldmanager,nope"},
			`statuslint: settings: disable: unknown pass "nope" (valid: statusupdate, fieldmanager, conditions, statuswrites, objectupdate, watches)`,
		},
		{
			"set twice",
			m{"fieldmanager": m{"name": "a", "Name": "b"}},
			`statuslint: settings: fieldmanager.name: set twice (also as "Name")`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.settings)
			if err == nil {
				t.Fatalf("New succeeded with %+v", p.(*Plugin).cfg)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("error:\n got: %s\nwant: %s", got, tc.want)
			}
		})
	}
}

// Every setting of analyzer.Config, however deep, can be set: a field of a
// type the decoder does not know fails here, not in a user's run.
func TestEverySettingDecodes(t *testing.T) {
	settings, paths := sample(reflect.TypeFor[analyzer.Config](), "")
	if len(paths) == 0 {
		t.Fatal("analyzer.Config has no settings")
	}
	var cfg analyzer.Config
	if err := Decode(settings, &cfg); err != nil {
		t.Fatal(err)
	}
	if reflect.ValueOf(cfg).IsZero() {
		t.Errorf("decoding %v left the configuration zero", settings)
	}
	t.Logf("settings: %s", strings.Join(paths, ", "))
}

// Every setting that is not a boolean rejects an empty string, naming the
// setting: an empty value is an error, not the default (internal/flagvalue).
func TestEverySettingRejectsEmpty(t *testing.T) {
	_, paths := sample(reflect.TypeFor[analyzer.Config](), "")
	n := 0
	for _, path := range paths {
		if isBool(path) {
			continue
		}
		settings := m{}
		cur, keys := settings, strings.Split(path, ".")
		for _, k := range keys[:len(keys)-1] {
			next := m{}
			cur[k] = next
			cur = next
		}
		cur[keys[len(keys)-1]] = ""
		_, err := New(settings)
		n++
		if err == nil || !strings.HasPrefix(err.Error(), "statuslint: settings: "+path+": ") {
			t.Errorf("%s: \"\": %v, want an error naming the setting", path, err)
		}
	}
	if n == 0 {
		t.Fatal("no setting takes a string")
	}
}

// isBool reports whether the setting at path is a boolean.
func isBool(path string) bool {
	t := reflect.TypeFor[analyzer.Config]()
	for _, k := range strings.Split(path, ".") {
		for i := range t.NumField() {
			if jsonName(t.Field(i)) == k {
				t = t.Field(i).Type
				break
			}
		}
	}
	return t.Kind() == reflect.Bool
}

// sample returns a valid value of the settings type t and the paths of its
// leaves.
func sample(t reflect.Type, path string) (any, []string) {
	if t.Kind() == reflect.Struct && !reflect.PointerTo(t).Implements(textUnmarshaler) {
		out := m{}
		var paths []string
		for i := range t.NumField() {
			f := t.Field(i)
			name := jsonName(f)
			if name == "" {
				continue
			}
			v, ps := sample(f.Type, join(path, name))
			if path == "" && name == "disable" {
				v = []any{analyzer.Names[0]} // must name a pass
			}
			out[strings.ToLower(name)] = v
			paths = append(paths, ps...)
		}
		return out, paths
	}
	switch t.Kind() {
	case reflect.Bool:
		return true, []string{path}
	case reflect.Slice:
		return []any{"x"}, []string{path}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return 1, []string{path}
	}
	return "x", []string{path} // strings and text-unmarshalled types
}

// TestDecodeSettingsTradeOff pins why Decode is not
// register.DecodeSettings (see Decode): it loses what these settings show.
// If a release of plugin-module-register makes this test fail, weigh
// switching again.
func TestDecodeSettingsTradeOff(t *testing.T) {
	_, err := register.DecodeSettings[analyzer.Config](m{"fieldmanager": m{"nmae": "x"}})
	if err == nil || strings.Contains(err.Error(), "fieldmanager") {
		t.Errorf("DecodeSettings now names the section of an unknown key: %v", err)
	}
	cfg, err := register.DecodeSettings[analyzer.Config](m{"fieldmanager": m{"name": "a", "Name": "b"}})
	if err != nil || cfg.FieldManager.Name == "" {
		t.Errorf("DecodeSettings now rejects a key set twice: %v", err)
	}
	if _, err := register.DecodeSettings[analyzer.Config](m{"disable": "fieldmanager,conditions"}); err == nil {
		t.Errorf("DecodeSettings now takes a comma-separated list")
	}
	// What Decode says instead.
	if _, err := New(m{"fieldmanager": m{"nmae": "x"}}); err == nil || !strings.Contains(err.Error(), "fieldmanager.nmae: unknown setting (valid: ") {
		t.Errorf("Decode: %v", err)
	}
}
