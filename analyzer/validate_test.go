package analyzer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/passes/fieldmanager"
)

// TestValidate checks that Config.Validate runs each section's checks and
// names the setting as the golangci-lint settings do, and that New
// refuses what it rejects.
func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  analyzer.Config
		want string // the error's start, "" for valid
	}{
		{"zero", analyzer.Config{}, ""},
		{"unknown pass", analyzer.Config{Disable: []string{"conditions", "condition"}}, `disable: unknown pass "condition"`},
		{"field manager", analyzer.Config{FieldManager: fieldmanager.Config{Name: strings.Repeat("a", 129)}}, `fieldmanager.name: invalid value "aaa`},
		{"owned item", analyzer.Config{FieldManager: fieldmanager.Config{Owned: []string{"example.com/op"}}}, `fieldmanager.owned: item 1 "example.com/op": no package path before the name`},
	} {
		err := tc.cfg.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: Validate() = %v, want an error starting %q", tc.name, err, tc.want)
		}
		if tc.want != "" {
			if _, err := analyzer.New(&tc.cfg); err == nil {
				t.Errorf("%s: New accepted the configuration", tc.name)
			}
		}
	}
}

// TestEverySectionValidates: a section of Config with a setting other than
// a boolean has a Validate method, which Config.Validate calls, so a new
// setting cannot be left unchecked by accident.
func TestEverySectionValidates(t *testing.T) {
	typ := reflect.TypeFor[analyzer.Config]()
	validator := reflect.TypeFor[interface{ Validate() error }]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Type.Kind() != reflect.Struct {
			continue
		}
		onlyBools := true
		for j := range f.Type.NumField() {
			if f.Type.Field(j).Type.Kind() != reflect.Bool {
				onlyBools = false
			}
		}
		if !onlyBools && !reflect.PointerTo(f.Type).Implements(validator) {
			t.Errorf("Config.%s (%s) has settings to check but no Validate method", f.Name, f.Type)
		}
	}
}
